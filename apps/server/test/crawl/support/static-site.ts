import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface StaticSiteOptions {
  /** Folder served as the web root; `/a/b` serves `a/b`, `a/b.html` or `a/b/index.html`. */
  root: string;
  robotsTxt?: string;
  /** Extra responses by path (redirects, injected pages), tried before files. */
  routes?: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
  /** HTML appended before `</body>` of the page at this path (links the fixtures do not have). */
  inject?: Record<string, string>;
  /** Milliseconds each HTML answer waits (to make a crawl slow enough to interrupt). */
  delayMs?: number;
}

/** A real website on loopback serving fixture files, counting every request by path. */
export async function startStaticSite(options: StaticSiteOptions) {
  const hits = new Map<string, number>();
  async function resolveFile(path: string): Promise<string | null> {
    const safe = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    for (const candidate of [safe, `${safe}.html`, join(safe, 'index.html')]) {
      const file = join(options.root, candidate);
      if (!file.startsWith(options.root)) return null;
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) return file;
    }
    return null;
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    void (async () => {
      if (path === '/robots.txt' && options.robotsTxt !== undefined) {
        res.setHeader('content-type', 'text/plain');
        return res.end(options.robotsTxt);
      }
      const route = options.routes?.[path];
      if (route) return route(req, res);
      const file = await resolveFile(path);
      if (!file) {
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html');
        return res.end('<html><body><h1>Not found</h1></body></html>');
      }
      let body = await readFile(file);
      const isHtml = file.endsWith('.html');
      if (isHtml && options.inject?.[path]) {
        const html = body.toString('utf8');
        const extra = options.inject[path];
        // Minified pages may leave out </body>; then the links go at the end.
        body = Buffer.from(
          /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${extra}</body>`) : `${html}${extra}`,
        );
      }
      if (isHtml && options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      res.setHeader(
        'content-type',
        isHtml
          ? 'text/html; charset=utf-8'
          : file.endsWith('.xml')
            ? 'application/xml'
            : 'application/octet-stream',
      );
      res.end(body);
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type StaticSite = Awaited<ReturnType<typeof startStaticSite>>;
