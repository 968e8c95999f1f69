import {
  ERROR_CODES,
  TIME_TRAVEL_FLAG,
  TOKEN_EXPIRED_CODE,
  TOKEN_EXPIRED_NAME,
  type ErrorCode,
} from '@bhasha/contract';

/**
 * The one error type services throw. `statusCode` picks the HTTP status, `type` the documented
 * error code, `data` anything the client shows (validation messages, lockout state).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: ErrorCode,
    message: string,
    readonly data?: unknown,
    /** Extra top-level fields of the failure body (the session-expiry answers of spec §4). */
    readonly extras?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(messages: string[]): AppError {
    return new AppError(400, ERROR_CODES.VALIDATION_ERROR, messages[0] ?? 'Invalid request', messages);
  }

  static unauthorized(message = 'Please sign in to continue', data?: unknown): AppError {
    return new AppError(401, ERROR_CODES.UNAUTHORIZED, message, data);
  }

  static forbidden(message = 'You are not allowed to do this'): AppError {
    return new AppError(403, ERROR_CODES.FORBIDDEN, message);
  }

  /** Also used for rows of another organisation, so their existence does not leak. */
  static notFound(what = 'The requested item'): AppError {
    return new AppError(404, ERROR_CODES.NOT_FOUND, `${what} was not found`);
  }

  /** The client's clock is too far from the server's: the spec's client signs out on this flag. */
  static timeTravel(): AppError {
    return new AppError(
      401,
      ERROR_CODES.UNAUTHORIZED,
      "Your device's clock does not match the current time. Please correct it and sign in again.",
      undefined,
      { flag: TIME_TRAVEL_FLAG },
    );
  }

  /** The token has expired or was revoked: answered in the shape the spec's client signs out on. */
  static tokenExpired(): AppError {
    return new AppError(
      401,
      ERROR_CODES.UNAUTHORIZED,
      'Your session has expired. Please sign in again.',
      undefined,
      {
        code: TOKEN_EXPIRED_CODE,
        name: TOKEN_EXPIRED_NAME,
      },
    );
  }

  static conflict(message: string): AppError {
    return new AppError(409, ERROR_CODES.CONFLICT, message);
  }

  /** A limit on how often something may be done; `data` may say when it is allowed again. */
  static tooManyRequests(message: string, data?: unknown): AppError {
    return new AppError(429, ERROR_CODES.RATE_LIMITED, message, data);
  }

  /** An e-mail or SMS could not be handed to its provider; nothing was changed for the caller. */
  static deliveryFailed(message: string): AppError {
    return new AppError(502, ERROR_CODES.DELIVERY_FAILED, message);
  }
}
