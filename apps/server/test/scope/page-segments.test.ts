import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from '../crawl/support/crawl-test-app';
import { startStaticSite, type StaticSite } from '../crawl/support/static-site';

type Headers = Record<string, string>;

const HANDBOOK = join(import.meta.dirname, '..', 'fixtures', 'websites', 'jitsi-handbook');

interface Segment {
  sourceHash: string;
  text: string;
  kind: string;
  wordCount: number;
  isNew: boolean;
  occurrences: number;
}

// scope/pageSegments: the Scope page's preview of what the extractor found on one real page.
describe('the segments of one URL', () => {
  let t: CrawlTestApp;
  let site: StaticSite;
  let admin: Headers;
  let otherAdmin: Headers;
  let projectId: string;
  let page: { id: string; url: string; segmentCount: number; sourceWordCount: number };

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    // One page is enough: robots.txt lets the crawler read only the handbook's intro page.
    site = await startStaticSite({
      root: HANDBOOK,
      robotsTxt: 'User-agent: *\nDisallow: /\nAllow: /handbook/docs/intro$\n',
    });
    const organisation = await t.createOrganisation('Org A');
    admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
    otherAdmin = (await t.createMember('organisationAdmin', (await t.createOrganisation('Org B')).id))
      .headers;
    const created = await post('/project/new', admin, {
      baseUrl: `${site.origin}/handbook/docs/intro`,
      targetLanguages: ['hi'],
    });
    projectId = created.json().data.project.id;
    expect((await post('/project/crawl', admin, { projectId })).statusCode).toBe(200);
    await waitForCrawl(t, admin, projectId);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/scope/urls/${projectId}?pageSize=500`,
      headers: admin,
    });
    const rows = list.json().data.urlList as Array<typeof page & { status: string }>;
    page = rows.find((row) => /\/handbook\/docs\/intro\/?$/.test(row.url))!;
    expect(page, JSON.stringify(rows)).toBeDefined();
    expect(page.segmentCount).toBeGreaterThan(10);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  function post(url: string, headers: Headers, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }

  async function segmentsPage(pageNumber: number, pageSize: number) {
    const response = await post('/scope/pageSegments', admin, {
      projectId,
      urlId: page.id,
      pageNumber,
      pageSize,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { url: { id: string }; segments: Segment[]; total: number };
  }

  it('pages through every segment of the page once, in page order, with the page’s word count', async () => {
    const first = await segmentsPage(1, 5);
    expect(first.url.id).toBe(page.id);
    expect(first.total).toBe(page.segmentCount);
    expect(first.segments).toHaveLength(5);
    // The document title comes first in the page.
    expect(first.segments[0]!.kind).toBe('title');
    expect(first.segments[0]!.text).toContain('Jitsi');

    const all = (await segmentsPage(1, 200)).segments;
    expect(all).toHaveLength(page.segmentCount);
    expect(new Set(all.map((s) => s.sourceHash)).size).toBe(all.length);
    expect(all.slice(0, 5)).toEqual(first.segments);
    expect((await segmentsPage(2, 5)).segments).toEqual(all.slice(5, 10));
    // A first crawl: everything is new, and the words add up to the page's count.
    expect(all.every((s) => s.isNew)).toBe(true);
    expect(all.reduce((sum, s) => sum + s.wordCount * s.occurrences, 0)).toBe(page.sourceWordCount);
  });

  it('answers 404 for another organisation and for a URL outside the project, 400 for a bad id', async () => {
    const foreign = await post('/scope/pageSegments', otherAdmin, { projectId, urlId: page.id });
    expect(foreign.statusCode).toBe(404);
    const missing = await post('/scope/pageSegments', admin, {
      projectId,
      urlId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await post('/scope/pageSegments', admin, { projectId, urlId: 'page-1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().type).toBe('VALIDATION_ERROR');
  });
});
