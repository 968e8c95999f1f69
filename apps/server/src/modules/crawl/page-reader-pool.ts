import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { workerEntryOf, type WorkerEntry } from '../../lib/worker-entry';
import { createPageReader, type PageReader, type PageReading, type PageReadRequest } from './page-reader';
import {
  fromWire,
  type ReaderAnswerMessage,
  type ReaderRequestMessage,
  type WireReading,
} from './page-reader-protocol';

export interface PageReaderPoolOptions {
  /** Reader threads; 0 reads on the calling thread (no worker at all). */
  readonly threads: number;
  /** Reader threads stop after this long without a page to read; the next page starts them again. */
  readonly idleMs?: number;
  /** Reader threads that may stop while reading one page before that page fails (default 2). */
  readonly maxAttempts?: number;
  /** Tests run other scripts; by default the reader next to this module (see `readerEntry`). */
  readonly entry?: WorkerEntry;
}

/**
 * Reader threads by default: two when the machine has two cores or more, two at most (a crawl's
 * lanes rarely keep more busy). On an idle two-core machine one reader thread was the crawl's
 * bound (~3 ms of CPU a page, ~80 % busy) while the crawl's thread and PostgreSQL left the second
 * core room: two readers crawled 1.15-1.2x faster (ADR 0013). They fit
 * the crawl's memory target with their small heaps (READER_HEAP_FLAGS).
 */
