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
 * The two passes that write a fuzzy index's postings (sizes, then bytes). On one thread a pass
 * hashes the texts and visits their postings in turn (`sizePostings`/`writePostings`); a two-thread
 * build (pipelined-build.ts) hashes on one thread and visits on the other with the same visitors.
 */

/** Buckets per partition: the state of one partition (4,096 × 12 bytes) stays in the L2 cache. */
export const PARTITION_BITS = 12;
export const IN_PARTITION = (1 << PARTITION_BITS) - 1;
/**
 * Texts longer than this are not fuzzy-indexed: a 4,000-character paragraph is reused by exact
 * match or not at all, and lengths must fit the 16-bit columns of the index.
 */
export const MAX_FUZZY_LENGTH = 4000;
/** Postings gathered before they are handed on, partition by partition (4 MB arrays). */
export const CHUNK_POSTINGS = 1 << 20;
/** A run's slots are told apart by the 20 bits above a posting's bucket-in-partition. */
export const RUN_SLOTS = 1 << (32 - PARTITION_BITS);

/** The texts whose postings are written, in slot (length) order. */
export interface PostingTexts {
  readonly store: Pick<TextStore, 'unitsOf' | 'offsetOf' | 'isPackedNarrow' | 'unpackNarrow'>;
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
  readonly size: number;
  /** Bucket count less one (a power of two, at least 2^12 buckets: one partition or more). */
  readonly mask: number;
}

/** Partitions of the bucket space of `mask`. */
export function partitionCount(mask: number): number {
  return (mask >>> PARTITION_BITS) + 1;
}

/**
 * A run of postings of one partition, slots ascending:
 * `packed[k]` holds a posting's slot less `firstSlot` above its bucket's low `PARTITION_BITS` bits.
 */
export type PostingVisitor = (
  packed: Int32Array,
  from: number,
  to: number,
  partition: number,
  firstSlot: number,
) => void;

/**
 * Hands a run's postings on grouped by partition (a counting sort): the buckets of slots
 * `firstSlot`..`endSlot` (in `gathered`, `length - 2` trigrams a slot) go to `packed` from each
 * partition's cursor, as the slot's offset in the run above the bucket's bits within its partition.
 */
export function packByPartition(
  gathered: Int32Array,
  lengths: Uint16Array,
  firstSlot: number,
  endSlot: number,
  cursor: Int32Array,
  packed: Int32Array,
): void {
  let k = 0;
  for (let slot = firstSlot; slot < endSlot; slot += 1) {
    const high = (slot - firstSlot) << PARTITION_BITS;
    for (const stop = k + Math.max(0, lengths[slot]! - 2); k < stop; k += 1) {
      const bucket = gathered[k]!;
      packed[cursor[bucket >>> PARTITION_BITS]!++] = high | (bucket & IN_PARTITION);
    }
  }
}

/**
 * Calls `visit` with every trigram of every text from slot `fromSlot` on as a posting, slots
 * ascending within each bucket; a text's repeated buckets come in a row (same slot), and visitors
 * skip them. Texts are hashed from the store a run of slots at a time (about `CHUNK_POSTINGS`
 * postings), and each run's postings are handed on grouped by partition of the bucket space (a
 * stable counting sort, so slot order holds; the partitions' sizes are counted while hashing, and a
 * posting is one packed 32-bit word). Runs are copied into `keep` while it has room, so pass 2
 * visits them again instead of hashing their texts a second time (`KeptRuns`); the texts past them
 * are hashed again rather than keeping every posting of a large build (4 bytes each, ~450 MB at a
 * million texts) between the two passes.
 */
