import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { BlockedAddressError, isPrivateAddress } from './network-guard';

/** One HTTP response as the crawler sees it; redirects are returned, never followed here. */
export interface FetchedResource {
  status: number;
  /** `location` of a 3xx, resolved against the request URL. */
  location?: string;
  contentType: string;
  /** The body as text (UTF-8), cut at the size limit. */
  body: string;
  truncated: boolean;
}

export interface PageFetcherOptions {
  /** ALLOW_PRIVATE_NETWORK_FETCH: reach loopback and private addresses (tests, intranets). */
  allowPrivateNetwork: boolean;
  userAgent: string;
  maxBytes: number;
  timeoutMs: number;
  /** Connections kept per origin (the politeness bound on parallel requests to one host). */
  connectionsPerOrigin: number;
}

export const DEFAULT_FETCHER_OPTIONS: Omit<PageFetcherOptions, 'allowPrivateNetwork'> = {
  userAgent: 'BhashaBot/1.0 (+https://bhasha.local/bot)',
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 15_000,
  connectionsPerOrigin: 4,
};

/**
 * A DNS lookup that refuses hosts when any resolved address is private: checked at connect
 * time, on the addresses actually used, so DNS rebinding between a check and the connect
 * cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(new BlockedAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Fetches pages over HTTP(S) with size and time limits and the private-network guard. */
export function createPageFetcher(options: PageFetcherOptions) {
  const agent = new Agent({
    connections: options.connectionsPerOrigin,
    connect: { lookup: guardedLookup(options.allowPrivateNetwork), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function fetchResource(url: string, accept: string, signal?: AbortSignal): Promise<FetchedResource> {
    const target = new URL(url);
    // Literal IPs never reach the lookup, so they are checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateNetwork && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      throw new BlockedAddressError(target.hostname);
    }
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const response = await request(target, {
      method: 'GET',
      dispatcher: agent,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { 'user-agent': options.userAgent, accept, 'accept-encoding': 'identity' },
    });
    const contentType = String(response.headers['content-type'] ?? '');
    const locationHeader = response.headers.location;
    const location = typeof locationHeader === 'string' ? new URL(locationHeader, target).href : undefined;
    if (response.statusCode >= 300 && response.statusCode < 400) {
      await response.body.dump();
      return {
        status: response.statusCode,
        ...(location ? { location } : {}),
        contentType,
        body: '',
        truncated: false,
      };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      const room = options.maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
    if (truncated) response.body.destroy();
    return {
      status: response.statusCode,
      contentType,
      body: Buffer.concat(chunks).toString('utf8'),
      truncated,
    };
  }

  return {
    fetchResource,

    /** Fetches a text resource (robots.txt, sitemaps) following up to 5 redirects the caller allows. */
    async fetchText(
      url: string,
      isAllowedUrl: (url: string) => boolean,
      signal?: AbortSignal,
    ): Promise<FetchedResource> {
      let current = url;
      const seen = new Set<string>();
      for (let hop = 0; hop <= 5; hop += 1) {
        if (seen.has(current)) break;
        seen.add(current);
        const result = await fetchResource(
          current,
          'text/plain, application/xml, text/xml, */*;q=0.5',
          signal,
        );
        if (result.status < 300 || result.status >= 400 || !result.location) return result;
        if (!isAllowedUrl(result.location)) return { ...result, status: 404 };
        current = result.location;
      }
      return { status: 508, contentType: '', body: '', truncated: false };
    },

    close: () => agent.close(),
  };
}

export type PageFetcher = ReturnType<typeof createPageFetcher>;