export function defaultReaderThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A reader isolate's heap: a 4 MB semi-space (8 MB young generation) and a 256 MB old generation.
 * A reader keeps ~25 MB live (its memos of texts and links, its code) and makes ~1.3 MB of garbage
 * a page, nearly all of it dead before the next page: a small young generation collects it as
 * well, and the small old-generation bound makes V8 grow the old generation by ~1.3x its live
 * data between full collections instead of ~1.6x. With the process's values (8 MB semi-spaces,
 * 1 GB: scripts/node-flags.mjs) each reader's heap reached 69-78 MB at 10,000 URLs and the crawl
 * process peaked at 303-323 MB with two readers. A 2 MB semi-space saved most (267-286 MB under
 * load) but cost CPU in scavenges (the whole process's +7 to +25 %); on the idle machine, with the
 * fetcher's reused page buffers, 4 MB crawled faster at the same peak: 336 and 348 pages/s against
 * 306 and 336, 274-279 MB against 270-274 (ADR 0013).
 * Worst case of what it holds: MAX_CRAWLS memos of page-reader.ts, ~40 MB each when full.
 */
export const READER_HEAP_FLAGS = Object.freeze({ maxSemiSpaceSizeMb: 4, maxOldGenerationSizeMb: 256 });

/** The value of V8 flag `name` (as `--max-semi-space-size=N`) this process was started with, or 0 (V8's default). */
function processFlagValue(name: string): number {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  let value = 0;
  for (const flag of flags) {
    const [key, given] = flag.replaceAll('_', '-').split('=');
    if (key === `--${name}` && given !== undefined) value = Number(given) || 0;
  }
  return value;
}

let startingReaders = 0;

/**
 * Gives reader isolates READER_HEAP_FLAGS while they start. V8's heap flags are process-wide and
 * win over a worker's `resourceLimits` (V8's heap configuration applies --max-semi-space-size and
 * --max-old-space-size after the limits Node passes), so with the worker process's flags every
 * reader got a 16 MB young generation and a 1 GB bound whatever `resourceLimits` said (a
 * maxYoungGenerationSizeMb: 12 changed nothing: measured 16.8 MB new space either way). A heap is
 * sized once, when its isolate is made on the thread's start: so the flags are set before
 * `new Worker` and the process's own values are put back once every starting reader is online
 * (or gone). Isolates already running keep their sizes. Another worker started in that moment
 * would get the readers' sizes: the only other one, the fuzzy index builder, asks for a 128 MB old
 * generation itself (which these same flags override: it gets 1 GB otherwise).
 */
function withReaderHeapFlags(start: () => Worker): Worker {
  const semi = `--max-semi-space-size=`;
  const old = `--max-old-space-size=`;
  if (startingReaders === 0) {
    setFlagsFromString(semi + READER_HEAP_FLAGS.maxSemiSpaceSizeMb);
    setFlagsFromString(old + READER_HEAP_FLAGS.maxOldGenerationSizeMb);
  }
  startingReaders += 1;
  let worker: Worker;
  try {
    worker = start();
  } catch (error) {
    started();
    throw error;
  }
  let pending = true;
  function started(): void {
    startingReaders -= 1;
    if (startingReaders > 0) return;
    setFlagsFromString(semi + processFlagValue('max-semi-space-size'));
    setFlagsFromString(old + processFlagValue('max-old-space-size'));
  }
  const once = () => {
    if (!pending) return;
    pending = false;
    started();
  };
  worker.once('online', once);
  worker.once('exit', once);
  return worker;
}

/** The reader thread's script, beside the bundle's entry or next to this module (worker-entry.ts). */
export function readerEntry(): WorkerEntry {
  return workerEntryOf('page-reader.worker', import.meta.url);
}

interface ReadJob {
  readonly id: number;
  readonly request: PageReadRequest;
  /** Reader threads that stopped while reading this page. */
  crashes: number;
  resolve(reading: WireReading): void;
  reject(error: Error): void;
}

interface ReaderThread {
  readonly worker: Worker;
  readonly pending: Map<number, ReadJob>;
  /** Set when the pool ends the thread itself (idle, closed): its exit is not a crash. */
  stopping: boolean;
  /** The uncaught error that ended it, if any. */
  crash: Error | null;
}

/** A page's reading failed because the thread reading it stopped: the page is failed with this. */
export class ReaderCrashedError extends Error {}

/**
 * Page readers off the crawl's thread: `read` hands a fetched page to the least busy reader thread
 * (started on first use) and resolves with its reading, so fetching, queueing and the batch writer
 * go on meanwhile. A thread that dies is replaced and its unanswered pages are read again by the
 * new one, up to `maxAttempts` times each; then the page's read fails with a ReaderCrashedError
 * (the crawl stores it as failed: no page is lost or stored twice). Idle threads stop, and never
 * keep the process alive; `close` stops them at once.
 */
export function createPageReaderPool(options: PageReaderPoolOptions) {
  const { threads, idleMs = 10_000, maxAttempts = 2 } = options;
  const slots: Array<ReaderThread | null> = Array.from({ length: threads }, () => null);
  let inline: PageReader | null = null;
  let nextId = 0;
  let inFlight = 0;
  let closed = false;
  let idleTimer: NodeJS.Timeout | null = null;
  let entry = options.entry;

  function startThread(slot: number): ReaderThread {
    entry ??= readerEntry();
    const { url, argv, workerData } = entry;
    const worker = withReaderHeapFlags(
      () =>
        new Worker(url, {
          argv: [...argv],
          workerData,
          // Not the process's flags: V8 heap flags are refused for a thread (withReaderHeapFlags).
          // A CPU profile of the process (--cpu-prof) includes its readers, one file each.
          execArgv: process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')),
          // As the flags say (Node's own out-of-memory handling of the thread reads these).
          resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_FLAGS.maxOldGenerationSizeMb },
        }),
    );
    const thread: ReaderThread = { worker, pending: new Map(), stopping: false, crash: null };
    worker.on('message', (answer: ReaderAnswerMessage) => {
      const job = thread.pending.get(answer.id);
      if (!job) return;
      thread.pending.delete(answer.id);
      settled(thread);
      if ('reading' in answer) job.resolve(answer.reading);
      else job.reject(new Error(answer.error));
    });
    worker.on('error', (error) => {
      thread.crash = error;
    });
    worker.on('exit', (code) => {
      if (slots[slot] === thread) slots[slot] = null;
      if (thread.stopping) return;
      const reason = thread.crash?.message ?? `exit code ${code}`;
      // A thread reads its pages in the order they were sent: the oldest unanswered one is the
      // page it was reading when it stopped. Only that one counts an attempt; the pages queued
      // behind it were not started and go to the new thread as they are.
      const orphans = [...thread.pending.values()];
      thread.pending.clear();
      inFlight -= orphans.length;
      if (orphans[0]) orphans[0].crashes += 1;
      for (const job of orphans) {
        if (!closed && job.crashes < maxAttempts) dispatch(job);
        else {
          job.reject(
            new ReaderCrashedError(
              `The page reader stopped while reading ${job.request.normalisedUrl} ` +
                `(${job.crashes} attempts): ${reason}`,
            ),
          );
        }
      }
      if (inFlight === 0) scheduleIdleStop();
    });
    slots[slot] = thread;
    return thread;
  }

  function settled(thread: ReaderThread): void {
    inFlight -= 1;
    // A thread with nothing to read must not keep the process alive.
    if (thread.pending.size === 0) thread.worker.unref();
    if (inFlight === 0) scheduleIdleStop();
  }

  function scheduleIdleStop(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (inFlight === 0) void stopThreads();
    }, idleMs);
    idleTimer.unref();
  }

  async function stopThreads(): Promise<void> {
    const running = slots.filter((thread): thread is ReaderThread => thread !== null);
    slots.fill(null);
    for (const thread of running) thread.stopping = true;
    await Promise.all(running.map((thread) => thread.worker.terminate()));
  }

  function leastBusy(): ReaderThread {
    let best = -1;
    for (let slot = 0; slot < slots.length; slot += 1) {
      const thread = slots[slot];
      if (!thread) return startThread(slot);
      if (best < 0 || thread.pending.size < slots[best]!.pending.size) best = slot;
    }
    return slots[best]!;
  }

  function dispatch(job: ReadJob): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const thread = leastBusy();
    inFlight += 1;
    if (thread.pending.size === 0) thread.worker.ref();
    thread.pending.set(job.id, job);
    const message: ReaderRequestMessage = { type: 'read', id: job.id, request: job.request };
    thread.worker.postMessage(message);
  }

  function readPacked(request: PageReadRequest): Promise<PageReading | WireReading> {
    if (closed) return Promise.reject(new Error('The page reader pool is closed'));
    if (threads === 0) {
      inline ??= createPageReader();
      try {
        return Promise.resolve(inline.read(request));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return new Promise<WireReading>((resolve, reject) => {
      nextId += 1;
      dispatch({ id: nextId, request, crashes: 0, resolve, reject });
    });
  }

  return {
    threads,
    /** Reads a page on a reader thread (or here, without threads). */
    async read(request: PageReadRequest): Promise<PageReading> {
      const reading = await readPacked(request);
      return 'linkUrls' in reading ? fromWire(reading) : reading;
    },
    /**
     * `read`, its answer left as it crossed from the reader thread: `toFetchedPage` takes it so,
     * without making the strings of links and segments its crawl already wrote.
     */
    readPacked,
    /** Frees what the readers remember of a crawl (it ended). */
    forget(crawlId: string): void {
      inline?.forget(crawlId);
      const message: ReaderRequestMessage = { type: 'forget', crawlId };
      for (const thread of slots) thread?.worker.postMessage(message);
    },
    /** Live reader threads (started lazily, stopped when idle). */
    runningThreads(): number {
      return slots.filter(Boolean).length;
    },
    /** Stops every reader thread; pages still being read fail. */
    async close(): Promise<void> {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const running = slots.filter((thread): thread is ReaderThread => thread !== null);
      await stopThreads();
      for (const thread of running) {
        for (const job of thread.pending.values()) job.reject(new Error('The page reader pool is closed'));
        thread.pending.clear();
      }
      inFlight = 0;
    },
  };
}

export type PageReaderPool = ReturnType<typeof createPageReaderPool>;
