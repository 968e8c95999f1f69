import type { z } from 'zod';

/** HTTP methods the API uses (spec §7: reads are GET, everything else POST). */
export type EndpointMethod = 'GET' | 'POST';

/** Error statuses a call documents with the failed envelope. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502;

/** How a caller proves who it is: the session token, or an organisation's API key. */
export type SecurityScheme = 'token' | 'apikey';

/**
 * One API call of the contract. The server registers its route from it (method, url, schemas,
 * OpenAPI tags and summary); the dashboard infers request and response types from it; the web
 * tests' fake server checks its replies against `response`.
 */
export interface Endpoint {
  readonly method: EndpointMethod;
  /** Path under `/api`, with `:name` parameters, e.g. `/project/wordcount/:id`. */
  readonly path: string;
  /** JSON body. */
  readonly request?: z.ZodType;
  /** Query string. */
  readonly query?: z.ZodType;
  /** Path parameters. */
  readonly params?: z.ZodType;
  /** Request headers the call reads. */
  readonly headers?: z.ZodType;
  /** `data` of the success envelope; absent for calls that answer a file or a redirect. */
  readonly response?: z.ZodType;
  /** Error statuses answered with the failed envelope. */
  readonly failures?: readonly FailureStatus[];
  /** Statuses answered with another schema (a failure carrying fields, 304 Not Modified). */
  readonly otherResponses?: Readonly<Record<number, z.ZodType>>;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Accepted credentials for OpenAPI; absent for public calls. */
  readonly security?: readonly SecurityScheme[];
  /** Media types of a file answer. */
  readonly produces?: readonly string[];
  /** Media types of the body when it is not JSON (uploads). */
  readonly consumes?: readonly string[];
}

/** Declares an endpoint, keeping its literal method and path for type inference. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** The session token only: most dashboard calls. */
export const TOKEN_ONLY = ['token'] as const satisfies readonly SecurityScheme[];
/** The session token or an organisation's API key. */
export const TOKEN_OR_APIKEY = ['token', 'apikey'] as const satisfies readonly SecurityScheme[];
