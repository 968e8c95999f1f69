/*
 * Sign-in helpers without zod, for the dashboard's first screen; the request and response schemas
 * of the authentication calls are in `./auth`.
 */

/** `data` of a failed sign-in (401): whether the account is locked, and the consecutive failures so far. */
export interface LoginFailureFacts {
  locked: boolean;
  attempts: number;
}

/**
 * Reads the `data` of a failed sign-in: `{ locked, attempts }` when `locked` is a boolean and
 * `attempts` a non-negative safe integer (what `loginFailureDataSchema` accepts, other keys left
 * out), otherwise not locked and no attempts.
 */
export function readLoginFailureData(data: unknown): LoginFailureFacts {
  if (typeof data === 'object' && data !== null) {
    const { locked, attempts } = data as Record<string, unknown>;
    if (typeof locked === 'boolean' && Number.isSafeInteger(attempts) && (attempts as number) >= 0)
      return { locked, attempts: attempts as number };
  }
  return { locked: false, attempts: 0 };
}
