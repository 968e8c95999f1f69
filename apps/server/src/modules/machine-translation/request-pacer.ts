/**
 * Paces vendor requests of one engine to `perMinute` across every run of this process: a token
 * bucket that refills continuously, so a burst after a quiet minute is allowed and a steady
 * stream never exceeds the engine's quota.
 */
export interface RequestPacer {
  /** Waits until `count` requests may be sent (rejects when `signal` aborts). */
  acquire(count: number, signal?: AbortSignal): Promise<void>;
}

/** No pacing: the engine has no configured limit. */
export const unpaced: RequestPacer = { acquire: () => Promise.resolve() };

export function createRequestPacer(perMinute: number, now: () => number = Date.now): RequestPacer {
  const capacity = Math.max(1, perMinute);
  const refillPerMs = perMinute / 60_000;
  let tokens = capacity;
  let last = now();
  let queue: Promise<void> = Promise.resolve();

  const refill = (): void => {
    const current = now();
    tokens = Math.min(capacity, tokens + (current - last) * refillPerMs);
    last = current;
  };

  const take = async (count: number, signal?: AbortSignal): Promise<void> => {
    // A chunk larger than the bucket may still go once the bucket is full, or it would wait forever.
    const needed = Math.min(count, capacity);
    for (;;) {
      signal?.throwIfAborted();
      refill();
      if (tokens >= needed) {
        tokens -= needed;
        return;
      }
      const waitMs = Math.ceil((needed - tokens) / refillPerMs);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, waitMs);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason as Error);
          },
          { once: true },
        );
      });
    }
  };

  return {
    acquire(count, signal) {
      // Callers are served in arrival order so one large chunk cannot be starved by small ones.
      const turn = queue.then(() => take(count, signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
