import { Worker } from 'node:worker_threads';

/** Runs `fn` repeatedly for about `ms` milliseconds and answers operations per second. */
export function opsPerSecond(fn: () => unknown, ms = 1000): number {
  for (let i = 0; i < 3; i += 1) fn(); // warm-up
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    fn();
    runs += 1;
    elapsed = performance.now() - start;
  }
  return (runs * 1000) / elapsed;
}

/** Prints one figure as a ratio against its reference, with the target it must meet. */
export function report(name: string, ratio: number, target: string, met: boolean, detail: string): void {
  process.stdout.write(
    `${met ? 'MET ' : 'MISS'}  ${name}: ${ratio.toFixed(2)}× (target ${target}) — ${detail}\n`,
  );
}

/** Prints a figure that has no target (shown for information): it is never MET or MISSed. */
export function reportInfo(name: string, ratio: number, detail: string): void {
  process.stdout.write(`INFO  ${name}: ${ratio.toFixed(2)}× — ${detail}\n`);
}

/**
 * The highest resident set size (KiB) a helper thread saw, sampling /proc/self/status every 10 ms:
 * a peak between two of the caller's own samples (a build's transient) is caught too. `take`
 * answers it; `reset` also starts the next stretch from zero. The thread never keeps the process alive.
 */
export function rssSampler(): { take(): number; reset(): number } {
  const highest = new Int32Array(new SharedArrayBuffer(4));
  const sampler = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     setInterval(() => {
       const kb = Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
       if (kb > Atomics.load(workerData, 0)) Atomics.store(workerData, 0, kb);
     }, 10);`,
    { eval: true, workerData: highest },
  );
  sampler.unref();
  return { take: () => Atomics.load(highest, 0), reset: () => Atomics.exchange(highest, 0, 0) };
}
