import { isIP } from 'node:net';
import { Agent, errors, request } from 'undici';
import { BlockedAddressError, isPrivateAddress } from '../crawl/network-guard';
import { guardedLookup } from '../crawl/page-fetcher';

/** Marks the proxy's own requests to origins: a request carrying it back is a loop. */
export const PROXY_LOOP_HEADER = 'x-bhasha-proxy';

export interface OriginFetcherOptions {
  /** ALLOW_PRIVATE_NETWORK_FETCH: reach loopback and private addresses (tests, intranets). */
  allowPrivateNetwork: boolean;
  maxBytes: number;
  timeoutMs: number;
  /** Keep-alive connections per origin. */
  connectionsPerOrigin: number;
}

/** The origin's answer, read whole (pages are bounded by maxBytes). */
export interface OriginResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Why an origin could not be read; each maps to a status and a page the visitor sees. */
export class OriginError extends Error {
  constructor(
    readonly reason: 'private-address' | 'too-large' | 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'OriginError';
  }
}

/**
 * Fetches origin pages for the proxy: the crawler's private-network guard (checked on the
 * addresses actually connected to), a size limit that refuses rather than truncates (half a page
 * translated would be worse than an error), a time limit, and pooled keep-alive connections.
 */
export function createOriginFetcher(options: OriginFetcherOptions) {
  const agent = new Agent({
    connections: options.connectionsPerOrigin,
    pipelining: 1,
    connect: { lookup: guardedLookup(options.allowPrivateNetwork), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function fetchOrigin(url: URL, headers: Record<string, string>): Promise<OriginResponse> {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateNetwork && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      throw new OriginError('private-address', `${url.hostname} is a private or reserved address`);
    }
    let response;
    try {
      response = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { ...headers, [PROXY_LOOP_HEADER]: '1', 'accept-encoding': 'identity' },
      });
    } catch (error) {
      throw toOriginError(error, url);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.body.destroy();
      throw tooLarge(options.maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.body.destroy();
          throw tooLarge(options.maxBytes);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      throw error instanceof OriginError ? error : toOriginError(error, url);
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
    };
  }

  return { fetchOrigin, close: () => agent.close() };
}

function tooLarge(maxBytes: number): OriginError {
  return new OriginError('too-large', `The page is larger than the proxy's limit of ${maxBytes} bytes`);
}

function toOriginError(error: unknown, url: URL): OriginError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (error instanceof BlockedAddressError || cause instanceof BlockedAddressError)
    return new OriginError('private-address', `${url.hostname} resolves to a private or reserved address`);
  if (
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  )
    return new OriginError('timeout', `${url.host} did not answer in time`);
  return new OriginError('unreachable', `${url.host} could not be reached`);
}

export type OriginFetcher = ReturnType<typeof createOriginFetcher>;
