import { assembleBase, placeForBuild, type BaseSegment, type StoredTexts } from './fuzzy-base';
import { trigramBuckets } from './trigram-buckets';
import {
  CHUNK_POSTINGS,
  MAX_FUZZY_LENGTH,
  PARTITION_BITS,
  RUN_SLOTS,
  packByPartition,
  partitionCount,
  type PostingTexts,
  type PostingVisitor,
} from './posting-passes';
import { FuzzyBuildHelperError, helperAnswers, type FuzzyBuildThread } from './two-thread-build';

/**
 * A fuzzy index build as a pipeline of two threads (ADR 0011): this thread hashes the
 * texts and hands each run of postings on, grouped by partition, into one of two shared buffers;
 * the helper sizes (pass 1) and writes (pass 2) them, holding the bucket state. No work is done
 * twice, unlike a split of the bucket space, where both threads hash every text.
 */

const FREE = 0;
const FULL = 1;
/** The pass is over: no more runs until the next pass. */
const END = 2;

/** Two run buffers in shared memory, and per buffer its state and the run's first slot. */
export interface SharedRuns {
  readonly packed: readonly [Int32Array, Int32Array];
  readonly starts: readonly [Int32Array, Int32Array];
  /** [state of buffer 0, first slot of its run, state of buffer 1, first slot of its run]. */
  readonly control: Int32Array;
}

function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(length * 4));
}

export function newSharedRuns(partitions: number): SharedRuns {
  const capacity = CHUNK_POSTINGS + MAX_FUZZY_LENGTH;
  return {
    packed: [sharedInt32(capacity), sharedInt32(capacity)],
    starts: [sharedInt32(partitions + 1), sharedInt32(partitions + 1)],
    control: sharedInt32(4),
  };
}

/** `Atomics.waitAsync` (ES2024; Node 16 on): this lib is ES2023. */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };

/** Waits, without blocking this thread, until buffer `at` of `runs` is free, or the helper fails. */
async function untilFree(runs: SharedRuns, at: number, failed: Promise<never>): Promise<void> {
  const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
  for (;;) {
    const state = Atomics.load(runs.control, at * 2);
    if (state === FREE) return;
    const wait = waitAsync(runs.control, at * 2, state);
    if (wait.async) await Promise.race([wait.value, failed]);
  }
}

/**
 * The producing side of one pass: every text's trigram buckets, a run of slots at a time (about
 * `CHUNK_POSTINGS` postings), grouped by partition into the next free shared buffer (a stable
 * counting sort: slot order holds within a bucket), then an end mark. `next` is the buffer to fill
 * first; answers the one after the end mark.
 */
async function produceRuns(texts: PostingTexts, runs: SharedRuns, next: number, failed: Promise<never>) {
  const { store, handles, lengths, size, mask } = texts;
  const partitions = partitionCount(mask);
  const gathered = new Int32Array(CHUNK_POSTINGS + MAX_FUZZY_LENGTH);
  const counts = new Int32Array(partitions + 1);
  const cursor = new Int32Array(partitions + 1);
  let at = next;
  let filled = 0;
  let firstSlot = 0;
  const handOn = async (endSlot: number) => {
    await untilFree(runs, at, failed);
    const packed = runs.packed[at as 0 | 1];
    const starts = runs.starts[at as 0 | 1];
    for (let p = 1; p <= partitions; p += 1) counts[p]! += counts[p - 1]!;
    starts.set(counts);
    cursor.set(counts);
    packByPartition(gathered, lengths, firstSlot, endSlot, cursor, packed);
    runs.control[at * 2 + 1] = firstSlot;
    Atomics.store(runs.control, at * 2, FULL);
    Atomics.notify(runs.control, at * 2);
    at ^= 1;
    counts.fill(0);
    filled = 0;
    firstSlot = endSlot;
  };
  const unpacked = new Uint8Array(MAX_FUZZY_LENGTH);
  for (let slot = 0; slot < size; slot += 1) {
    const handle = handles[slot]!;
    const length = lengths[slot]!;
    let count: number;
    if (store.isPackedNarrow(handle)) {
      store.unpackNarrow(handle, length, unpacked);
      count = trigramBuckets(unpacked, 0, length, mask, gathered, filled);
    } else
      count = trigramBuckets(store.unitsOf(handle), store.offsetOf(handle), length, mask, gathered, filled);
    for (let k = filled; k < filled + count; k += 1) counts[(gathered[k]! >>> PARTITION_BITS) + 1]! += 1;
    filled += count;
    if (filled >= CHUNK_POSTINGS || slot + 1 - firstSlot === RUN_SLOTS) await handOn(slot + 1);
  }
  if (filled > 0) await handOn(size);
  await untilFree(runs, at, failed);
  Atomics.store(runs.control, at * 2, END);
  Atomics.notify(runs.control, at * 2);
  return at ^ 1;
}

/**
 * The consuming side of one pass (the helper thread, which may block): visits every run of every
 * buffer in turn, partition by partition, until the end mark; answers the buffer after it.
 */
export function consumeRuns(
  runs: SharedRuns,
  next: number,
  partitions: number,
  visit: PostingVisitor,
): number {
  let at = next;
  for (;;) {
    Atomics.wait(runs.control, at * 2, FREE);
    const state = Atomics.load(runs.control, at * 2);
    if (state !== END) {
      const packed = runs.packed[at as 0 | 1];
      const starts = runs.starts[at as 0 | 1];
      const firstSlot = runs.control[at * 2 + 1]!;
      for (let p = 0; p < partitions; p += 1) {
        if (starts[p]! < starts[p + 1]!) visit(packed, starts[p]!, starts[p + 1]!, p, firstSlot);
      }
    }
    Atomics.store(runs.control, at * 2, FREE);
    Atomics.notify(runs.control, at * 2);
    at ^= 1;
    if (state === END) return at;
  }
}

/** The base of `take`'s texts (store pages in shared memory), built as a two-thread pipeline. */
export async function buildBasePipelined(
  take: () => StoredTexts,
  startHelper: () => FuzzyBuildThread,
): Promise<BaseSegment> {
  const texts = placeForBuild(take, (bytes) => new SharedArrayBuffer(bytes));
  const runs = newSharedRuns(partitionCount(texts.mask));
  const gramCounts = new Uint16Array(new SharedArrayBuffer(texts.size * 2));
  const offsets = new Uint32Array(new SharedArrayBuffer((texts.mask + 2) * 4));
  const thread = startHelper();
  const answers = helperAnswers(thread);
  try {
    thread.postMessage({ type: 'consume-sizes', runs, mask: texts.mask, gramCounts, offsets });
    const next = await produceRuns(texts, runs, 0, answers.failed);
    const sized = await answers.next();
    if (sized.type !== 'sized') throw new FuzzyBuildHelperError(`unexpected helper answer ${sized.type}`);
    const postings = new Uint8Array(new SharedArrayBuffer(sized.bytes));
    thread.postMessage({ type: 'consume-writes', postings });
    await produceRuns(texts, runs, next, answers.failed);
    const written = await answers.next();
    if (written.type !== 'written')
      throw new FuzzyBuildHelperError(`unexpected helper answer ${written.type}`);
    return assembleBase(texts, gramCounts, offsets, postings);
  } finally {
    answers.close();
    await thread.terminate();
  }
}
