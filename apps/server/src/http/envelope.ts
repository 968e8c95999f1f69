import type { ApiEnvelope } from '@bhasha/contract';

/** Wraps a successful result in the `{ success, message, data }` envelope. */
export function ok<T>(data: T, message = 'Success'): ApiEnvelope<T> & { success: true } {
  return { success: true, message, data };
}
