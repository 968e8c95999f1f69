import { MtError } from '../mt-error';

/** How often and how patiently a failed call is repeated. */
export interface RetryPolicy {
  /** Attempts after the first one (default 4). */
  maxRetries: number;
  /** First backoff delay; doubled on each attempt, with jitter (default 500 ms). */
  baseDelayMs: number;
  /** Longest single wait; a Retry-After beyond it fails the call as RATE_LIMITED at once (default 30 s). */
  maxDelayMs: number;
}

/** Defaults suited to interactive jobs: about 8 s of backoff in all before giving up. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Reads a Retry-After header (delta seconds or an HTTP date) as milliseconds from `now`. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}

/**
 * Runs `attempt` until it succeeds, retrying retryable `MtError`s with exponential backoff and
 * jitter; a Retry-After from the engine replaces the computed delay.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof MtError) || !error.isRetryable || tries >= policy.maxRetries) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > policy.maxDelayMs) throw error;
      await sleep(error.retryAfterMs ?? backoffDelay(tries, policy), signal);
    }
  }
}
