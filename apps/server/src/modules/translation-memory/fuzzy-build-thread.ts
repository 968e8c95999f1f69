import { Worker } from 'node:worker_threads';
import { TWO_THREADS_FROM, type FuzzyBuildThread, type TwoThreadBuildOptions } from '@bhasha/engine';
import { workerEntryOf, type WorkerEntry } from '../../lib/worker-entry';

/** The build's helper thread script, beside the bundle's entry or next to this module (worker-entry.ts). */
export function fuzzyBuildWorkerEntry(): WorkerEntry {
  return workerEntryOf('fuzzy-build.worker', import.meta.url);
}

/** Starts a helper thread for one fuzzy index build (the build ends it). */
export function startFuzzyBuildThread(entry: WorkerEntry = fuzzyBuildWorkerEntry()): FuzzyBuildThread {
  return new Worker(entry.url, {
    argv: [...entry.argv],
    // Not the process's flags: V8 heap flags are refused for a thread. A CPU profile of the
    // process (--cpu-prof) includes the helper, one file of its own.
    execArgv: process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')),
    // Its arrays are shared memory or off the heap (hand-on buffers, bucket state): the heap holds
    // only the engine's code and a few messages.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
}

/** The server's two-thread fuzzy builds: this worker script, from `TWO_THREADS_FROM` texts on. */
export const serverTwoThreadBuild: TwoThreadBuildOptions = { startHelper: () => startFuzzyBuildThread() };

/**
 * A build's helper thread started early: as soon as the texts gathered reach the two-thread size
 * (`gathered`), so it loads its script (a few hundred milliseconds of CPU when tsx compiles the
 * engine) while the rest of the texts are read, instead of while the build waits for it. `options`
 * hands that thread to the build (or starts one then); `dispose` ends a thread no build took, for
 * when gathering fails.
 */
export function earlyFuzzyBuildThread(base: TwoThreadBuildOptions = serverTwoThreadBuild) {
  const fromTexts = base.fromTexts ?? TWO_THREADS_FROM;
  let early: FuzzyBuildThread | null = null;
  let taken = false;
  return {
    gathered(size: number): void {
      if (!early && !taken && size >= fromTexts) early = base.startHelper();
    },
    options: {
      fromTexts,
      startHelper: () => {
        const thread = early ?? base.startHelper();
        early = null;
        taken = true;
        return thread;
      },
    } satisfies TwoThreadBuildOptions,
    async dispose(): Promise<void> {
      const thread = early;
      early = null;
      taken = true;
      await thread?.terminate();
    },
  };
}
