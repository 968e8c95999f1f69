import { MtError, type MtErrorCode } from '../mt-error';
import { redactSecrets } from './redact';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry, type RetryPolicy } from './retry';

/** One HTTP call to an engine. */
export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** An engine's answer, body read as text. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Turns a non-2xx answer into an error; returning undefined keeps the default mapping by status. */
export type ErrorClassifier = (answer: HttpAnswer, detail: string) => MtError | undefined;

/** Settings shared by every adapter's HTTP calls. */
export interface HttpClientOptions {
  /** Engine display name for messages. */
  label: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Credentials to strip from anything that could reach logs. */
  secrets?: readonly (string | undefined)[];
  classify?: ErrorClassifier;
}

/** Sends requests with a per-attempt timeout, retries on 429/5xx/network errors, and typed errors. */
export interface HttpClient {
  readonly label: string;
  send(request: HttpRequest, signal?: AbortSignal): Promise<HttpAnswer>;
  /** Sends and parses a JSON answer (BAD_RESPONSE when it is not JSON). */
  sendJson(request: HttpRequest, signal?: AbortSignal): Promise<unknown>;
  /**
   * Builds an error of this engine, redacting credentials from `detail`. Given the answer, it takes
   * its status and Retry-After; RATE_LIMITED and UNAVAILABLE errors are then retryable.
   */
  error(code: MtErrorCode, detail?: string, answer?: HttpAnswer, message?: string): MtError;
}

/** Default time one attempt may take before it counts as UNAVAILABLE and is retried. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Finds the human explanation in the usual error bodies (`{error:{message}}`, `{message}`, `{detail}`…). */
export function extractErrorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    const pick = (value: unknown): string | undefined => {
      if (typeof value === 'string') return value;
      if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        for (const key of ['message', 'Message', 'error', 'detail', 'explanation', 'error_description']) {
          const found = pick(record[key]);
          if (found) return found;
        }
      }
      return undefined;
    };
    return pick(body) ?? text.slice(0, 500);
  } catch {
    return text.slice(0, 500);
  }
}

function defaultError(label: string, answer: HttpAnswer, detail: string): MtError {
  const status = answer.status;
  const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
  const base = { engine: label, status, detail, retryAfterMs };
  if (status === 401 || status === 403) return new MtError({ ...base, code: 'AUTH' });
  if (status === 402 || status === 456) return new MtError({ ...base, code: 'QUOTA' });
  if (status === 429) return new MtError({ ...base, code: 'RATE_LIMITED', isRetryable: true });
  if (status === 408 || status >= 500)
    return new MtError({ ...base, code: 'UNAVAILABLE', isRetryable: true });
  return new MtError({
    ...base,
    code: 'BAD_RESPONSE',
    message: `${label} rejected the request (HTTP ${status}).`,
  });
}

/** An HTTP client for one engine instance. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const label = options.label;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const secrets = options.secrets ?? [];
  const redact = (text: string): string => redactSecrets(text, secrets);

  const error = (code: MtErrorCode, detail?: string, answer?: HttpAnswer, message?: string): MtError =>
    new MtError({
      code,
      engine: label,
      message,
      detail: detail === undefined ? undefined : redact(detail),
      status: answer?.status,
      retryAfterMs: answer ? parseRetryAfter(answer.headers.get('retry-after')) : undefined,
      isRetryable: answer !== undefined && (code === 'RATE_LIMITED' || code === 'UNAVAILABLE'),
    });

  const attempt = async (request: HttpRequest, signal?: AbortSignal): Promise<HttpAnswer> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await fetch(request.url, {
        method: request.method ?? 'POST',
        headers: request.headers,
        body: request.body,
        signal: combined,
      });
      text = await response.text();
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      const isTimeout = timeout.aborted;
      throw new MtError({
        code: 'UNAVAILABLE',
        engine: label,
        message: isTimeout
          ? `${label} did not answer within ${Math.round(timeoutMs / 1000)} s. Please try again later.`
          : undefined,
        detail: redact(
          cause instanceof Error
            ? `${cause.message}${cause.cause instanceof Error ? `: ${cause.cause.message}` : ''}`
            : String(cause),
        ),
        isRetryable: true,
      });
    }
    const answer: HttpAnswer = { status: response.status, headers: response.headers, text };
    if (response.ok) return answer;
    const detail = redact(extractErrorDetail(text));
    throw options.classify?.(answer, detail) ?? defaultError(label, answer, detail);
  };

  const send = (request: HttpRequest, signal?: AbortSignal): Promise<HttpAnswer> =>
    withRetry(() => attempt(request, signal), policy, signal);

  return {
    label,
    send,
    error,
    async sendJson(request, signal) {
      const answer = await send(request, signal);
      try {
        return JSON.parse(answer.text) as unknown;
      } catch {
        throw error('BAD_RESPONSE', `not JSON: ${answer.text.slice(0, 200)}`);
      }
    },
  };
}
