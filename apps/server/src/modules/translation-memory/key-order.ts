/** Row indices below this fit beside a key's high 32 bits in one float64's 53-bit integer range. */
const INDEX_LIMIT = 2 ** 21;
const HIGH_OFFSET = 2 ** 31;

/**
 * The indices of `keys` (signed 64-bit) in ascending key order, equal keys in index order: what
 * `indices.sort((a, b) => compare(keys[a], keys[b]))` answers, without a JavaScript comparator.
 * Each row becomes one float64, its key's high 32 bits then its index, sorted by the typed array's
 * own numeric sort; only rows whose high halves are equal (~1 pair in 10,000 rows) are compared
 * whole afterwards. A TMX import sorts every batch by key (translation-memory.repository.ts): the
 * comparator's BigInt comparisons ran ~1.4 million times per 100,000 units, ~150 ms of a cold
 * process's CPU (the first import in a process, before the comparator is optimised).
 */
export function keyOrder(keys: readonly bigint[]): number[] {
  const count = keys.length;
  if (count >= INDEX_LIMIT) {
    const order = keys.map((_, i) => i);
    return order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  }
  const packed = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    // The arithmetic shift keeps the sign: the high half as a signed 32-bit number, made unsigned.
    packed[i] = (Number(keys[i]! >> 32n) + HIGH_OFFSET) * INDEX_LIMIT + i;
  }
  packed.sort();
  const order = new Array<number>(count);
  for (let i = 0; i < count; i += 1) order[i] = packed[i]! % INDEX_LIMIT;
  // Runs sharing a high half: by the whole key (insertion sort, stable; such runs are a few rows).
  for (let start = 0; start < count;) {
    const high = Math.floor(packed[start]! / INDEX_LIMIT);
    let end = start + 1;
    while (end < count && Math.floor(packed[end]! / INDEX_LIMIT) === high) end += 1;
    for (let i = start + 1; i < end; i += 1) {
      const index = order[i]!;
      let j = i - 1;
      while (j >= start && keys[order[j]!]! > keys[index]!) {
        order[j + 1] = order[j]!;
        j -= 1;
      }
      order[j + 1] = index;
    }
    start = end;
  }
  return order;
}
