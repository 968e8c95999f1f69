/** The p-th percentile (0–100) of a list of timings, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Milliseconds each call of `fn` over `inputs` takes, in order. */
export async function timeEach<T, R>(
  inputs: readonly T[],
  fn: (input: T) => R | Promise<R>,
): Promise<{ ms: number[]; results: R[] }> {
  const ms: number[] = [];
  const results: R[] = [];
  for (const input of inputs) {
    const start = performance.now();
    results.push(await fn(input));
    ms.push(performance.now() - start);
  }
  return { ms, results };
}

/** An integer setting from the environment, for scaling a benchmark down on a busy machine. */
export function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
