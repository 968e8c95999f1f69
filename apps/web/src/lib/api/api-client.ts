import {
  AUTH_HEADER,
  TIMEZONE_HEADER,
  isSessionExpired,
  type ApiFailure,
  type ApiPath,
  type KnownPath,
} from '@bhasha/contract';
import { clearSession, readToken, type SessionStore } from '../session/session-storage';
import { ApiError, isEnvelope, markNetworkFailure, type ApiResult } from './api-result';
import { formatClientTime } from './client-time';
import type { Toaster } from './toast-deduper';
import type { EndpointCallOptions, ResponseAt } from './endpoint-call';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** A JSON body, or FormData for multipart uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string | number>;
  /** Extra headers (the token and timezone are added automatically). */
  headers?: Record<string, string>;
  /** When true the client shows no warning toast; the caller presents the outcome itself. */
  silent?: boolean;
  /** Milliseconds before the call is abandoned; null for no time-out (spec §9 manual translation). */
  timeoutMs?: number | null;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch: typeof fetch;
  store: () => SessionStore;
  toaster: Toaster;
  /** Text of failures that carry no server message (network errors, unreadable answers). */
  genericErrorMessage: () => string;
  /** Called after the stored session was cleared because the server said it has expired. */
  onSessionExpired: () => void;
  now?: () => Date;
}

/** A path the endpoint map does not know (a call still typed by hand). */
type UntypedPath<S extends string> = S extends ApiPath | KnownPath ? never : S;

export interface ApiClient {
  /** Resolves to the envelope; failures (HTTP, network) resolve with success false. */
  request<P extends ApiPath>(path: P, ...options: EndpointCallOptions<P>): Promise<ApiResult<ResponseAt<P>>>;
  request<T, S extends string = string>(
    path: UntypedPath<S>,
    options?: RequestOptions,
  ): Promise<ApiResult<T>>;
  /** Resolves to the unwrapped data; failures reject with an ApiError carrying the body. */
  call<P extends ApiPath>(path: P, ...options: EndpointCallOptions<P>): Promise<ResponseAt<P>>;
  call<T, S extends string = string>(path: UntypedPath<S>, options?: RequestOptions): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** A call key naming its method (`GET organisation/api-keys`), used where a path has two. */
const METHOD_KEY = /^(GET|POST) (.+)$/;

/** The path and method a call key names; a bare path leaves the method to the options. */
function splitCallKey(key: string, request: RequestOptions): { path: string; request: RequestOptions } {
  const match = METHOD_KEY.exec(key);
  if (!match) return { path: key, request };
  return { path: match[2]!, request: { ...request, method: match[1] as HttpMethod } };
}

/** Fills the `:name` segments of a path with their encoded values. */
function fillParams(path: string, params: RequestOptions['params']): string {
  if (!params) return path;
  return path.replace(/:(\w+)/g, (segment, name: string) => {
    const value = params[name];
    return value === undefined ? segment : encodeURIComponent(String(value));
  });
}

function buildUrl(baseUrl: string, path: string, request: RequestOptions): string {
  const { query } = request;
  const trimmedBase = baseUrl.replace(/\/+$/, '');
  const trimmedPath = fillParams(path, request.params).replace(/^\/+/, '');
  const url = `${trimmedBase}/${trimmedPath}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Creates the fetch-based API client of spec §7 (headers, envelope, toasts, session expiry). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const now = options.now ?? (() => new Date());

  function buildHeaders(request: RequestOptions): Headers {
    const headers = new Headers(request.headers);
    headers.set('accept', 'application/json');
    if (request.body !== undefined && !(request.body instanceof FormData)) {
      headers.set('content-type', 'application/json');
    }
    // A caller's own token (the new-password link) wins over the stored one.
    const token = headers.get(AUTH_HEADER) ?? readToken(options.store());
    if (token) {
      headers.set(AUTH_HEADER, token);
      headers.set(TIMEZONE_HEADER, formatClientTime(now()));
    }
    return headers;
  }

  function fail(body: ApiFailure, request: RequestOptions): ApiFailure {
    if (isSessionExpired(body)) {
      clearSession(options.store());
      options.onSessionExpired();
    }
    if (!request.silent && body.message) options.toaster.warning(body.message);
    return body;
  }

  function toFailure(body: unknown): ApiFailure {
    if (isEnvelope(body)) {
      const message = typeof body.message === 'string' ? body.message : '';
      return { ...body, success: false, message };
    }
    return { success: false, message: options.genericErrorMessage() };
  }

  async function request<T>(key: string, callOptions: RequestOptions = {}): Promise<ApiResult<T>> {
    const { path, request } = splitCallKey(key, callOptions);
    const timeoutMs = request.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : request.timeoutMs;
    const signals = [request.signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    let response: Response;
    try {
      response = await options.fetch(buildUrl(options.baseUrl, path, request), {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers: buildHeaders(request),
        body:
          request.body === undefined
            ? undefined
            : request.body instanceof FormData
              ? request.body
              : JSON.stringify(request.body),
        credentials: 'include',
        signal: signals.length ? AbortSignal.any(signals) : undefined,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      return fail(markNetworkFailure({ success: false, message: options.genericErrorMessage() }), request);
    }
    const body = await readBody(response);
    if (response.ok && isEnvelope(body) && body.success) {
      const envelope = body as { success: true; message?: unknown; data?: unknown };
      return {
        success: true,
        message: typeof envelope.message === 'string' ? envelope.message : '',
        data: envelope.data as T,
      };
    }
    return fail(toFailure(body), request);
  }

  async function call<T>(path: string, requestOptions?: RequestOptions): Promise<T> {
    const result = await request<T>(path, requestOptions);
    if (!result.success) throw new ApiError(result);
    return result.data;
  }

  return { request, call };
}
