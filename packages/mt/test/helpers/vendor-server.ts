import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** A request the fake vendor received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read wire bodies loosely, like inject().json()
  json: () => any;
}

/** What the fake vendor answers: a status, headers and a JSON value (or raw text). */
export interface VendorReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

/** Decides the reply to the n-th request (0-based). */
export type VendorHandler = (request: RecordedRequest, index: number) => VendorReply | Promise<VendorReply>;

/** A loopback HTTP server speaking a vendor's wire format, recording every request. */
export interface VendorServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Most requests in flight at once so far. */
  maxInFlight: number;
  handle(handler: VendorHandler): void;
  close(): Promise<void>;
}

/** Starts a fake vendor on 127.0.0.1 and a free port. */
export async function startVendorServer(
  handler: VendorHandler = () => ({ status: 500 }),
): Promise<VendorServer> {
  let current = handler;
  let inFlight = 0;
  const state: VendorServer = {
    baseUrl: '',
    requests: [],
    maxInFlight: 0,
    handle: (next) => {
      current = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json: () => JSON.parse(body) as unknown,
      };
      const index = state.requests.length;
      state.requests.push(recorded);
      inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      void Promise.resolve(current(recorded, index)).then(async (reply) => {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        inFlight--;
        const isJson = reply.json !== undefined;
        res.writeHead(reply.status ?? 200, {
          'content-type': isJson ? 'application/json' : 'text/plain',
          ...reply.headers,
        });
        res.end(isJson ? JSON.stringify(reply.json) : (reply.text ?? ''));
      });
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  state.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return state;
}

/** Retry settings that keep tests fast. */
export const FAST_RETRY = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 2_000 };
