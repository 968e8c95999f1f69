/**
 * Child process: serves the benchmark website on loopback and counts every request by path.
 * Parent messages: `{type:'stats'}` answers the counts, `{type:'reset'}` clears them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PRIVATE_PREFIX,
  loadSitePages,
  numberOf,
  renderPage,
  renderRobotsTxt,
  renderSitemap,
} from './site-pages';

export interface SiteStats {
  requests: number;
  /** Site pages requested more than once. */
  duplicatePages: number;
  /** Distinct site pages served. */
  pagesServed: number;
  /** Requests for robots-disallowed paths. */
  disallowedRequests: number;
  /** Requests for paths that are not part of the site (answered 404). */
  unknownRequests: number;
}

const total = Number(process.env.SITE_URLS ?? 10_000);
const pages = loadSitePages();
const hits = new Map<string, number>();
let requests = 0;
let origin = '';

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://site').pathname;
  requests += 1;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end(renderRobotsTxt(origin));
  }
  if (path === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end(renderSitemap(origin, total));
  }
  const n = numberOf(path);
  if (path.startsWith(PRIVATE_PREFIX) || n === undefined || n >= total) {
    res.writeHead(404, { 'content-type': 'text/html' });
    return res.end('<html><body><h1>Not found</h1></body></html>');
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(renderPage(pages, n, total));
});
server.keepAliveTimeout = 30_000;

function stats(): SiteStats {
  let duplicatePages = 0;
  let pagesServed = 0;
  let disallowedRequests = 0;
  let unknownRequests = 0;
  for (const [path, count] of hits) {
    const n = numberOf(path);
    if (n !== undefined && n < total) {
      pagesServed += 1;
      if (count > 1) duplicatePages += 1;
    } else if (path.startsWith(PRIVATE_PREFIX)) disallowedRequests += count;
    else if (path !== '/robots.txt' && path !== '/sitemap.xml') unknownRequests += count;
  }
  return { requests, duplicatePages, pagesServed, disallowedRequests, unknownRequests };
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') process.send!({ type: 'stats', stats: stats() });
  if (message.type === 'reset') {
    hits.clear();
    requests = 0;
    process.send!({ type: 'reset' });
  }
});
process.on('disconnect', () => server.close(() => process.exit(0)));

server.listen(0, '127.0.0.1', () => {
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.send!({ type: 'ready', origin, pages: pages.length });
});
