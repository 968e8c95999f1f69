import { createServer, type Server } from 'node:http';

/** What the fake engine answers to the n-th /translate request (0-based). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A loopback server speaking LibreTranslate's documented API (POST /translate with `q` as a
 * list, GET /languages), recording the texts it was sent. By default it "translates" by
 * prefixing `[es] `, which keeps placeholders where they were.
 */
export async function startLibreTranslateServer(decide?: (index: number, q: string[]) => Reply | undefined) {
  const received: string[][] = [];
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/languages') {
        send(200, [{ code: 'en', name: 'English', targets: ['es', 'hi', 'ar'] }]);
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { q?: string[] };
      const q = body.q ?? [];
      const index = requests;
      requests += 1;
      const reply = decide?.(index, q);
      if (reply) {
        send(reply.status, reply.body, reply.headers);
        return;
      }
      received.push(q);
      send(200, { translatedText: q.map((text) => `[es] ${text}`) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** Texts of every request answered with translations. */
    received,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
