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
 * The two passes that write a fuzzy index's postings (sizes, then bytes), over one range of the
 * bucket space's partitions: the whole space on one thread, or one half on each of two threads
 * (two-thread-build.ts). Each thread hashes every text and keeps only its range's postings; the
 * halves' bytes are adjacent in one postings array, the lower half first, so both builds give the
 * same bytes.
 */

/** Buckets per partition: the state of one partition (4,096 × 12 bytes) stays in the L2 cache. */
export const PARTITION_BITS = 12;
const IN_PARTITION = (1 << PARTITION_BITS) - 1;
/**
 * Texts longer than this are not fuzzy-indexed: a 4,000-character paragraph is reused by exact
 * match or not at all, and lengths must fit the 16-bit columns of the index.
 */
export const MAX_FUZZY_LENGTH = 4000;
/** Postings gathered before they are handed on, partition by partition (4 MB arrays). */
const CHUNK_POSTINGS = 1 << 20;
/** A run's slots are told apart by the 20 bits above a posting's bucket-in-partition. */
const RUN_SLOTS = 1 << (32 - PARTITION_BITS);

/** The texts whose postings are written, in slot (length) order. */
export interface PostingTexts {
  readonly store: Pick<TextStore, 'unitsOf' | 'offsetOf'>;
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
  readonly size: number;
  /** Bucket count less one (a power of two, at least 2^12 buckets: one partition or more). */
  readonly mask: number;
}

/** Partitions `[from, to)` of the bucket space: buckets `[from << 12, to << 12)`. */
export interface PartitionRange {
  readonly from: number;
  readonly to: number;
}

/** Partitions of the bucket space of `mask`. */
export function partitionCount(mask: number): number {
  return (mask >>> PARTITION_BITS) + 1;
}

/** The first bucket of partition `partition`. */
export function firstBucketOf(partition: number): number {
  return partition << PARTITION_BITS;
}

/**
 * A run of postings of one partition (numbered from the range's first), slots ascending:
 * `packed[k]` holds a posting's slot less `firstSlot` above its bucket's low `PARTITION_BITS` bits.
 */
type PostingVisitor = (
  packed: Int32Array,
  from: number,
  to: number,
  partition: number,
  firstSlot: number,
) => void;

/** The bucket of a packed posting of `partition`, counted from the range's first bucket. */
function bucketOf(posting: number, partition: number): number {
  return (partition << PARTITION_BITS) | (posting & IN_PARTITION);
}

/** The slot of a packed posting of a run starting at `firstSlot`. */
function slotOf(posting: number, firstSlot: number): number {
  return firstSlot + (posting >>> PARTITION_BITS);
}

/**
 * Calls `visit` with every trigram of every text whose bucket lies in `range`, as a posting, slots
 * ascending within each bucket; a text's repeated buckets come in a row (same slot), and visitors
 * skip them. Texts are hashed from the store a run of slots at a time (about `CHUNK_POSTINGS` kept
 * postings), and each run's postings are handed on grouped by partition (a stable counting sort,
 * so slot order holds; the partitions' sizes are counted while hashing, and a posting is one packed
 * 32-bit word). Each pass hashes the texts again rather than keeping every posting of the build
 * (4 bytes each, ~450 MB at a million texts) between the two passes.
 */
