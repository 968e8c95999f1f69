/**
 * Which slot of a fuzzy index's compact part holds an id, for removal by id. The ids of a slot
 * table are unique. When they are dense (an organisation's memory numbers its texts 1, 2, 3…) a
 * table indexed by `id − first id` answers at once and needs no sort; otherwise the slots are kept
 * in id order (a stable radix sort) and an id is found by binary search. Either takes ~4 bytes a
 * slot.
 */
export class SlotsById {
  /** Dense: the slot of id `lowest + i` at `i` (−1: none). Sparse: slots in ascending id order. Built on first need. */
  private table: Int32Array | null = null;
  private dense = false;

  private constructor(
    private readonly ids: Int32Array,
    private readonly lowest: number,
    private readonly highest: number,
  ) {}

  /**
   * The lookup for `ids` (one per slot, unique). Only their range is found now: the table is built
   * by the first `slotOf` of an id inside it. A segment of an organisation's memory holds a run of
   * ids given in order, and a text added later has a higher id, so most segments never need one
   * (4 bytes a text, ~4 MB at a million, ADR 0019).
   */
  static of(ids: Int32Array): SlotsById {
    let lowest = 0x7fffffff;
    let highest = -0x80000000;
    for (let slot = 0; slot < ids.length; slot += 1) {
      const id = ids[slot]!;
      if (id < lowest) lowest = id;
      if (id > highest) highest = id;
    }
    return new SlotsById(ids, lowest, highest);
  }

  /** The slot holding `id`, or −1. */
  slotOf(id: number): number {
    if (id < this.lowest || id > this.highest) return -1;
    const table = this.table ?? this.build();
    const ids = this.ids;
    if (this.dense) {
      const at = id - this.lowest;
      return at < table.length ? table[at]! : -1;
    }
    let low = 0;
    let high = table.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ids[table[middle]!]! < id) low = middle + 1;
      else high = middle;
    }
    return low < table.length && ids[table[low]!] === id ? table[low]! : -1;
  }

  /** Bytes of the table (0 until one is needed). */
  get byteLength(): number {
    return this.table?.byteLength ?? 0;
  }

  private build(): Int32Array {
    const { ids, lowest } = this;
    const span = ids.length === 0 ? 0 : this.highest - lowest + 1;
    // Dense enough that the table is no larger than a quarter over the sorted order's 4 bytes a slot.
    this.dense = span <= ids.length + (ids.length >>> 2) + 1024;
    if (this.dense) {
      const table = new Int32Array(span).fill(-1);
      for (let slot = 0; slot < ids.length; slot += 1) table[ids[slot]! - lowest] = slot;
      this.table = table;
    } else this.table = slotsInIdOrder(ids);
    return this.table;
  }
}

/** Slots ordered by id: a stable two-pass radix sort on the 32-bit ids. */
function slotsInIdOrder(ids: Int32Array): Int32Array {
  const size = ids.length;
  const order = new Int32Array(size);
  for (let slot = 0; slot < size; slot += 1) order[slot] = slot;
  const scratch = new Int32Array(size);
  const counts = new Int32Array(0x10001);
  let from: Int32Array = order;
  let to: Int32Array = scratch;
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < size; i += 1) counts[(((ids[from[i]!]! ^ 0x80000000) >>> shift) & 0xffff) + 1]! += 1;
    for (let k = 1; k <= 0x10000; k += 1) counts[k]! += counts[k - 1]!;
    for (let i = 0; i < size; i += 1) {
      const slot = from[i]!;
      to[counts[((ids[slot]! ^ 0x80000000) >>> shift) & 0xffff]!++] = slot;
    }
    [from, to] = [to, from];
  }
  // Two passes: the sorted slots are back in `order`.
  return order;
}
