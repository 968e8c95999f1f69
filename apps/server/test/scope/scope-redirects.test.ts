import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from '../crawl/support/crawl-test-app';
import { startStaticSite, type StaticSite } from '../crawl/support/static-site';

interface Row {
  url: string;
  status: string;
  httpStatus: number | null;
  sourceWordCount: number;
  redirectsTo: string | null;
  redirects: Array<{ url: string; httpStatus: number | null }>;
  redirectCount: number;
}

/**
 * A static site whose directory URLs answer 301 to the trailing-slash URL (as GitHub Pages,
 * nginx and Apache do): the crawler meets each page twice, once as a redirect.
 */
describe('redirecting URLs in the scope', () => {
  let t: CrawlTestApp;
  let headers: Record<string, string>;
  let site: StaticSite;
  let root: string;
  let projectId: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bhasha-redirects-'));
    const page = (title: string, body: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
    writeFileSync(
      join(root, 'index.html'),
      page(
        'Home',
        '<p>Welcome to the handbook of the river.</p><a href="/guide">Guide</a> <a href="/about">About</a> <a href="/old-guide">Old</a> <a href="/away">Away</a>',
      ),
    );
    for (const [dir, text] of [
      ['guide', 'The guide explains every bend of the river in plain words.'],
      ['about', 'About the people who keep the river clean.'],
    ] as const) {
      mkdirSync(join(root, dir));
      writeFileSync(join(root, dir, 'index.html'), page(dir, `<p>${text}</p>`));
    }
    const moved =
      (location: string, status = 301) =>
      (_: unknown, res: ServerResponse) =>
        res.writeHead(status, { location }).end();
    site = await startStaticSite({
      root,
      routes: {
        '/guide': moved('/guide/'),
        '/about': moved('/about/'),
        '/old-guide': moved('/guide/', 302),
        '/away': moved('https://elsewhere.example/'),
      },
    });
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/new',
      headers,
      payload: { baseUrl: `${site.origin}/`, targetLanguages: ['hi'], name: 'River' },
    });
    projectId = created.json().data.project.id as string;
    await t.app.inject({ method: 'POST', url: '/api/project/crawl', headers, payload: { projectId } });
    const info = await waitForCrawl(t, headers, projectId);
    expect(info.status).toBe('COMPLETED');
  }, 60_000);
  afterAll(async () => {
    await site.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json().data as { urlList: Row[]; total: number; redirectTotal: number };
  };
  const pathOf = (url: string) => new URL(url).pathname;

  it('lists pages only, each redirecting URL folded under the page it leads to', async () => {
    for (const list of [
      await get(`/scope/${projectId}/1/50`),
      await get(`/scope/urls/${projectId}?pageSize=50`),
    ]) {
      expect(list.urlList.map((r) => pathOf(r.url)).sort()).toEqual(['/', '/about/', '/guide/']);
      expect(list.total).toBe(3);
      expect(list.redirectTotal).toBe(4);
      const guide = list.urlList.find((r) => pathOf(r.url) === '/guide/')!;
      expect(guide).toMatchObject({ status: 'fetched', redirectCount: 2, redirectsTo: null });
      expect(guide.redirects.map((r) => [pathOf(r.url), r.httpStatus])).toEqual([
        ['/guide', 301],
        ['/old-guide', 302],
      ]);
      expect(list.urlList.find((r) => pathOf(r.url) === '/about/')!.redirects).toHaveLength(1);
    }
  });

  it('lists the redirecting URLs apart on request, each with its target', async () => {
    const redirects = await get(`/scope/urls/${projectId}?pageSize=50&show=redirects`);
    expect(redirects.total).toBe(4);
    const byPath = new Map(redirects.urlList.map((r) => [pathOf(r.url), r]));
    expect(byPath.get('/guide')).toMatchObject({ status: 'redirected', httpStatus: 301 });
    expect(pathOf(byPath.get('/guide')!.redirectsTo!)).toBe('/guide/');
    expect(byPath.get('/away')!.redirectsTo).toBeNull();
    const all = await get(`/scope/${projectId}/1/50?show=all`);
    expect(all.total).toBe(7);
  });

  it('counts pages, not redirects, in the project statistics and the domain lists', async () => {
    const stats = (
      await t.app.inject({ method: 'POST', url: '/api/project/stats', headers, payload: { projectId } })
    ).json().data.stat;
    expect(stats).toMatchObject({ totalUrls: 3, inScopeUrls: 3, crawledUrls: 3, redirectUrls: 4 });
    const domains = (
      await t.app.inject({
        method: 'POST',
        url: '/api/scope/domainWiseUrls',
        headers,
        payload: { projectId },
      })
    ).json().data.domainList;
    expect(domains).toEqual([expect.objectContaining({ total: 3, inScope: 3 })]);
    const all = await get(`/scope/allUrl/${projectId}`);
    expect((all as unknown as { urlList: string[] }).urlList.map(pathOf).sort()).toEqual([
      '/',
      '/about/',
      '/guide/',
    ]);
  });
});
