// An entry's slot holds its index + 1; 0 is an empty slot.
const EMPTY = 0;
const INITIAL_SLOTS = 1024;

// FNV-1a over UTF-16 code units: a key's string and its Latin-1/ASCII bytes hash alike.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashOfString(key: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

function hashOfBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i += 1) hash = Math.imul(hash ^ bytes[i]!, FNV_PRIME);
  return hash >>> 0;
}

function keyEqualsBytes(key: string, bytes: Uint8Array, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let i = 0; i < key.length; i += 1) if (key.charCodeAt(i) !== bytes[start + i]) return false;
  return true;
}

/**
 * A map from strings to values that can also be asked with a key's Latin-1 bytes (ASCII URLs and
 * hex hashes as a reader thread sends them, page-reader-protocol.ts) without making the string:
 * the crawl's thread checks every link and segment of every page against what its crawl already
 * wrote, and most are there, so most of those strings would only be made to be looked up and
 * dropped (V8 `Map` lookups and their garbage were a tenth of that thread's profile, ADR 0013). Open addressing over an `Int32Array`, keys and values in arrays; no deletion (a
 * crawl memo is replaced, never pruned), next to a `Map` from key to index for lookups by string.
 * A `ReadonlyMap` for readers that only need that.
 */
export class AsciiKeyTable<V> implements ReadonlyMap<string, V> {
  private slots = new Int32Array(INITIAL_SLOTS);
  // Asked with a string, V8's own map answers: it keeps each string's hash in the string, where
  // this table's hash would be computed again at every lookup (~15× slower for the writer's
  // lookups of the table's own keys). The slots answer lookups by bytes.
  private readonly indexByKey = new Map<string, number>();
  private readonly keyList: string[] = [];
  private readonly valueList: V[] = [];

  get size(): number {
    return this.keyList.length;
  }

  /** The entry index of `key`, or -1. */
  indexOf(key: string): number {
    return this.indexByKey.get(key) ?? -1;
  }

  /** The entry index of the key whose Latin-1 bytes are `bytes[start, end)`, or -1. */
  indexOfBytes(bytes: Uint8Array, start: number, end: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hashOfBytes(bytes, start, end) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === EMPTY) return -1;
      if (keyEqualsBytes(this.keyList[held - 1]!, bytes, start, end)) return held - 1;
    }
  }

  /** The key of entry `index` (the table's own string: using it allocates nothing). */
  keyAt(index: number): string {
    return this.keyList[index]!;
  }

  valueAt(index: number): V {
    return this.valueList[index]!;
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  get(key: string): V | undefined {
    const index = this.indexOf(key);
    return index < 0 ? undefined : this.valueList[index];
  }

  set(key: string, value: V): this {
    const index = this.indexOf(key);
    if (index >= 0) {
      this.valueList[index] = value;
      return this;
    }
    // At most half full, so probes stay short and a miss always meets an empty slot.
    if ((this.keyList.length + 1) * 2 > this.slots.length) this.grow();
    this.indexByKey.set(key, this.keyList.length);
    this.keyList.push(key);
    this.valueList.push(value);
    this.place(hashOfString(key), this.keyList.length);
    return this;
  }

  private place(hash: number, held: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== EMPTY) slot = (slot + 1) & mask;
    this.slots[slot] = held;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let i = 0; i < this.keyList.length; i += 1) this.place(hashOfString(this.keyList[i]!), i + 1);
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (let i = 0; i < this.keyList.length; i += 1) callback(this.valueList[i]!, this.keyList[i]!, this);
  }

  *entries(): MapIterator<[string, V]> {
    for (let i = 0; i < this.keyList.length; i += 1) yield [this.keyList[i]!, this.valueList[i]!];
  }

  keys(): MapIterator<string> {
    return this.keyList.values();
  }

  values(): MapIterator<V> {
    return this.valueList.values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}

/** A set of strings as an `AsciiKeyTable` (asked with a key's bytes too). */
export class AsciiKeySet extends AsciiKeyTable<true> {
  add(key: string): this {
    return this.set(key, true);
  }
}
