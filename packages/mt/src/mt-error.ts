/** Why an engine call failed; the server maps each code to what the user sees and whether to retry later. */
export const MT_ERROR_CODES = {
  AUTH: 'AUTH',
  QUOTA: 'QUOTA',
  RATE_LIMITED: 'RATE_LIMITED',
  UNSUPPORTED_PAIR: 'UNSUPPORTED_PAIR',
  BAD_RESPONSE: 'BAD_RESPONSE',
  UNAVAILABLE: 'UNAVAILABLE',
} as const;

/** One of {@link MT_ERROR_CODES}. */
export type MtErrorCode = (typeof MT_ERROR_CODES)[keyof typeof MT_ERROR_CODES];

/** What an adapter knows about a failure when it raises an {@link MtError}. */
export interface MtErrorInit {
  code: MtErrorCode;
  /** Display name of the engine ("DeepL"), used in the user-facing message. */
  engine: string;
  /** User-facing message; a default per code is used when absent. */
  message?: string;
  /** HTTP status the engine answered with, if any. */
  status?: number;
  /** How long the engine asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  /** The engine's own explanation, already stripped of credentials; for logs, never for users. */
  detail?: string;
  /** Whether the same request may succeed if sent again (429, 5xx, network errors). */
  isRetryable?: boolean;
  cause?: unknown;
}

const DEFAULT_MESSAGES: Readonly<Record<MtErrorCode, (engine: string) => string>> = {
  AUTH: (engine) =>
    `${engine} rejected Bhasha's credentials. Ask an administrator to check the engine's API key.`,
  QUOTA: (engine) => `The ${engine} quota is used up. Try again later or raise the engine's quota.`,
  RATE_LIMITED: (engine) => `${engine} is receiving too many requests. Please try again in a minute.`,
  UNSUPPORTED_PAIR: (engine) => `${engine} cannot translate between these languages.`,
  BAD_RESPONSE: (engine) =>
    `${engine} returned an answer Bhasha could not use. Please try again or choose another engine.`,
  UNAVAILABLE: (engine) => `${engine} is not reachable right now. Please try again later.`,
};

/**
 * The one error type every adapter throws. `message` is safe to show to users; `detail` is the
 * vendor's own text for logs. Neither ever contains credentials (adapters redact them).
 */
export class MtError extends Error {
  override readonly name = 'MtError';
  readonly code: MtErrorCode;
  readonly engine: string;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;
  readonly isRetryable: boolean;

  constructor(init: MtErrorInit) {
    super(
      init.message ?? DEFAULT_MESSAGES[init.code](init.engine),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.code = init.code;
    this.engine = init.engine;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.detail;
    this.isRetryable = init.isRetryable ?? false;
  }

  /** Plain object for logs and job results (no stack, no cause). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      engine: this.engine,
      message: this.message,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      detail: this.detail,
    };
  }
}

/** True for an {@link MtError}, optionally of one code. */
export function isMtError(value: unknown, code?: MtErrorCode): value is MtError {
  return value instanceof MtError && (code === undefined || value.code === code);
}
