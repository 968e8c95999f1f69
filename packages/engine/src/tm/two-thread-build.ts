import type { HelperAnswer, HelperRequest } from './fuzzy-build-protocol';

/**
 * What a fuzzy index build on two threads (pipelined-build.ts, ADR 0011) needs from its
 * caller and how it hears from its helper thread.
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

/**
 * The helper's answers in order; `next` rejects once the helper reports a failure, crashes or
 * stops, whether the failure came before the wait or during it.
 */
export function helperAnswers(thread: FuzzyBuildThread) {
  const queue: HelperAnswer[] = [];
  let failure: FuzzyBuildHelperError | null = null;
  let closed = false;
  let waiting: { resolve: (answer: HelperAnswer) => void; reject: (error: Error) => void } | null = null;
  let rejectFailed: (error: Error) => void = () => {};
  /** Rejects once the helper fails (never resolves): for waits that are not on a message. */
  const failed = new Promise<never>((_, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => {}); // awaited only by some builds
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
    rejectFailed(error);
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
    failed,
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
