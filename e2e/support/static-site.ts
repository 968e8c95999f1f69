import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

/**
 * The Jitsi handbook (Docusaurus build, 75 linked pages under /handbook/), shared with the
 * server's crawl tests; its SOURCES.md says where every file comes from.
 */
export const JITSI_HANDBOOK_ROOT = resolve(
  import.meta.dirname,
  '../../apps/server/test/fixtures/websites/jitsi-handbook',
);

/**
 * Stand-ins for the handbook's style sheet, scripts, font and images (the fixture keeps only its
 * pages), served where the pages load them: pass as `assetsRoot`.
 */
export const JITSI_HANDBOOK_ASSETS_ROOT = resolve(import.meta.dirname, '../fixtures/handbook-assets');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.txt': 'text/plain',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
};

export interface StaticSite {
  origin: string;
  /** Requests per path, to prove what the crawler fetched. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Serves a folder of a real website on 127.0.0.1: `/a/b` answers `a/b`, `a/b.html` or
 * `a/b/index.html`. `htmlDelayMs` holds every HTML answer back, so a crawl of a few dozen pages
 * lasts long enough for a person (and a spec) to watch its progress.
 */
export async function startStaticSite(
  root: string,
  options: { htmlDelayMs?: number; assetsRoot?: string } = {},
): Promise<StaticSite> {
  const hits = new Map<string, number>();
  async function resolveFile(path: string): Promise<string | null> {
    const safe = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
    // The assets folder answers what the site's own folder does not have.
    for (const folder of options.assetsRoot ? [root, options.assetsRoot] : [root]) {
      for (const candidate of [safe, `${safe}.html`, join(safe, 'index.html')]) {
        const file = join(folder, candidate);
        if (!file.startsWith(folder)) return null;
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) return file;
      }
    }
    return null;
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    void (async () => {
      const file = await resolveFile(path);
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        return response.end('<html><body><h1>Not found</h1></body></html>');
      }
      const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      if (type.startsWith('text/html') && options.htmlDelayMs) {
        await new Promise((wait) => setTimeout(wait, options.htmlDelayMs));
      }
      response.writeHead(200, { 'content-type': type });
      response.end(await readFile(file));
    })().catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
  };
}
