import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWL_EVENTS, SUCCESS_MESSAGES, projectRoomOf } from '@bhasha/contract';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from './support/crawl-test-app';
import { startStaticSite, type StaticSite } from './support/static-site';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'websites');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : path.endsWith('.html') ? [path] : [];
  });
}

interface ScopeRow {
  url: string;
  status: string;
  httpStatus: number | null;
  sourceWordCount: number;
  uniqueWordCount: number;
  newContentWordCount: number;
  segmentCount: number;
}

describe('crawling real websites on loopback', () => {
  let t: CrawlTestApp;
  let headers: Record<string, string>;
  let outside: StaticSite;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
    outside = await startStaticSite({ root: join(FIXTURES, 'orgpedia-cabsec') });
  });
  afterAll(async () => {
    await outside.close();
    await t.close();
  });

  async function createProject(baseUrl: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/project/new',
      headers,
      payload: { baseUrl, targetLanguages: ['hi'], name: 'Site' },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.project.id as string;
  }

  async function listUrls(projectId: string): Promise<ScopeRow[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/scope/${projectId}/1/500?show=all`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.urlList as ScopeRow[];
  }

  async function crawl(projectId: string, initUrl?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/project/crawl',
      headers,
      payload: { projectId, ...(initUrl ? { initUrl } : {}) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SUCCESS_MESSAGES.crawlAccepted);
    const details = await t.app.inject({
      method: 'POST',
      url: '/api/project/details',
      headers,
      payload: { projectId },
    });
    expect(['crawling', 'crawled', 'parsing', 'parsed']).toContain(details.json().data.project.status);
    return waitForCrawl(t, headers, projectId);
  }

  it('finds every page of the Jitsi handbook exactly once, with its segments and word counts', async () => {
    const root = join(FIXTURES, 'jitsi-handbook');
    // Some handbook pages are linked from nowhere but the sitemap, which names the published
    // host: serve it with this server's address, and announce it in robots.txt.
    let origin = '';
    const site = await startStaticSite({
      root,
      robotsTxt: 'User-agent: *\nAllow: /\nSitemap: /handbook/sitemap.xml\n',
      routes: {
        '/handbook/sitemap.xml': (_, res) =>
          res
            .writeHead(200, { 'content-type': 'application/xml' })
            .end(
              readFileSync(join(root, 'handbook', 'sitemap.xml'), 'utf8').replaceAll(
                'https://jitsi.github.io',
                origin,
              ),
            ),
      },
    });
    origin = site.origin;
    try {
      const projectId = await createProject(`${site.origin}/handbook/`);
      const info = await crawl(projectId);
      expect(info.status).toBe('COMPLETED');

      // The pages Docusaurus links or lists in its sitemap: every page but the 404 page and the
      // redirect stubs, each by its directory URL, grouped by content (two are byte-identical).
      const groups = new Map<string, string[]>();
      for (const file of htmlFiles(join(root, 'handbook'))) {
        const path = `/${relative(root, file).split(sep).join('/')}`
          .replace(/index\.html$/, '')
          .replace(/\/$/, '');
        const html = readFileSync(file);
        // Redirect stubs (meta refresh to another page) are linked from nowhere.
        if (path.endsWith('/404.html') || html.includes('http-equiv="refresh"')) continue;
        const hash = createHash('sha256').update(html).digest('hex');
        groups.set(hash, [...(groups.get(hash) ?? []), path]);
      }
      const rows = await listUrls(projectId);
      const pathOf = (r: ScopeRow) => decodeURIComponent(new URL(r.url).pathname).replace(/\/$/, '');
      const fetched = rows.filter((r) => r.status === 'fetched').map(pathOf);
      const duplicates = rows.filter((r) => r.status === 'duplicate').map(pathOf);
      expect(new Set(fetched).size).toBe(fetched.length);
      expect(fetched).toHaveLength(groups.size);
      for (const paths of groups.values()) {
        expect(paths.filter((p) => fetched.includes(p))).toHaveLength(1);
        for (const path of paths) expect([...fetched, ...duplicates]).toContain(path);
      }
      for (const [path, count] of site.hits) expect({ path, count }).toEqual({ path, count: 1 });
      expect(info.parsedUrls).toBe(fetched.length);

      const intro = rows.find((r) => r.url.endsWith('/handbook/docs/intro'))!;
      expect(intro.segmentCount).toBeGreaterThan(5);
      expect(intro.sourceWordCount).toBeGreaterThanOrEqual(intro.uniqueWordCount);

      const counts = (
        await t.app.inject({ method: 'GET', url: `/api/project/wordcount/${projectId}`, headers })
      ).json();
      expect(counts.data.updating).toBe(false);
      expect(counts.data.sourceWordCount).toBe(rows.reduce((sum, r) => sum + r.sourceWordCount, 0));
      // Navigation and footer repeat on every page: they count once in the unique words.
      expect(counts.data.uniqueWordCount).toBeLessThan(counts.data.sourceWordCount);
      expect(counts.data.uniqueWordCount).toBeGreaterThanOrEqual(
        Math.max(...rows.map((r) => r.uniqueWordCount)),
      );
      expect(counts.data.newContentWordCount).toBe(counts.data.uniqueWordCount);

      const project = (
        await t.app.inject({ method: 'POST', url: '/api/project/details', headers, payload: { projectId } })
      ).json().data.project;
      expect(project.status).toBe('parsed');
      const progress = t.events.filter(
        (e) => e.room === projectRoomOf(projectId) && e.event === CRAWL_EVENTS.crawlProgressed,
      );
      expect(progress.length).toBeGreaterThan(2);
      expect(progress.at(-1)!.payload).toMatchObject({ status: 'COMPLETED', projectStatus: 'parsed' });

      // A re-crawl of unchanged pages fetches each again once and finds nothing new.
      site.hits.clear();
      const again = await crawl(projectId);
      expect(again.status).toBe('COMPLETED');
      for (const [path, count] of site.hits) expect({ path, count }).toEqual({ path, count: 1 });
      const recount = (
        await t.app.inject({ method: 'GET', url: `/api/project/wordcount/${projectId}`, headers })
      ).json().data;
      expect(recount.sourceWordCount).toBe(counts.data.sourceWordCount);
      expect(recount.newContentWordCount).toBe(0);
      // Per URL as well: in the first crawl every word of a page was new, in the re-crawl none is
      // (its unchanged pages are recounted by the writer; the crawl's end skips the pages it stored).
      for (const r of rows.filter((row) => row.status === 'fetched'))
        expect({ url: r.url, fresh: r.newContentWordCount }).toEqual({
          url: r.url,
          fresh: r.uniqueWordCount,
        });
      for (const r of await listUrls(projectId))
        expect({ url: r.url, fresh: r.newContentWordCount }).toEqual({ url: r.url, fresh: 0 });
    } finally {
      await site.close();
    }
  }, 120_000);

  it('follows orgpedia from its root through onclick navigations, every page exactly once', async () => {
    // The root reaches the English section only through a card's onclick="location.href='…'",
    // and the prime/deputy lists reach the minister pages only through their rows' onclick: a
    // crawl that follows only hrefs read 9 of these pages.
    const root = join(FIXTURES, 'orgpedia-cabsec');
    const site = await startStaticSite({ root });
    try {
      const projectId = await createProject(`${site.origin}/`);
      const info = await crawl(projectId);
      expect(info.status).toBe('COMPLETED');
      const rows = await listUrls(projectId);
      const fetched = rows.filter((r) => r.status === 'fetched').map((r) => new URL(r.url).pathname);
      expect(new Set(fetched).size).toBe(fetched.length);
      const pages = htmlFiles(root).map((file) => `/${relative(root, file).split(sep).join('/')}`);
      const ministers = pages.filter((path) => path.startsWith('/en/o-'));
      expect(ministers).toHaveLength(20);
      // Every page of the copy but the root's index.html (read as `/`) is fetched, once.
      for (const path of pages.filter((p) => p !== '/index.html')) expect(fetched).toContain(path);
      expect(fetched).toContain('/');
      for (const [path, count] of site.hits) expect({ path, count }).toEqual({ path, count: 1 });
      expect(rows.every((r) => r.url.startsWith(site.origin))).toBe(true);
    } finally {
      await site.close();
    }
  }, 120_000);

  it('honours robots.txt, reads sitemaps, stays on the project domain, records a 404 and survives a redirect loop', async () => {
    // Orgpedia links its minister pages through script (onclick, followed) and the sitemap names
    // them too: a page disallowed by robots.txt is skipped however it is found.
    let origin = '';
    const xml = (body: string) => (_: unknown, res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?>${body}`);
    const site = await startStaticSite({
      root: join(FIXTURES, 'orgpedia-cabsec'),
      robotsTxt:
        'User-agent: *\nDisallow: /en/o-Rajiv_Gandhi.html\nDisallow: /languages\nSitemap: /maps/index.xml\n',
      routes: {
        '/maps/index.xml': (req, res) =>
          xml(`<sitemapindex><sitemap><loc>${origin}/maps/pages.xml</loc></sitemap></sitemapindex>`)(
            req,
            res,
          ),
        '/maps/pages.xml': (req, res) =>
          xml(
            `<urlset><url><loc>${origin}/en/o-Jawaharlal_Nehru.html</loc></url><url><loc>${origin}/en/o-Rajiv_Gandhi.html</loc></url>` +
              `<url><loc>${outside.origin}/en/o-Indira_Gandhi.html</loc></url></urlset>`,
          )(req, res),
        '/loop-a': (_, res) => res.writeHead(302, { location: '/loop-b' }).end(),
        '/loop-b': (_, res) => res.writeHead(301, { location: '/loop-a' }).end(),
      },
      inject: {
        '/en/prime.html': `<p><a href="/loop-a">loop</a> <a href="/missing-page.html">missing</a>
          <a href="${outside.origin}/en/deputy.html">elsewhere</a> <a href="/en/prime.html?utm_source=mail#top">again</a></p>`,
      },
    });
    origin = site.origin;
    try {
      const projectId = await createProject(`${site.origin}/en/prime.html`);
      const page = await fetch(`${site.origin}/en/prime.html`);
      expect(page.status).toBe(200);
      site.hits.clear();
      const info = await crawl(projectId);
      expect(info.status).toBe('COMPLETED');
      const rows = await listUrls(projectId);
      const byPath = new Map(rows.map((r) => [new URL(r.url).pathname, r]));

      expect(site.hits.get('/en/o-Rajiv_Gandhi.html')).toBeUndefined();
      expect(byPath.get('/en/o-Rajiv_Gandhi.html')?.status).toBe('skipped');
      expect(byPath.get('/missing-page.html')).toMatchObject({ status: 'failed', httpStatus: 404 });
      expect(byPath.get('/loop-a')).toMatchObject({ status: 'redirected', httpStatus: 302 });
      expect(byPath.get('/loop-b')).toMatchObject({ status: 'redirected', httpStatus: 301 });
      expect(site.hits.get('/loop-a')).toBe(1);
      expect(site.hits.get('/loop-b')).toBe(1);
      expect(byPath.get('/en/o-Jawaharlal_Nehru.html')?.status).toBe('fetched');
      for (const [path, count] of site.hits) expect({ path, count }).toEqual({ path, count: 1 });
      expect(outside.hits.size).toBe(0);
      expect(rows.every((r) => r.url.startsWith(site.origin))).toBe(true);
    } finally {
      await site.close();
    }
  }, 120_000);
});