function forEachPosting(
  texts: PostingTexts,
  visit: PostingVisitor,
  fromSlot: number,
  keep: KeptRuns | null,
): void {
  const { store, handles, lengths, size, mask } = texts;
  const partitions = partitionCount(mask);
  const capacity = CHUNK_POSTINGS + MAX_FUZZY_LENGTH;
  const gathered = spareInt32(capacity);
  const packed = spareInt32(capacity);
  const starts = new Int32Array(partitions + 1);
  const cursor = new Int32Array(partitions + 1);
  let filled = 0;
  let firstSlot = fromSlot;
  const handOn = (endSlot: number) => {
    for (let p = 1; p <= partitions; p += 1) starts[p]! += starts[p - 1]!;
    cursor.set(starts);
    packByPartition(gathered, lengths, firstSlot, endSlot, cursor, packed);
    for (let p = 0; p < partitions; p += 1) {
      if (starts[p]! < starts[p + 1]!) visit(packed, starts[p]!, starts[p + 1]!, p, firstSlot);
    }
    if (keep !== null && keep.endSlot === firstSlot && keep.used + filled <= keep.postings.length) {
      keep.postings.set(packed.subarray(0, filled), keep.used);
      keep.runs.push({ at: keep.used, starts: starts.slice(), firstSlot });
      keep.used += filled;
      keep.endSlot = endSlot;
    }
    starts.fill(0);
    filled = 0;
    firstSlot = endSlot;
  };
  const unpacked = new Uint8Array(MAX_FUZZY_LENGTH);
  for (let slot = fromSlot; slot < size; slot += 1) {
    const handle = handles[slot]!;
    const length = lengths[slot]!;
    let count: number;
    if (store.isPackedNarrow(handle)) {
      // A packing builder's texts (fuzzy-index.ts): hashed from a copy unpacked for the purpose.
      store.unpackNarrow(handle, length, unpacked);
      count = trigramBuckets(unpacked, 0, length, mask, gathered, filled);
    } else
      count = trigramBuckets(store.unitsOf(handle), store.offsetOf(handle), length, mask, gathered, filled);
    for (let k = filled; k < filled + count; k += 1) starts[(gathered[k]! >>> PARTITION_BITS) + 1]! += 1;
    filled += count;
    if (filled >= CHUNK_POSTINGS || slot + 1 - firstSlot === RUN_SLOTS) handOn(slot + 1);
  }
  if (filled > 0) handOn(size);
  keepSpare(gathered);
  keepSpare(packed);
}

/**
 * Most postings pass 1 keeps for pass 2 (16 MB): a catch-up's segment of up to ~30,000 texts is
 * hashed once (hashing, unpacking packed texts and grouping by partition were ~45 % of a pass),
 * and a larger build keeps its first runs and hashes the rest again, so the build's peak rises by
 * at most this much however large it is.
 */
export const KEPT_POSTINGS = 1 << 22;

/**
 * Runs of postings as pass 1 handed them on (grouped by partition), one after another in
 * `postings`: `runs[i].starts[p]` is where partition `p` of run `i` begins, from `runs[i].at`.
 * They cover slots up to `endSlot`.
 */
export interface KeptRuns {
  readonly postings: Int32Array;
  readonly runs: Array<{ at: number; starts: Int32Array; firstSlot: number }>;
  used: number;
  endSlot: number;
}

/** Room for pass 1 to keep the runs of `texts` (all of them, or at most `most` postings). */
function keptRunsFor(texts: PostingTexts, most: number): KeptRuns {
  let postings = 0;
  for (let slot = 0; slot < texts.size; slot += 1) postings += Math.max(0, texts.lengths[slot]! - 2);
  return { postings: spareInt32(Math.min(postings, most)), runs: [], used: 0, endSlot: 0 };
}

/** Pass 2 over runs pass 1 kept, partition by partition, then the texts past them hashed again. */
function revisit(texts: PostingTexts, kept: KeptRuns, visit: PostingVisitor): void {
  const partitions = partitionCount(texts.mask);
  for (const { at, starts, firstSlot } of kept.runs) {
    for (let p = 0; p < partitions; p += 1) {
      if (starts[p]! < starts[p + 1]!)
        visit(kept.postings, at + starts[p]!, at + starts[p + 1]!, p, firstSlot);
    }
  }
  keepSpare(kept.postings);
  if (kept.endSlot < texts.size) forEachPosting(texts, visit, kept.endSlot, null);
}

