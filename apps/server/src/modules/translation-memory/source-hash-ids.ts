/** Hashes per page of raw bytes: pages are added, never copied, as the memory grows. */
const PAGE_HASHES = 1 << 15;
const HASH_BYTES = 32;
const EMPTY = -1;
const HEX_DIGITS = '0123456789abcdef';
/** Two hex digits of every byte value, for writing a hash back out. */
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => HEX_DIGITS[byte >>> 4]! + HEX_DIGITS[byte & 15]!);

/**
 * Dense ids (0, 1, 2, …) for source hashes, the fuzzy index's ids for an organisation's texts.
 * A source hash is SHA-256 in lower-case hex (ADR 0003), so each is kept as its 32 raw bytes in
 * typed arrays, found through an open-addressing table of ids keyed by the hash's own first bytes
 * (already uniform): a million hashes take ~40 MB instead of the ~200 MB of a `Map` of 64-character
 * strings and an array of the same strings, and add nothing for the garbage collector to walk.
 * Anything not in that form (never written by Bhasha, but the column is text) is kept as a string.
 */
export class SourceHashIds {
  private readonly pages: Uint8Array[] = [];
  private table = new Int32Array(1 << 12).fill(EMPTY);
  private count = 0;
  private readonly otherIds = new Map<string, number>();
  private readonly otherHashes = new Map<number, string>();
  /** The hash being looked up, as bytes (a valid hash decodes into it). */
  private readonly key = new Uint8Array(HASH_BYTES);

  get size(): number {
    return this.count;
  }

  /** The id of `hash`, or undefined when it has none yet. */
  idOf(hash: string): number | undefined {
    if (!this.decode(hash)) return this.otherIds.get(hash);
    const id = this.table[this.slotOf()]!;
    return id === EMPTY ? undefined : id;
  }

  /** Gives `hash` the next id and answers it (or answers the id it has already). */
  add(hash: string): number {
    const id = this.count;
    if (!this.decode(hash)) {
      const known = this.otherIds.get(hash);
      if (known !== undefined) return known;
      this.otherIds.set(hash, id);
      this.otherHashes.set(id, hash);
    } else {
      const slot = this.slotOf();
      const known = this.table[slot]!;
      if (known !== EMPTY) return known;
      this.table[slot] = id;
    }
    // Every id has its 32 bytes, so an id's bytes are found by position (a string's stay zero).
    if (id % PAGE_HASHES === 0) this.pages.push(new Uint8Array(PAGE_HASHES * HASH_BYTES));
    this.pages[this.pages.length - 1]!.set(this.key, (id % PAGE_HASHES) * HASH_BYTES);
    this.count += 1;
    if (this.count * 2 > this.table.length) this.grow();
    return id;
  }

  /** The hash of `id`, as it was added. */
  hashOf(id: number): string {
    const other = this.otherHashes.get(id);
    if (other !== undefined) return other;
    const page = this.pages[Math.floor(id / PAGE_HASHES)]!;
    const start = (id % PAGE_HASHES) * HASH_BYTES;
    let hex = '';
    for (let i = start; i < start + HASH_BYTES; i += 1) hex += BYTE_HEX[page[i]!]!;
    return hex;
  }

  /** Bytes held: the pages and the table. */
  memoryBytes(): number {
    return this.pages.length * PAGE_HASHES * HASH_BYTES + this.table.byteLength;
  }

  /**
   * Reads 64 lower-case hex digits into `key`; answers false for anything else. A table lookup a
   * digit, with the invalid ones (−1, or any code above 127) gathered into one sign bit tested at
   * the end: every row a catch-up reads passes here (a million at 1 M), and branching per digit
   * cost ~3× as much (measured).
   */
  private decode(hash: string): boolean {
    if (hash.length !== HASH_BYTES * 2) {
      this.key.fill(0);
      return false;
    }
    const key = this.key;
    let invalid = 0;
    for (let i = 0; i < HASH_BYTES; i += 1) {
      const high = hash.charCodeAt(i * 2);
      const low = hash.charCodeAt(i * 2 + 1);
      const highValue = NIBBLES[high & 127]!;
      const lowValue = NIBBLES[low & 127]!;
      invalid |= highValue | lowValue | -((high | low) >>> 7);
      key[i] = (highValue << 4) | (lowValue & 15);
    }
    if (invalid < 0) {
      key.fill(0);
      return false;
    }
    return true;
  }

  /** The table slot of `key`: where its id is, or the empty slot where it goes (linear probing). */
  private slotOf(): number {
    const mask = this.table.length - 1;
    const key = this.key;
    let slot = ((key[0]! << 24) | (key[1]! << 16) | (key[2]! << 8) | key[3]!) & mask;
    for (;;) {
      const id = this.table[slot]!;
      if (id === EMPTY || this.bytesEqual(id)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private bytesEqual(id: number): boolean {
    const page = this.pages[Math.floor(id / PAGE_HASHES)]!;
    const start = (id % PAGE_HASHES) * HASH_BYTES;
    for (let i = 0; i < HASH_BYTES; i += 1) if (page[start + i] !== this.key[i]) return false;
    return true;
  }

  /** Doubles the table and places every hashed id again. */
  private grow(): void {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (let id = 0; id < this.count; id += 1) {
      if (this.otherHashes.has(id)) continue;
      const page = this.pages[Math.floor(id / PAGE_HASHES)]!;
      const start = (id % PAGE_HASHES) * HASH_BYTES;
      let slot =
        ((page[start]! << 24) | (page[start + 1]! << 16) | (page[start + 2]! << 8) | page[start + 3]!) & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}

/** The value of each lower-case hex digit's code below 128, −1 for every other code. */
const NIBBLES = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit += 1) NIBBLES[HEX_DIGITS.charCodeAt(digit)] = digit;
