/** Runs at most `concurrency` tasks at a time; the rest wait in arrival order. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A concurrency limit shared by every call of one engine instance. */
export function createLimiter(concurrency: number): Limiter {
  const max = Math.max(1, Math.floor(concurrency));
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    active--;
    waiting.shift()?.();
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
