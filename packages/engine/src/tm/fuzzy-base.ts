import { SlotsById } from './slots-by-id';
import type { TextStore } from './text-store';
import { trigramBuckets } from './trigram-buckets';
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
  /** The slot of each id, for removal by id. */
  readonly slotsById: SlotsById;
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

/** Buckets per partition: the state of one partition (4,096 × 12 bytes) stays in the L2 cache. */
const PARTITION_BITS = 12;
const IN_PARTITION = (1 << PARTITION_BITS) - 1;
/** Postings gathered before they are handed on, partition by partition (4 MB arrays). */
const CHUNK_POSTINGS = 1 << 20;
/** A run's slots are told apart by the 20 bits above a posting's bucket-in-partition. */
const RUN_SLOTS = 1 << (32 - PARTITION_BITS);

/**
 * A run of postings of one partition, slots ascending: `packed[k]` holds a posting's slot less
 * `firstSlot` above its bucket's low `PARTITION_BITS` bits (the partition gives the rest).
 */
type PostingVisitor = (
  packed: Int32Array,
  from: number,
  to: number,
  partition: number,
  firstSlot: number,
) => void;

/** The bucket of a packed posting of `partition`. */
function bucketOf(posting: number, partition: number): number {
  return (partition << PARTITION_BITS) | (posting & IN_PARTITION);
}

/** The slot of a packed posting of a run starting at `firstSlot`. */
function slotOf(posting: number, firstSlot: number): number {
  return firstSlot + (posting >>> PARTITION_BITS);
}

/**
 * Calls `visit` with every trigram of every text as a posting, slots ascending within each bucket; a
 * text's repeated buckets come in a row (same slot), and visitors skip them. Texts are hashed from
 * the store a run of slots at a time (about `CHUNK_POSTINGS` postings), and each run's postings are
 * handed on grouped by partition of the bucket space (a stable counting sort, so slot order holds;
 * the partitions' sizes are counted while hashing, and a posting is one packed 32-bit word). Each
 * pass hashes the texts again rather than keeping every posting of the build (4 bytes each, ~450 MB
 * at a million texts) between the two passes.
 */
function forEachPosting(
  base: Pick<BaseSegment, 'store' | 'handles' | 'lengths' | 'size' | 'mask'>,
  visit: PostingVisitor,
): void {
  const { store, handles, lengths, size, mask } = base;
  // At least 2^12 buckets (`bucketCountFor`): one partition or more.
  const partitions = (mask >>> PARTITION_BITS) + 1;
  const capacity = CHUNK_POSTINGS + MAX_FUZZY_LENGTH;
  const gathered = new Int32Array(capacity);
  const packed = new Int32Array(capacity);
  const starts = new Int32Array(partitions + 1);
  const cursor = new Int32Array(partitions + 1);
  let filled = 0;
  let firstSlot = 0;
  const handOn = (endSlot: number) => {
    for (let p = 1; p <= partitions; p += 1) starts[p]! += starts[p - 1]!;
    cursor.set(starts);
    let k = 0;
    for (let slot = firstSlot; slot < endSlot; slot += 1) {
      const high = (slot - firstSlot) << PARTITION_BITS;
      for (const stop = k + Math.max(0, lengths[slot]! - 2); k < stop; k += 1) {
        const bucket = gathered[k]!;
        packed[cursor[bucket >>> PARTITION_BITS]!++] = high | (bucket & IN_PARTITION);
      }
    }
    for (let p = 0; p < partitions; p += 1) {
      if (starts[p]! < starts[p + 1]!) visit(packed, starts[p]!, starts[p + 1]!, p, firstSlot);
    }
    starts.fill(0);
    filled = 0;
    firstSlot = endSlot;
  };
  for (let slot = 0; slot < size; slot += 1) {
    const handle = handles[slot]!;
    const units = store.unitsOf(handle);
    const count = trigramBuckets(units, store.offsetOf(handle), lengths[slot]!, mask, gathered, filled);
    for (let k = filled; k < filled + count; k += 1) starts[(gathered[k]! >>> PARTITION_BITS) + 1]! += 1;
    filled += count;
    if (filled >= CHUNK_POSTINGS || slot + 1 - firstSlot === RUN_SLOTS) handOn(slot + 1);
  }
  if (filled > 0) handOn(size);
}

/**
 * Per bucket while the postings are sized and written: [last slot, postings in the current block |
 * bytes of the current block << 8 (a block holds at most 64 postings in 6 + 64 · 5 bytes), bytes so
 * far (pass 1) or write position (pass 2)]. 12 bytes a bucket, interleaved so a posting touches one
 * cache line: at a million texts a run holds fewer postings per partition than the partition has
 * buckets, so most postings find their bucket's line out of cache, and a second array (the offsets
 * as write positions) doubled those misses.
 */
