import type { TextStore } from './text-store';
import { distinctBuckets } from './trigram-buckets';
import {
  BLOCK_HEADER_BYTES,
  BLOCK_POSTINGS,
  varintLength,
  writeBlockHeader,
  writeVarint,
} from './varint-postings';

/**
 * Texts longer than this are not fuzzy-indexed: a 4,000-character paragraph is reused by exact
 * match or not at all, and lengths must fit the 16-bit columns below.
 */
export const MAX_FUZZY_LENGTH = 4000;

/** The immutable, compact part of a fuzzy index: slots sorted by length, postings as varint gaps. */
export interface BaseSegment {
  readonly size: number;
  /** The normalised texts, shared with later compactions (append-only). */
  readonly store: TextStore;
  /** Per slot: the text's handle in `store`, its length, id and number of distinct buckets. */
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
  readonly ids: Int32Array;
  readonly gramCounts: Uint16Array;
  /** `lengthStarts[L]` = first slot whose text is at least L long. */
  readonly lengthStarts: Int32Array;
  readonly offsets: Uint32Array;
  readonly postings: Uint8Array;
  /** Slots sorted by id, for removal by id. */
  readonly idOrder: Int32Array;
  readonly alive: Uint8Array;
  readonly mask: number;
}

/** Texts gathered for a build, in arrival order: a length of 0 marks one left out (replaced). */
export interface StoredTexts {
  readonly store: TextStore;
  readonly count: number;
  readonly ids: Int32Array;
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
}

/** Two to four buckets per text, at most 2^21: distinct trigrams of a memory grow far slower than its texts. */
function bucketCountFor(size: number): number {
  let buckets = 1 << 12;
  while (buckets < size * 2 && buckets < 1 << 21) buckets <<= 1;
  return buckets;
}

/** Buckets per partition: the state of one partition (4,096 × 16 bytes) stays in the L2 cache. */
const PARTITION_BITS = 12;
/** Postings gathered before they are handed on, partition by partition (4 MB arrays). */
const CHUNK_POSTINGS = 1 << 20;

/**
 * Calls `visit` with every (bucket, slot) posting, slots ascending within each bucket. Texts are
 * hashed from the store a run of slots at a time (about `CHUNK_POSTINGS` postings), and each run's
 * postings are handed on grouped by partition of the bucket space (a stable counting sort, so slot
 * order holds). Each pass hashes the texts again rather than keeping every posting of the build
 * (4 bytes each, ~450 MB at a million texts) between the two passes.
 */
function forEachPosting(
  base: Pick<BaseSegment, 'store' | 'handles' | 'lengths' | 'gramCounts' | 'size' | 'mask'>,
  visit: (buckets: Int32Array, slots: Int32Array, from: number, to: number) => void,
): void {
  const { store, handles, lengths, gramCounts, size, mask } = base;
  const shift = Math.min(PARTITION_BITS, Math.log2(mask + 1));
  const partitions = (mask >>> shift) + 1;
  const capacity = CHUNK_POSTINGS + MAX_FUZZY_LENGTH;
  const gathered = new Int32Array(capacity);
  const buckets = new Int32Array(capacity);
  const slots = new Int32Array(capacity);
  const starts = new Int32Array(partitions + 1);
  const cursor = new Int32Array(partitions + 1);
  let filled = 0;
  let firstSlot = 0;
  const handOn = (endSlot: number) => {
    starts.fill(0);
    for (let k = 0; k < filled; k += 1) starts[(gathered[k]! >>> shift) + 1]! += 1;
    for (let p = 1; p <= partitions; p += 1) starts[p]! += starts[p - 1]!;
    cursor.set(starts);
    let k = 0;
    for (let slot = firstSlot; slot < endSlot; slot += 1) {
      for (const stop = k + gramCounts[slot]!; k < stop; k += 1) {
        const bucket = gathered[k]!;
        const to = cursor[bucket >>> shift]!++;
        buckets[to] = bucket;
        slots[to] = slot;
      }
    }
    for (let p = 0; p < partitions; p += 1) {
      if (starts[p]! < starts[p + 1]!) visit(buckets, slots, starts[p]!, starts[p + 1]!);
    }
  };
  for (let slot = 0; slot < size; slot += 1) {
    const handle = handles[slot]!;
    const units = store.unitsOf(handle);
    // The count is the same on every pass; the first one records it.
    gramCounts[slot] = distinctBuckets(units, store.offsetOf(handle), lengths[slot]!, mask, gathered, filled);
    filled += gramCounts[slot]!;
    if (filled >= CHUNK_POSTINGS) {
      handOn(slot + 1);
      filled = 0;
      firstSlot = slot + 1;
    }
  }
  if (filled > 0) handOn(size);
}

/** Orders slots by id, slot order within an id: a stable two-pass radix sort on the 32-bit ids. */
function sortSlotsById(order: Int32Array, ids: Int32Array): void {
  const size = order.length;
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
}

