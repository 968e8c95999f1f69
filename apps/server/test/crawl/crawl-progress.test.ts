import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoomOf, SERVER_EVENTS, type JobProgress } from '@bhasha/contract';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from './support/crawl-test-app';
import { startStaticSite, type StaticSiteOptions } from './support/static-site';

const PAGES = 120;

/** The home page links to every page: runs fetch many pages each. */
function hubSite() {
  const routes: NonNullable<StaticSiteOptions['routes']> = {};
  const links = Array.from({ length: PAGES }, (_, n) => `<a href="/p${n}">page ${n}</a>`).join(' ');
  routes['/p0'] = (_, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<html><body>${links}</body></html>`);
  for (let n = 1; n < PAGES; n += 1) {
    routes[`/p${n}`] = (_, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<html><body><a href="/p0">Home</a><p>The text of page ${n}.</p></body></html>`);
  }
  return startStaticSite({ root: mkdtempSync(join(tmpdir(), 'progress-site-')), robotsTxt: '', routes });
}

// A worker's progress events reach the project room through PostgreSQL, one NOTIFY each: a batch
// run reports at most every 250 ms and once when its lanes stop, not once per page (ADR 0013).
describe('crawl batch progress', () => {
  let t: CrawlTestApp;
  beforeAll(async () => {
    t = await buildCrawlTestApp({ perHostConcurrency: 4, batchSize: 10 });
  });
  afterAll(() => t.close());

  it('sends a progress event per 250 ms of a run and one at its end, not one per page', async () => {
    const site = await hubSite();
    try {
      const organisation = await t.createOrganisation();
      const { headers } = await t.createMember('organisationAdmin', organisation.id);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/project/new',
        headers,
        payload: { baseUrl: `${site.origin}/p0`, targetLanguages: ['hi'], name: 'Progress' },
      });
      const projectId = created.json().data.project.id as string;
      const started = Date.now();
      await t.app.inject({ method: 'POST', url: '/api/project/crawl', headers, payload: { projectId } });
      const info = await waitForCrawl(t, headers, projectId, 120_000);
      const elapsedMs = Date.now() - started;
      expect(info.status).toBe('COMPLETED');

      const active = t.events
        .filter((e) => e.room === projectRoomOf(projectId) && e.event === SERVER_EVENTS.jobProgressed)
        .map((e) => e.payload as JobProgress)
        .filter((p) => p.name === 'crawl.fetch-batch' && p.state === 'active');
      const runs = new Set(active.map((p) => p.jobId)).size;
      // Runs of one crawl follow each other: at most one event per 250 ms of the crawl, and a last one
      // per run (one per page before).
      expect(active.length).toBeGreaterThan(0);
      expect(active.length).toBeLessThanOrEqual(runs + Math.ceil(elapsedMs / 250));
      // Every page was still fetched and counted.
      const list = await t.app.inject({ method: 'GET', url: `/api/scope/${projectId}/1/500`, headers });
      const rows = list.json().data.urlList as Array<{ status: string }>;
      expect(rows.filter((row) => row.status === 'fetched')).toHaveLength(PAGES);
    } finally {
      await site.close();
    }
  }, 180_000);
});