function forEachPosting(texts: PostingTexts, range: PartitionRange, visit: PostingVisitor): void {
  const { store, handles, lengths, size, mask } = texts;
  const partitions = range.to - range.from;
  const whole = range.from === 0 && range.to === partitionCount(mask);
  const lowBucket = firstBucketOf(range.from);
  const highBucket = firstBucketOf(range.to);
  const capacity = CHUNK_POSTINGS + MAX_FUZZY_LENGTH;
  const gathered = new Int32Array(capacity);
  const packed = new Int32Array(capacity);
  // Part of the bucket space: each text's kept postings, by slot in the run (all of them otherwise).
  const kept = whole ? null : new Uint16Array(RUN_SLOTS);
  // One more than the partitions' starts: a spare count for buckets another range keeps.
  const starts = new Int32Array(partitions + 2);
  const cursor = new Int32Array(partitions + 2);
  let filled = 0;
  let firstSlot = 0;
  const handOn = (endSlot: number) => {
    for (let p = 1; p <= partitions; p += 1) starts[p]! += starts[p - 1]!;
    cursor.set(starts);
    let k = 0;
    for (let slot = firstSlot; slot < endSlot; slot += 1) {
      const high = (slot - firstSlot) << PARTITION_BITS;
      const count = kept ? kept[slot - firstSlot]! : Math.max(0, lengths[slot]! - 2);
      for (const stop = k + count; k < stop; k += 1) {
        const bucket = gathered[k]!;
        packed[cursor[(bucket >>> PARTITION_BITS) - range.from]!++] = high | (bucket & IN_PARTITION);
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
    if (kept) {
      // Keep this range's buckets, moved down over the others (in text order still). Half of a
      // text's buckets are kept, at random: without branches, as a branch here would be
      // mispredicted every other trigram. A bucket left out is written and not counted, and its
      // size goes to a spare count past the range's.
      let to = filled;
      for (let k = filled; k < filled + count; k += 1) {
        const bucket = gathered[k]!;
        const partition = (bucket >>> PARTITION_BITS) - range.from;
        const keep = +(partition >>> 0 < partitions);
        gathered[to] = bucket;
        to += keep;
        starts[keep * partition + 1 + (1 - keep) * partitions]! += 1;
      }
      kept[slot - firstSlot] = to - filled;
      filled = to;
    } else {
      for (let k = filled; k < filled + count; k += 1) starts[(gathered[k]! >>> PARTITION_BITS) + 1]! += 1;
      filled += count;
    }
    if (filled >= CHUNK_POSTINGS || slot + 1 - firstSlot === RUN_SLOTS) handOn(slot + 1);
  }
  if (filled > 0) handOn(size);
}

/**
 * Per bucket of a range while the postings are sized and written: [last slot, postings in the
 * current block | bytes of the current block << 8 (a block holds at most 64 postings in 6 + 64 · 5
 * bytes), bytes so far (pass 1) or write position (pass 2)]. 12 bytes a bucket, interleaved so a
 * posting touches one cache line: at a million texts a run holds fewer postings per partition than
 * the partition has buckets, so most postings find their bucket's line out of cache, and a second
 * array (the offsets as write positions) doubled those misses.
 */
const STATE = 3;

/** A range's per-bucket state between and during the passes (see `STATE`). */
export type RangeState = Int32Array;

/**
 * Pass 1 over `range`: each of its buckets' bytes (kept in the answered state), and each text's
 * number of distinct buckets in the range, added to `gramCounts`. Every run of texts is visited
 * one partition of buckets at a time (see `forEachPosting`): with millions of buckets, plain slot
 * order would make the passes wait on a cache miss for nearly every trigram.
 */
export function sizeRange(texts: PostingTexts, range: PartitionRange, gramCounts: Uint16Array): RangeState {
  const buckets = firstBucketOf(range.to - range.from);
  const state = new Int32Array(buckets * STATE);
  for (let bucket = 0; bucket < buckets; bucket += 1) state[bucket * STATE] = -1;
  forEachPosting(texts, range, (packed, from, to, partition, firstSlot) => {
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
  return state;
}

/** Bytes the postings of a sized range take. */
export function rangeBytes(state: RangeState): number {
  let bytes = 0;
  for (let at = 2; at < state.length; at += STATE) bytes += state[at]!;
  return bytes;
}

/**
 * Places a sized range's postings from byte `start` on: sets `offsets` of its buckets (the range
 * starting at bucket `firstBucket`) and the state for pass 2 (every bucket at its start, no block
 * open).
 */
export function placeRange(
  state: RangeState,
  offsets: Uint32Array,
  firstBucket: number,
  start: number,
): void {
  let position = start;
  offsets[firstBucket] = start;
  for (let bucket = 0, at = 0; at < state.length; bucket += 1, at += STATE) {
    const bytes = state[at + 2]!;
    state[at] = -1;
    state[at + 1] = 0;
    state[at + 2] = position; // past 2³¹ it wraps, and reads back unsigned
    position += bytes;
    offsets[firstBucket + bucket + 1] = position;
  }
}

/**
 * Pass 2 over `range`: writes its postings where `placeRange` put them. A block's header is written
 * when the block is full, or at the end for the last one.
 */
export function writeRange(
  texts: PostingTexts,
  range: PartitionRange,
  state: RangeState,
  postings: Uint8Array,
): void {
  forEachPosting(texts, range, (packed, from, to, partition, firstSlot) => {
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
  for (let at = 0; at < state.length; at += STATE) {
    const block = state[at + 1]!;
    if (block === 0) continue;
    const bytes = block >>> 8;
    writeBlockHeader(postings, (state[at + 2]! >>> 0) - bytes, state[at]!, bytes - BLOCK_HEADER_BYTES);
  }
}