/**
 * Pass 1: each bucket's byte range in the postings. Per-bucket state sits interleaved, and every run
 * of texts is visited one partition of buckets at a time (see `forEachPosting`): with millions of
 * buckets, plain slot order would make the passes wait on a cache miss for nearly every trigram.
 * A function of its own, so its state (12 bytes a bucket) is garbage before pass 2 allocates.
 */
function postingOffsets(texts: Parameters<typeof forEachPosting>[0], bucketCount: number): Uint32Array {
  // [last slot, postings, bytes] per bucket.
  const sizing = new Int32Array(bucketCount * 3);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) sizing[bucket * 3] = -1;
  forEachPosting(texts, (buckets, slots, from, to) => {
    for (let k = from; k < to; k += 1) {
      const slot = slots[k]!;
      const at = buckets[k]! * 3;
      const header = (sizing[at + 1]! & (BLOCK_POSTINGS - 1)) === 0 ? BLOCK_HEADER_BYTES : 0;
      sizing[at + 2]! += header + varintLength(slot - sizing[at]!);
      sizing[at + 1]! += 1;
      sizing[at] = slot;
    }
  });
  const offsets = new Uint32Array(bucketCount + 1);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    offsets[bucket + 1] = offsets[bucket]! + sizing[bucket * 3 + 2]!;
  }
  return offsets;
}

/**
 * Sorts texts by length (counting sort), so every posting list is in length order and a query's
 * length window is one slot range, then writes the postings in two passes: sizes, then bytes.
 */
export function buildBase(input: StoredTexts): BaseSegment {
  const { store, count } = input;
  let size = 0;
  let maxLength = 0;
  for (let i = 0; i < count; i += 1) {
    const length = input.lengths[i]!;
    if (length === 0) continue;
    size += 1;
    if (length > maxLength) maxLength = length;
  }
  const lengthStarts = new Int32Array(maxLength + 2);
  for (let i = 0; i < count; i += 1) if (input.lengths[i]! > 0) lengthStarts[input.lengths[i]! + 1]! += 1;
  for (let length = 1; length < lengthStarts.length; length += 1) {
    lengthStarts[length]! += lengthStarts[length - 1]!;
  }
  // Counts sit one place up, so the prefix sums make lengthStarts[L] the first slot of length L.
  const cursor = lengthStarts.slice();
  const handles = new Uint32Array(size);
  const lengths = new Uint16Array(size);
  const ids = new Int32Array(size);
  for (let i = 0; i < count; i += 1) {
    const length = input.lengths[i]!;
    if (length === 0) continue;
    const slot = cursor[length]!++;
    handles[slot] = input.handles[i]!;
    lengths[slot] = length;
    ids[slot] = input.ids[i]!;
  }

  const bucketCount = bucketCountFor(size);
  const mask = bucketCount - 1;
  const gramCounts = new Uint16Array(size);
  const texts = { store, handles, lengths, gramCounts, size, mask };
  const offsets = postingOffsets(texts, bucketCount);
  // Pass 2: [last slot, postings, write position, block start] per bucket; a block's header is
  // filled in when the block is full.
  const postings = new Uint8Array(offsets[bucketCount]!);
  const writing = new Int32Array(bucketCount * 4);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    writing[bucket * 4] = -1;
    writing[bucket * 4 + 2] = offsets[bucket]!;
  }
  forEachPosting(texts, (buckets, slots, from, to) => {
    for (let k = from; k < to; k += 1) {
      const slot = slots[k]!;
      const at = buckets[k]! * 4;
      if ((writing[at + 1]! & (BLOCK_POSTINGS - 1)) === 0) {
        if (writing[at + 1]! > 0) {
          const start = writing[at + 3]!;
          writeBlockHeader(postings, start, writing[at]!, writing[at + 2]! - start - BLOCK_HEADER_BYTES);
        }
        writing[at + 3] = writing[at + 2]!;
        writing[at + 2]! += BLOCK_HEADER_BYTES;
      }
      writing[at + 2] = writeVarint(postings, writing[at + 2]!, slot - writing[at]!);
      writing[at + 1]! += 1;
      writing[at] = slot;
    }
  });
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    const at = bucket * 4;
    if (writing[at + 1] === 0) continue;
    const start = writing[at + 3]!;
    writeBlockHeader(postings, start, writing[at]!, writing[at + 2]! - start - BLOCK_HEADER_BYTES);
  }
  const idOrder = new Int32Array(size);
  for (let slot = 0; slot < size; slot += 1) idOrder[slot] = slot;
  sortSlotsById(idOrder, ids);
  return {
    size,
    store,
    handles,
    lengths,
    ids,
    gramCounts,
    lengthStarts,
    offsets,
    postings,
    idOrder,
    alive: new Uint8Array(size).fill(1),
    mask,
  };
}
