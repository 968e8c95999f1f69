import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
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

/**
 * The same response with its body as fetched: bytes, cut at the size limit, in shared memory (a
 * SharedArrayBuffer: a page reader thread reads them where they are, without a copy, and a page
 * sent again after a reader crashed still has them; see page-reader-pool.ts), of their own or a
 * lane's `BodyBuffer`.
 */
export interface FetchedBytes extends Omit<FetchedResource, 'body'> {
  bytes: Uint8Array;
}

/** Decodes fetched bytes as the crawler reads text: UTF-8, a broken sequence as U+FFFD. */
export function bytesToText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** A body buffer starts this large and doubles as a larger page needs. */
const BODY_BUFFER_INITIAL = 64 * 1024;
/** A body buffer grown past this is not kept for the next page (a rare large page costs its own). */
const BODY_BUFFER_KEPT_MAX = 1024 * 1024;
/** Body buffers kept for reuse (a crawl step's lanes take and give back one each). */
const BODY_BUFFERS_KEPT = 16;

/**
 * Where a page's body is gathered: shared memory reused from one page to the next by one crawl lane
 * (ADR 0013). A fresh `SharedArrayBuffer` per page (~95 kB on the bench site) lived
 * until both the crawl's and the reader's isolates had collected their handles of it: 5-33 MB of
 * bodies already read waited for a collection on the crawl thread, and their malloc churn
 * fragmented the heap. The bytes a fetch answers with are valid until the buffer's next fetch:
 * the lane waits for a page's reading before it fetches the next page.
 */
export class BodyBuffer {
  private memory = new Uint8Array(new SharedArrayBuffer(BODY_BUFFER_INITIAL));
  private used = 0;

  /** The bytes gathered so far: a view of the shared memory, not a copy. */
  get bytes(): Uint8Array {
    return this.memory.subarray(0, this.used);
  }

  get capacity(): number {
    return this.memory.length;
  }

  reset(): void {
    this.used = 0;
  }

  append(chunk: Uint8Array): void {
    const needed = this.used + chunk.length;
    if (needed > this.memory.length) {
      let size = this.memory.length * 2;
      while (size < needed) size *= 2;
      const grown = new Uint8Array(new SharedArrayBuffer(size));
      grown.set(this.memory.subarray(0, this.used));
      this.memory = grown;
    }
    this.memory.set(chunk, this.used);
    this.used = needed;
  }
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

  /**
   * One GET through undici's dispatcher with a handler of our own: the chunks go straight into
   * a list, without the Readable stream, async iterator and combined AbortSignals per request of
   * `request()` (together ~0.6 ms of the crawl thread's CPU per page in a profile).
   * Limits as before: the whole request within `timeoutMs` (headers and gaps between chunks
   * are also bounded by the agent), the body cut at `maxBytes`, the caller's signal aborts it.
   * With a `body` buffer the body is gathered there (and the answer's bytes are a view of it,
   * valid until its next fetch); without one, in shared memory of its own.
   */
  function fetchBytes(
    url: string,
    accept: string,
    signal?: AbortSignal,
    body?: BodyBuffer,
  ): Promise<FetchedBytes> {
    const target = new URL(url);
    // Literal IPs never reach the lookup, so they are checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateNetwork && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      return Promise.reject(new BlockedAddressError(target.hostname));
    }
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    body?.reset();
    return new Promise<FetchedBytes>((resolve, reject) => {
      let controller: Dispatcher.DispatchController | null = null;
      let abortReason: Error | null = null;
      let settled = false;
      let status = 0;
      let contentType = '';
      let location: string | undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      // Chunks are views of the socket's reads: copied into the lane's buffer as they come, or
      // kept until the end and copied into one buffer of their own.
      const keep = (chunk: Buffer) => {
        if (body) body.append(chunk);
        else chunks.push(chunk);
        size += chunk.length;
      };
      const gathered = (): Uint8Array => {
        if (body) return body.bytes;
        const bytes = new Uint8Array(new SharedArrayBuffer(size));
        let at = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, at);
          at += chunk.length;
        }
        return bytes;
      };

      const abort = (reason: Error) => {
        abortReason ??= reason;
        controller?.abort(reason);
      };
      const onAbort = () => abort(signal!.reason as Error);
      const timer = setTimeout(
        () => abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
        options.timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      const asError = (error: unknown) =>
        error instanceof Error ? error : new Error('The request failed', { cause: error });
      const settle = (error: Error | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) return reject(error);
        resolve({ status, ...(location ? { location } : {}), contentType, bytes: gathered(), truncated });
      };

      try {
        agent.dispatch(
          {
            origin: target.origin,
            path: `${target.pathname}${target.search}`,
            method: 'GET',
            headers: { 'user-agent': options.userAgent, accept, 'accept-encoding': 'identity' },
          },
          {
            onRequestStart(started) {
              controller = started;
              if (abortReason) started.abort(abortReason);
            },
            onResponseStart(_, statusCode, headers) {
              if (statusCode < 200) return; // 1xx: the response proper follows
              status = statusCode;
              contentType = String(headers['content-type'] ?? '');
              const locationHeader = headers.location;
              try {
                location =
                  typeof locationHeader === 'string' ? new URL(locationHeader, target).href : undefined;
              } catch (error) {
                abort(asError(error));
              }
            },
            onResponseData(_, chunk) {
              // A redirect's body is not kept (as `dump()` did), only read to keep the connection.
              if (settled || (status >= 300 && status < 400)) return;
              const room = options.maxBytes - size;
              if (chunk.length > room) {
                keep(chunk.subarray(0, room));
                truncated = true;
                settle(null);
                // The rest is not wanted: the connection is closed rather than read to its end.
                controller?.abort(new Error('Response body over the size limit'));
                return;
              }
              keep(chunk);
            },
            onResponseEnd() {
              settle(null);
            },
            onResponseError(_, error) {
              settle(abortReason ?? asError(error));
            },
          },
        );
      } catch (error) {
        settle(asError(error));
      }
    });
  }

  async function fetchResource(url: string, accept: string, signal?: AbortSignal): Promise<FetchedResource> {
    const { bytes, ...rest } = await fetchBytes(url, accept, signal);
    return { ...rest, body: bytes.length === 0 ? '' : bytesToText(bytes) };
  }

  const keptBuffers: BodyBuffer[] = [];

  return {
    fetchResource,
    /** A page for a reader: the body as bytes, decoded where it is read. */
    fetchBytes,
    /** A body buffer for a lane's fetches (one kept from an earlier lane when there is one). */
    takeBodyBuffer(): BodyBuffer {
      return keptBuffers.pop() ?? new BodyBuffer();
    },
    /** The lane is done with it: kept for the next lane unless it grew large or enough are kept. */
    giveBackBodyBuffer(buffer: BodyBuffer): void {
      buffer.reset();
      if (buffer.capacity <= BODY_BUFFER_KEPT_MAX && keptBuffers.length < BODY_BUFFERS_KEPT)
        keptBuffers.push(buffer);
    },

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
