import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSegments } from '@bhasha/engine';
import { buildProxyTestApp, type ProxyTestApp } from './support/proxy-test-app';

const pageOf = (version: number) =>
  `<!doctype html><html lang="en"><head><title>News</title></head><body><p>The ferry leaves at noon.</p><p>Edition ${version}.</p></body></html>`;

let p: ProxyTestApp;
let host: string;
let version = 1;
/** What the origin saw: the If-None-Match of each request and the status it answered. */
const seen: { ifNoneMatch: string | undefined; status: number }[] = [];

beforeAll(async () => {
  p = await buildProxyTestApp();
  const root = mkdtempSync(join(tmpdir(), 'bhasha-revalidate-'));
  writeFileSync(join(root, 'news.html'), pageOf(1));
  const site = await p.startSite({
    root,
    routes: {
      '/news.html': (req, res) => {
        const etag = `"edition-${version}"`;
        const ifNoneMatch = req.headers['if-none-match'];
        if (ifNoneMatch === etag) {
          seen.push({ ifNoneMatch, status: 304 });
          res.writeHead(304, { etag, 'cache-control': 'max-age=60' });
          res.end();
          return;
        }
        seen.push({ ifNoneMatch, status: 200 });
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          etag,
          'cache-control': 'max-age=30',
        });
        res.end(pageOf(version));
      },
    },
  });
  host = new URL(site.origin).host;
  const projectId = await p.createProject(`${site.origin}/`);
  await p.addPage(projectId, `${site.origin}/news.html`, join(root, 'news.html'));
  const ferry = extractSegments(pageOf(1)).find((segment) => segment.text === 'The ferry leaves at noon.')!;
  await p.translate(projectId, 'hi', new Map([[ferry.sourceHash, 'नाव दोपहर में जाती है।']]));
  // The page cache off: every visit goes to the origin.
  await p.t.handle.executeSql(
    `UPDATE projects SET settings = settings || '{"cacheEnabled": false}'::jsonb WHERE id = $1`,
    [projectId],
  );
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('revalidating origin pages (page cache off)', () => {
  it('asks the origin with If-None-Match, serves a 304 from the held plan, and follows a changed page', async () => {
    const first = await p.visit(host, '/hi/news.html');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('नाव दोपहर में जाती है।');
    expect(first.body).toContain('Edition 1.');
    expect(seen.at(-1)).toEqual({ ifNoneMatch: undefined, status: 200 });

    const second = await p.visit(host, '/hi/news.html');
    expect(seen.at(-1)).toEqual({ ifNoneMatch: '"edition-1"', status: 304 });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    // Headers of the 304 replace the stored ones.
    expect(second.headers['cache-control']).toBe('max-age=60');

    version = 2;
    const third = await p.visit(host, '/hi/news.html');
    expect(seen.at(-1)).toEqual({ ifNoneMatch: '"edition-1"', status: 200 });
    expect(third.body).toContain('Edition 2.');
    expect(third.body).toContain('नाव दोपहर में जाती है।');
  });
});
