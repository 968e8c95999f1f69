import type { ApiFailure } from '@bhasha/contract';

/** A successful, unwrapped-checkable answer. */
export interface ApiSuccess<T> {
  success: true;
  message: string;
  data: T;
}

/** Every call resolves to this: the envelope, with failures (HTTP, network) as success false. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Thrown by `call` (the unwrapping API) so TanStack Query sees failures as errors. */
export class ApiError extends Error {
  readonly body: ApiFailure;
  constructor(body: ApiFailure) {
    super(body.message);
    this.name = 'ApiError';
    this.body = body;
  }
}

/** True when an unknown value has the envelope's shape. */
export function isEnvelope(value: unknown): value is { success: boolean; message?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { success?: unknown }).success === 'boolean'
  );
}

const networkFailures = new WeakSet<object>();

/** Marks a failure that never reached the server (offline, aborted, refused). */
export function markNetworkFailure(failure: ApiFailure): ApiFailure {
  networkFailures.add(failure);
  return failure;
}

/** True when the call never got an answer from the server, so nothing can be concluded from it. */
export function isNetworkFailure(result: ApiResult<unknown>): boolean {
  return !result.success && networkFailures.has(result);
}

/**
 * Seconds a rate-limited call (429) says to wait before trying again (`data.retryAfterSeconds`),
 * or null when the answer names no wait.
 */
export function readRetryAfterSeconds(result: ApiResult<unknown> | null | undefined): number | null {
  if (!result || result.success) return null;
  const data = result.data as { retryAfterSeconds?: unknown } | null | undefined;
  const seconds = data?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
