/*
 * The envelope's codes, types and helpers without its zod schemas (`./envelope`), so the
 * dashboard's first screen can use them without loading zod.
 */

/** Error codes the server may put in `type` of a failed envelope. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** An e-mail or SMS could not be handed to its provider. */
  DELIVERY_FAILED: 'DELIVERY_FAILED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The `{ success, message, data }` envelope every API call answers with (DESIGN.md §3). */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** A failed envelope; `type` names the error, validation failures carry their messages in `data`. */
export interface ApiFailure {
  success: false;
  message: string;
  data?: unknown;
  type?: ErrorCode;
  /** Present when the client clock is too far from the server's (spec §4 session expiry). */
  flag?: typeof TIME_TRAVEL_FLAG;
  /** Present with `name` when the token has expired (spec §4 session expiry). */
  code?: number;
  name?: string;
}

export const TIME_TRAVEL_FLAG = 'TIME_TRAVEL';
export const TOKEN_EXPIRED_NAME = 'TokenExpiredError';
/** The `code` that accompanies TokenExpiredError; the spec's client keys on it. */
export const TOKEN_EXPIRED_CODE = 500;

/** True when a failed answer means the session is over and the client must sign out (spec §4). */
export function isSessionExpired(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<ApiFailure>;
  if (b.flag === TIME_TRAVEL_FLAG && !b.success) return true;
  return b.code === TOKEN_EXPIRED_CODE && b.name === TOKEN_EXPIRED_NAME;
}
