import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords } from '@bhasha/engine';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from '../crawl/support/crawl-test-app';
import { startStaticSite, type StaticSite } from '../crawl/support/static-site';

/*
 * The scope calls that fetch again or read back what was fetched, through the product on a real
 * site served on loopback: /tracker/projectContentTracker (tracked URLs now), /scope/flush/start
 * (one URL now), /scope/getFilehtmls (stored versions side by side) and /project/stats/urlWise.
 * Until this file they were only called by the authorization matrix, which checks who may call
 * them, not what they do.
 */

const FIRST_ADDITION = 'The cabinet met today and approved three new schemes for rural roads.';
const SECOND_ADDITION = 'A second announcement followed about district libraries.';

describe('fetching scope URLs again, and their stored versions', () => {
  let t: CrawlTestApp;
  let site: StaticSite;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let projectId: string;
  let newsVersion = 1;
  let homeVersion = 1;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
    ({ headers: otherHeaders } = await t.createMember(
      'organisationAdmin',
      (await t.createOrganisation()).id,
    ));
    const html = (body: string) => (_: unknown, res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    site = await startStaticSite({
      root: '/nonexistent',
      routes: {
        '/': (req, res) =>
          html(
            `<html><body><h1>Home page</h1><p>Welcome, edition ${homeVersion === 1 ? 'one' : 'two'}.</p><a href="/news">News</a><a href="/about">About</a></body></html>`,
          )(req, res),
        '/news': (req, res) =>
          html(
            `<html><head><title>News</title></head><body><p>Old story about the budget.</p>${newsVersion > 1 ? `<p>${FIRST_ADDITION}</p>` : ''}${newsVersion > 2 ? `<p>${SECOND_ADDITION}</p>` : ''}</body></html>`,
          )(req, res),
        '/about': html('<html><body><p>About this ministry and its work.</p></body></html>'),
      },
    });
    projectId = (await post('/project/new', { baseUrl: `${site.origin}/`, targetLanguages: ['hi'] })).json<{
      data: { project: { id: string } };
    }>().data.project.id;
    // Crawled twice: the second crawl finds nothing new, so only later changes count as new.
    for (let round = 0; round < 2; round += 1) {
      await post('/project/crawl', { projectId });
      expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');
    }
  });
  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  function post(url: string, payload: object, as = headers) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers: as, payload });
  }

  async function newWords(): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/project/wordcount/${projectId}`,
      headers,
    });
    return response.json<{ data: { newContentWordCount: number } }>().data.newContentWordCount;
  }

  async function versionsOf(path: string): Promise<Array<{ id: string }>> {
    const response = await post('/scope/getTrackingFilesListByUrl', {
      projectId,
      url: `${site.origin}${path}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { files: Array<{ id: string }> } }>().data.files;
  }

  it('projectContentTracker does nothing without tracked URLs, then fetches only the tracked ones', async () => {
    const idle = await post('/tracker/projectContentTracker', { projectId });
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json().data).toEqual({ crawlId: null, urls: 0 });

    expect(await newWords()).toBe(0);
    const toggled = await post('/scope/tracking/toggle', {
      projectId,
      urls: [`${site.origin}/news`],
      tracked: true,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    const hitsBefore = { home: site.hits.get('/') ?? 0, news: site.hits.get('/news') ?? 0 };
    newsVersion = 2;
    const run = await post('/tracker/projectContentTracker', { projectId });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ crawlId: expect.any(String), urls: 1 });
    expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');

    // The changed paragraph alone is new; only the tracked URL was fetched.
    expect(await newWords()).toBe(countWords(FIRST_ADDITION));
    expect(site.hits.get('/news')).toBe(hitsBefore.news + 1);
    expect(site.hits.get('/') ?? 0).toBe(hitsBefore.home);
  });

  it('getFilehtmls answers the stored versions asked for, in the order asked, and only the project’s', async () => {
    newsVersion = 3;
    await post('/tracker/projectContentTracker', { projectId });
    expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');
    const files = await versionsOf('/news');
    expect(files.length).toBeGreaterThanOrEqual(2);

    const ids = files.map((f) => f.id);
    for (const order of [ids, [...ids].reverse()]) {
      const response = await post('/scope/getFilehtmls', { projectId, fileIds: order });
      expect(response.statusCode, response.body).toBe(200);
      const htmls = response.json<{ data: { htmls: Array<{ fileId: string; html: string }> } }>().data.htmls;
      expect(htmls.map((h) => h.fileId)).toEqual(order);
    }
    const all = (await post('/scope/getFilehtmls', { projectId, fileIds: ids })).json<{
      data: { htmls: Array<{ html: string }> };
    }>().data.htmls;
    // The versions differ as the page did: the newest holds the second addition, the oldest does not.
    expect(all.some((h) => h.html.includes(SECOND_ADDITION))).toBe(true);
    expect(all.some((h) => h.html.includes(FIRST_ADDITION) && !h.html.includes(SECOND_ADDITION))).toBe(true);

    const unknown = await post('/scope/getFilehtmls', {
      projectId,
      fileIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    const foreign = await post('/scope/getFilehtmls', { projectId, fileIds: ids }, otherHeaders);
    expect(foreign.statusCode).toBe(404);
  });

  it('flush/start fetches one URL now, tracked or not; a URL outside the project is 404', async () => {
    const hitsBefore = { home: site.hits.get('/') ?? 0, about: site.hits.get('/about') ?? 0 };
    homeVersion = 2;
    const flushed = await post('/scope/flush/start', { projectId, url: `${site.origin}/` });
    expect(flushed.statusCode, flushed.body).toBe(200);
    expect(flushed.json().data).toEqual({ crawlId: expect.any(String) });
    expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');
    expect(site.hits.get('/')).toBe(hitsBefore.home + 1);
    expect(site.hits.get('/about') ?? 0).toBe(hitsBefore.about);

    const missing = await post('/scope/flush/start', { projectId, url: `${site.origin}/never-linked` });
    expect(missing.statusCode).toBe(404);
    const foreign = await post('/scope/flush/start', { projectId, url: `${site.origin}/` }, otherHeaders);
    expect(foreign.statusCode).toBe(404);
  });

  it('stats/urlWise answers each URL asked for in order, with the scope list’s counts; unknown ones empty', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/scope/${projectId}/1/50`, headers });
    const rows = list.json<{
      data: {
        urlList: Array<{
          url: string;
          sourceWordCount: number;
          uniqueWordCount: number;
          segmentCount: number;
        }>;
      };
    }>().data.urlList;
    const about = rows.find((r) => r.url === `${site.origin}/about`)!;
    const news = rows.find((r) => r.url === `${site.origin}/news`)!;
    expect(about.sourceWordCount).toBeGreaterThan(0);

    const asked = [`${site.origin}/news`, `${site.origin}/nowhere`, `${site.origin}/about`];
    const response = await post('/project/stats/urlWise', { projectId, urls: asked });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<{
      data: {
        urlWiseStatData: Array<{
          url: string;
          pageId: string | null;
          status: string;
          sourceWordCount: number;
          uniqueWordCount: number;
          segmentCount: number;
        }>;
      };
    }>().data.urlWiseStatData;
    expect(stats.map((s) => s.url)).toEqual(asked);
    expect(stats[0]).toMatchObject({
      sourceWordCount: news.sourceWordCount,
      uniqueWordCount: news.uniqueWordCount,
      segmentCount: news.segmentCount,
      pageId: expect.any(String),
    });
    expect(stats[1]).toMatchObject({ pageId: null, status: 'unknown', sourceWordCount: 0 });
    expect(stats[2]).toMatchObject({
      sourceWordCount: about.sourceWordCount,
      segmentCount: about.segmentCount,
    });

    // Without URLs: every URL of the project.
    const every = (await post('/project/stats/urlWise', { projectId })).json<{
      data: { urlWiseStatData: Array<{ url: string }> };
    }>().data.urlWiseStatData;
    expect(every.map((s) => s.url).sort()).toEqual(rows.map((r) => r.url).sort());

    const foreign = await post('/project/stats/urlWise', { projectId, urls: asked }, otherHeaders);
    expect(foreign.statusCode).toBe(404);
  });
});
