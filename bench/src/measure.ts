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
