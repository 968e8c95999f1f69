import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TWO_THREADS_FROM, type FuzzyBuildThread, type TwoThreadBuildOptions } from '@bhasha/engine';
import { typeScriptWorkerEntry, type ReaderEntry } from '../crawl/page-reader-pool';

/**
 * Where the build's helper thread script is: beside the bundle's entry when built (this code sits
 * either in that entry or in `chunks/`, one folder below; build.mjs emits the worker as an entry
 * of its own), or next to this module in the sources, started through tsx (tests, bench, dev
 * server), as the crawl's reader threads are (page-reader-pool.ts).
 */
export function fuzzyBuildWorkerEntry(): ReaderEntry {
  for (const candidate of ['./fuzzy-build.worker.js', '../fuzzy-build.worker.js']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(url))) return { url, argv: [] };
  }
  const source = new URL('./fuzzy-build.worker.ts', import.meta.url);
  if (existsSync(fileURLToPath(source))) return typeScriptWorkerEntry(source);
  throw new Error(`fuzzy-build.worker not found next to ${import.meta.url}`);
}

/** Starts a helper thread for one fuzzy index build (the build ends it). */
export function startFuzzyBuildThread(entry: ReaderEntry = fuzzyBuildWorkerEntry()): FuzzyBuildThread {
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