/**
 * Scratch a build let go and the collector has not yet freed, taken again by the next pass or
 * build (ADR 0019). A web process catching up builds a segment every tick: each build
 * allocated its 4 MB run arrays twice and its bucket state anew, and since an `ArrayBuffer` is
 * freed only when V8 collects its object, tens of MB of them waited at the process's peak. Held
 * weakly: once collected they are gone, and the next build allocates again.
 */
let spares: Array<WeakRef<Int32Array>> = [];

/**
 * An `Int32Array` of `length` from the spares, the smallest that is big enough (its contents are
 * stale; a run array must not take the kept runs' larger buffer), else a new one.
 */
function spareInt32(length: number): Int32Array {
  let found: WeakRef<Int32Array> | null = null;
  let foundLength = Infinity;
  const live: Array<WeakRef<Int32Array>> = [];
  for (const ref of spares) {
    const array = ref.deref();
    if (array === undefined) continue;
    live.push(ref);
    if (array.length >= length && array.length < foundLength) {
      found = ref;
      foundLength = array.length;
    }
  }
  spares = live.filter((ref) => ref !== found);
  const array = found?.deref();
  return array === undefined ? new Int32Array(length) : array.subarray(0, length);
}

/** Hands scratch back to the spares (a view's whole buffer: the largest use decides its size). */
function keepSpare(array: Int32Array): void {
  if (spares.length < MAX_SPARES) spares.push(new WeakRef(new Int32Array(array.buffer)));
}

/** Two run arrays, the kept runs and a bucket state. */
const MAX_SPARES = 4;

/**
 * Per bucket while the postings are sized and written: [last slot, postings in the
 * current block | bytes of the current block << 8 (a block holds at most 64 postings in 6 + 64 · 5
 * bytes), bytes so far (pass 1) or write position (pass 2)]. 12 bytes a bucket, interleaved so a
 * posting touches one cache line: at a million texts a run holds fewer postings per partition than
 * the partition has buckets, so most postings find their bucket's line out of cache, and a second
 * array (the offsets as write positions) doubled those misses.
 */
const STATE = 3;

/** The per-bucket state between and during the passes (see `STATE`). */
export type BucketState = Int32Array;

/**
 * Pass 1: each bucket's bytes (kept in the answered state), and each text's number of distinct
 * buckets, added to `gramCounts`. Every run of texts is visited
 * one partition of buckets at a time (see `forEachPosting`): with millions of buckets, plain slot
 * order would make the passes wait on a cache miss for nearly every trigram.
 */
export function sizePostings(
  texts: PostingTexts,
  gramCounts: Uint16Array,
  keptPostings = KEPT_POSTINGS,
): SizedPostings {
  const state = spareInt32((texts.mask + 1) * STATE);
  state.fill(0);
  for (let at = 0; at < state.length; at += STATE) state[at] = -1;
  const kept = keptRunsFor(texts, keptPostings);
  forEachPosting(texts, sizingVisitor(state, gramCounts), 0, kept);
  return { state, kept };
}

/** Pass 1's result: the bucket state, and the runs kept for pass 2. */
export interface SizedPostings {
  readonly state: BucketState;
  readonly kept: KeptRuns;
}

/** The state of `buckets` buckets before pass 1: no slot seen, nothing sized. */
export function newBucketState(buckets: number): BucketState {
  const state = new Int32Array(buckets * STATE);
  for (let bucket = 0; bucket < buckets; bucket += 1) state[bucket * STATE] = -1;
  return state;
}

/** Pass 1's visitor: sizes each bucket's postings into `state`, counts texts' distinct buckets. */
export function sizingVisitor(state: BucketState, gramCounts: Uint16Array): PostingVisitor {
  return (packed, from, to, partition, firstSlot) =>
    sizeRun(state, gramCounts, packed, from, to, partition, firstSlot);
}

