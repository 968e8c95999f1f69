import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '@bhasha/db';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from './support/crawl-test-app';
import { startStaticSite } from './support/static-site';

/**
 * A generated site: page n links to n+1 and to two pages far away, each page has its own
 * paragraph and a shared menu. No sitemap, so every URL past `/p0` is found through links.
 */
function generatedSite(total: number) {
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {};
  for (let n = 0; n < total; n += 1) {
    const links = [n + 1, (n * 7 + 3) % total, (n * 13 + 5) % total]
      .filter((k) => k < total)
      .map((k) => `<a href="/p${k}">page ${k}</a>`)
      .join(' ');
    routes[`/p${n}`] = (_, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<html><head><title>Page ${n}</title></head><body><nav><a href="/p0">Home</a> <a href="/p1">About us</a></nav>` +
            `<p>This is the text of page number ${n}, written for the crawler.</p><p>${links}</p></body></html>`,
        );
  }
  return startStaticSite({ root: mkdtempSync(join(tmpdir(), 'empty-site-')), robotsTxt: '', routes });
}

describe('crawl limits and the batch writer', () => {
  let t: CrawlTestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // Small claims and many lanes: pages wait for the writer, which must not lose or repeat any.
    t = await buildCrawlTestApp({ perHostConcurrency: 6, batchSize: 6, maxPages: 400 });
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
  });
  afterAll(() => t.close());

  async function crawlSite(origin: string, maxPages?: number) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/new',
      headers,
      payload: { baseUrl: `${origin}/p0`, targetLanguages: ['hi'], name: 'Generated' },
    });
    expect(created.statusCode).toBe(200);
    const projectId = created.json().data.project.id as string;
    if (maxPages !== undefined) {
      // The page limit is a project setting (settings.maxPages) below the deployment's.
      await t.handle.db
        .update(projects)
        .set({ settings: sql`${projects.settings} || ${JSON.stringify({ maxPages })}::jsonb` })
        .where(eq(projects.id, projectId));
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/project/crawl',
      headers,
      payload: { projectId },
    });
    expect(response.statusCode).toBe(200);
    const info = await waitForCrawl(t, headers, projectId, 120_000);
    const list = await t.app.inject({ method: 'GET', url: `/api/scope/${projectId}/1/500`, headers });
    return {
      info,
      rows: list.json().data.urlList as Array<{ url: string; status: string; sourceWordCount: number }>,
    };
  }

  it('fetches every page of a 150-page site exactly once, with its words, when pages outrun the writer', async () => {
    const site = await generatedSite(150);
    try {
      const { info, rows } = await crawlSite(site.origin);
      expect(info.status).toBe('COMPLETED');
      expect(rows).toHaveLength(150);
      expect(rows.every((r) => r.status === 'fetched')).toBe(true);
      for (let n = 0; n < 150; n += 1) expect(site.hits.get(`/p${n}`)).toBe(1);
      // Title (2 words) + menu (1 + 2) + the paragraph (12) + three links of 2 words each.
      const page7 = rows.find((r) => r.url.endsWith('/p7'));
      expect(page7?.sourceWordCount).toBe(2 + 3 + 12 + 6);
    } finally {
      await site.close();
    }
  });

  it('stops discovering at the project page limit, for links as well as sitemap entries', async () => {
    const site = await generatedSite(150);
    try {
      const { info, rows } = await crawlSite(site.origin, 20);
      expect(info.status).toBe('COMPLETED');
      expect(rows).toHaveLength(20);
      const fetched = [...site.hits.keys()].filter((path) => path.startsWith('/p'));
      expect(fetched).toHaveLength(20);
    } finally {
      await site.close();
    }
  });
});
