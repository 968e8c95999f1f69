import { assembleBase, placeForBuild, type BaseSegment, type StoredTexts } from './fuzzy-base';
import type { HelperAnswer, HelperRequest } from './fuzzy-build-protocol';
import { partitionCount, placeRange, rangeBytes, sizeRange, writeRange } from './posting-passes';

/**
 * A fuzzy index build on two threads (ADR 0011, session 8). The postings' two passes (sizes, then
 * bytes) split cleanly by halves of the bucket space: both threads hash every text, and each hands
 * on and visits only its half's postings, counting its own distinct buckets per text (summed
 * after). A barrier between the passes exchanges the halves' sizes, so both write into one shared
 * postings array, the lower half first: the same bytes as the one-thread build. The texts, their
 * handles and lengths, the offsets and the postings are shared memory, never copied.
 */

/**
 * The helper thread as the build needs it: Node's `Worker`, running an entry that calls
 * `serveFuzzyBuildHelper(parentPort)`. The engine never starts one itself: where its script is
 * depends on how the caller runs (sources under tsx or vitest, a bundle), so the caller passes a
 * factory.
 */
export interface FuzzyBuildThread {
  postMessage(message: HelperRequest): void;
  on(event: 'message', listener: (message: HelperAnswer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<unknown>;
}

export interface TwoThreadBuildOptions {
  /** Starts a helper thread; one per build, ended when the build ends, whether it succeeds or not. */
  readonly startHelper: () => FuzzyBuildThread;
  /** Fewer texts than this are built on the calling thread alone (default `TWO_THREADS_FROM`). */
  readonly fromTexts?: number;
}

/**
 * Below this many texts a build stays on one thread: it takes about a second there at most, and
 * starting a thread and loading the engine into it (tens of milliseconds bundled, up to a second
 * when tsx compiles the sources) would eat most of what the second core saves. Tests, PGlite and
 * most organisations' memories are far below it.
 */
export const TWO_THREADS_FROM = 100_000;

/** The helper thread failed, crashed or stopped: the build fails rather than answer a partial index. */
export class FuzzyBuildHelperError extends Error {}

/** The base of `take`'s texts, whose store pages must be shared memory (`TextStore.isShared`). */
export async function buildBaseOnTwoThreads(
  take: () => StoredTexts,
  startHelper: () => FuzzyBuildThread,
): Promise<BaseSegment> {
  const texts = placeForBuild(take, (bytes) => new SharedArrayBuffer(bytes));
  const partitions = partitionCount(texts.mask);
  // The lower half here, the upper one on the helper: hashing spreads buckets evenly.
  const own = { from: 0, to: partitions >>> 1 };
  const helperCounts = new Uint16Array(new SharedArrayBuffer(texts.size * 2));
  const offsets = new Uint32Array(new SharedArrayBuffer((texts.mask + 2) * 4));
  const thread = startHelper();
  const answers = helperAnswers(thread);
  try {
    thread.postMessage({
      type: 'size',
      pages: texts.store.pages,
      handles: texts.handles,
      lengths: texts.lengths,
      size: texts.size,
      mask: texts.mask,
      range: { from: own.to, to: partitions },
      gramCounts: helperCounts,
    });
    const gramCounts = new Uint16Array(texts.size);
    const state = sizeRange(texts, own, gramCounts);
    const ownBytes = rangeBytes(state);
    const sized = await answers.next();
    if (sized.type !== 'sized') throw new FuzzyBuildHelperError(`unexpected helper answer ${sized.type}`);
    const postings = new Uint8Array(new SharedArrayBuffer(ownBytes + sized.bytes));
    thread.postMessage({ type: 'write', postings, offsets, start: ownBytes });
    placeRange(state, offsets, 0, 0);
    writeRange(texts, own, state, postings);
    const written = await answers.next();
    if (written.type !== 'written')
      throw new FuzzyBuildHelperError(`unexpected helper answer ${written.type}`);
    for (let slot = 0; slot < texts.size; slot += 1) gramCounts[slot]! += helperCounts[slot]!;
    return assembleBase(texts, gramCounts, offsets, postings);
  } finally {
    answers.close();
    await thread.terminate();
  }
}

/**
 * The helper's answers in order; `next` rejects once the helper reports a failure, crashes or
 * stops, whether the failure came before the wait or during it.
 */
function helperAnswers(thread: FuzzyBuildThread) {
  const queue: HelperAnswer[] = [];
  let failure: FuzzyBuildHelperError | null = null;
  let closed = false;
  let waiting: { resolve: (answer: HelperAnswer) => void; reject: (error: Error) => void } | null = null;
  const settle = () => {
    if (!waiting) return;
    const { resolve, reject } = waiting;
    if (queue.length > 0) {
      waiting = null;
      resolve(queue.shift()!);
    } else if (failure) {
      waiting = null;
      reject(failure);
    }
  };
  const fail = (error: FuzzyBuildHelperError) => {
    if (closed || failure) return;
    failure = error;
    settle();
  };
  thread.on('message', (answer) => {
    if (answer.type === 'failed')
      fail(new FuzzyBuildHelperError(`The fuzzy index build's helper thread failed: ${answer.message}`));
    else queue.push(answer);
    settle();
  });
  thread.on('error', (error) =>
    fail(
      new FuzzyBuildHelperError(`The fuzzy index build's helper thread crashed: ${error.message}`, {
        cause: error,
      }),
    ),
  );
  thread.on('exit', (code) =>
    fail(
      new FuzzyBuildHelperError(
        `The fuzzy index build's helper thread stopped (exit code ${code}) before the build ended`,
      ),
    ),
  );
  return {
    next(): Promise<HelperAnswer> {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        settle();
      });
    },
    /** The build is over: the helper's end is expected now. */
    close(): void {
      closed = true;
    },
  };
}