/**
 * Pass 1 over `packed[from, to)`, postings of `partition` from a run starting at `firstSlot`.
 * A plain function of typed arrays (the visitor's closure only forwards): its loop is the build's
 * hottest with `writeRun`'s, one random bucket-state access a posting.
 */
function sizeRun(
  state: BucketState,
  gramCounts: Uint16Array,
  packed: Int32Array,
  from: number,
  to: number,
  partition: number,
  firstSlot: number,
): void {
  const bucketBase = partition << PARTITION_BITS;
  for (let k = from; k < to; k += 1) {
    const posting = packed[k]!;
    const slot = firstSlot + (posting >>> PARTITION_BITS);
    const at = (bucketBase | (posting & IN_PARTITION)) * STATE;
    const last = state[at]!;
    if (last === slot) continue; // the text's bucket again
    gramCounts[slot]! += 1;
    const inBlock = state[at + 1]!;
    state[at + 2]! += (inBlock === 0 ? BLOCK_HEADER_BYTES : 0) + varintLength(slot - last);
    state[at + 1] = inBlock === BLOCK_POSTINGS - 1 ? 0 : inBlock + 1;
    state[at] = slot;
  }
}

/**
 * Places the sized postings: sets every bucket's `offsets` and the state for pass 2 (every bucket at
 * its start, no block open).
 */
export function placePostings(state: BucketState, offsets: Uint32Array): void {
  let position = 0;
  offsets[0] = 0;
  for (let bucket = 0, at = 0; at < state.length; bucket += 1, at += STATE) {
    const bytes = state[at + 2]!;
    state[at] = -1;
    state[at + 1] = 0;
    state[at + 2] = position; // past 2³¹ it wraps, and reads back unsigned
    position += bytes;
    offsets[bucket + 1] = position;
  }
}

/**
 * Pass 2: writes the postings where `placePostings` put them. A block's header is written when the
 * block is full, or at the end for the last one.
 */
export function writePostings(texts: PostingTexts, sized: SizedPostings, postings: Uint8Array): void {
  const { state, kept } = sized;
  revisit(texts, kept, writingVisitor(state, postings));
  closeBlocks(state, postings);
  keepSpare(state); // the state of `sizePostings`: nothing reads it after this pass
}

/** Pass 2's visitor: writes each posting where `placePostings` put its bucket's list. */
export function writingVisitor(state: BucketState, postings: Uint8Array): PostingVisitor {
  return (packed, from, to, partition, firstSlot) =>
    writeRun(state, postings, packed, from, to, partition, firstSlot);
}

/** Pass 2 over `packed[from, to)` (see `sizeRun`). */
function writeRun(
  state: BucketState,
  postings: Uint8Array,
  packed: Int32Array,
  from: number,
  to: number,
  partition: number,
  firstSlot: number,
): void {
  const bucketBase = partition << PARTITION_BITS;
  for (let k = from; k < to; k += 1) {
    const posting = packed[k]!;
    const slot = firstSlot + (posting >>> PARTITION_BITS);
    const at = (bucketBase | (posting & IN_PARTITION)) * STATE;
    const last = state[at]!;
    if (last === slot) continue; // the text's bucket again
    let block = state[at + 1]!;
    let position = state[at + 2]! >>> 0; // positions past 2³¹ read back unsigned
    if (block === 0) {
      position += BLOCK_HEADER_BYTES;
      block = BLOCK_HEADER_BYTES << 8;
    }
    const end = writeVarint(postings, position, slot - last);
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
}

/** After pass 2: the header of every bucket's last, unfilled block. */
export function closeBlocks(state: BucketState, postings: Uint8Array): void {
  for (let at = 0; at < state.length; at += STATE) {
    const block = state[at + 1]!;
    if (block === 0) continue;
    const bytes = block >>> 8;
    writeBlockHeader(postings, (state[at + 2]! >>> 0) - bytes, state[at]!, bytes - BLOCK_HEADER_BYTES);
  }
}