const STATE = 3;

function emptyBucketState(bucketCount: number): Int32Array {
  const state = new Int32Array(bucketCount * STATE);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) state[bucket * STATE] = -1;
  return state;
}

/**
 * Pass 1: each bucket's byte range in the postings, and each text's number of distinct buckets.
 * Every run of texts is visited one partition of buckets at a time (see `forEachPosting`): with
 * millions of buckets, plain slot order would make the passes wait on a cache miss for nearly every
 * trigram. Answers the offsets and the state, set for pass 2 (every bucket at its start, no block open).
 */
function postingOffsets(
  texts: Parameters<typeof forEachPosting>[0],
  gramCounts: Uint16Array,
  bucketCount: number,
): { offsets: Uint32Array; state: Int32Array } {
  const state = emptyBucketState(bucketCount);
  forEachPosting(texts, (packed, from, to, partition, firstSlot) => {
    for (let k = from; k < to; k += 1) {
      const slot = slotOf(packed[k]!, firstSlot);
      const at = bucketOf(packed[k]!, partition) * STATE;
      if (state[at] === slot) continue; // the text's bucket again
      gramCounts[slot]! += 1;
      const inBlock = state[at + 1]!;
      state[at + 2]! += (inBlock === 0 ? BLOCK_HEADER_BYTES : 0) + varintLength(slot - state[at]!);
      state[at + 1] = inBlock === BLOCK_POSTINGS - 1 ? 0 : inBlock + 1;
      state[at] = slot;
    }
  });
  const offsets = new Uint32Array(bucketCount + 1);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    const at = bucket * STATE;
    offsets[bucket + 1] = offsets[bucket]! + state[at + 2]!;
    state[at] = -1;
    state[at + 1] = 0;
    state[at + 2] = offsets[bucket]!;
  }
  return { offsets, state };
}

/** Texts gathered for a build, placed in length order: `lengthStarts[L]` = first slot of length L. */
function placeByLength(input: StoredTexts) {
  const { count } = input;
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
  return { store: input.store, size, lengthStarts, handles, lengths, ids };
}

/**
 * Sorts texts by length (counting sort), so every posting list is in length order and a query's
 * length window is one slot range, then writes the postings in two passes: sizes, then bytes.
 * `take` hands over the gathered texts; nothing keeps them once they are placed in length order, so
 * the gatherer's arrays are garbage before the postings are allocated.
 */
export function buildBase(take: () => StoredTexts): BaseSegment {
  const { store, size, lengthStarts, handles, lengths, ids } = placeByLength(take());
  const bucketCount = bucketCountFor(size);
  const mask = bucketCount - 1;
  const gramCounts = new Uint16Array(size);
  const texts = { store, handles, lengths, size, mask };
  const { offsets, state } = postingOffsets(texts, gramCounts, bucketCount);
  // Pass 2: a block's header is written when the block is full, or at the end for the last one.
  const postings = new Uint8Array(offsets[bucketCount]!);
  forEachPosting(texts, (packed, from, to, partition, firstSlot) => {
    for (let k = from; k < to; k += 1) {
      const slot = slotOf(packed[k]!, firstSlot);
      const at = bucketOf(packed[k]!, partition) * STATE;
      if (state[at] === slot) continue; // the text's bucket again
      let block = state[at + 1]!;
      let position = state[at + 2]! >>> 0; // positions past 2³¹ read back unsigned
      if (block === 0) {
        position += BLOCK_HEADER_BYTES;
        block = BLOCK_HEADER_BYTES << 8;
      }
      const end = writeVarint(postings, position, slot - state[at]!);
      block += ((end - position) << 8) + 1;
      if ((block & 0xff) === BLOCK_POSTINGS) {
        const bytes = block >>> 8;
        writeBlockHeader(postings, end - bytes, slot, bytes - BLOCK_HEADER_BYTES);
        block = 0;
      }
      state[at + 2] = end;
      state[at + 1] = block;
      state[at] = slot;
    }
  });
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    const at = bucket * STATE;
    const block = state[at + 1]!;
    if (block === 0) continue;
    const bytes = block >>> 8;
    writeBlockHeader(postings, (state[at + 2]! >>> 0) - bytes, state[at]!, bytes - BLOCK_HEADER_BYTES);
  }
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
    slotsById: SlotsById.of(ids),
    alive: new Uint8Array(size).fill(1),
    mask,
  };
}
