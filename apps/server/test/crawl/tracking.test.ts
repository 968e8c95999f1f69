import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords } from '@bhasha/engine';
import { trackerRunDueJob } from '../../src/modules/crawl/tracker.job';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from './support/crawl-test-app';
import { startStaticSite, type StaticSite } from './support/static-site';

const ADDED = 'The cabinet met today and approved three new schemes for rural roads.';

describe('URL tracking', () => {
  let t: CrawlTestApp;
  let site: StaticSite;
  let headers: Record<string, string>;
  let version = 1;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
    site = await startStaticSite({
      root: '/nonexistent',
      routes: {
        '/': (_, res) =>
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<html><body><h1>Home page</h1><a href="/news">News</a></body></html>'),
        '/news': (_, res) =>
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              `<html><head><title>News</title></head><body><p>Old story about the budget.</p>${version > 1 ? `<p>${ADDED}</p>` : ''}</body></html>`,
            ),
      },
    });
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  it('fetches tracked URLs again, keeps each version and flags only the changed content as new', async () => {
    const projectId = (
      await post('/project/new', { baseUrl: `${site.origin}/`, targetLanguages: ['hi'] })
    ).json<{ data: { project: { id: string } } }>().data.project.id;
    for (let round = 0; round < 2; round += 1) {
      await post('/project/crawl', { projectId });
      expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');
    }
    // The second crawl found nothing new.
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/project/wordcount/${projectId}`, headers })
    ).json<{ data: { newContentWordCount: number } }>().data;
    expect(before.newContentWordCount).toBe(0);

    expect(
      (await post('/scope/tracking/toggle', { projectId, urls: [`${site.origin}/news`], tracked: true }))
        .statusCode,
    ).toBe(200);
    await t.handle.executeSql(`UPDATE pages SET last_crawled_at = now() - interval '2 days' WHERE tracked`);
    version = 2;
    await trackerRunDueJob.handler(
      {},
      { jobId: 'test', retryCount: 0, reportProgress: () => undefined, signal: new AbortController().signal },
      t.jobDeps,
    );
    expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');

    const after = (
      await t.app.inject({ method: 'GET', url: `/api/project/wordcount/${projectId}`, headers })
    ).json<{ data: { newContentWordCount: number } }>().data;
    expect(after.newContentWordCount).toBe(countWords(ADDED));
    const files = (
      await post('/scope/getTrackingFilesListByUrl', { projectId, url: `${site.origin}/news` })
    ).json<{ data: { files: Array<{ id: string }> } }>().data.files;
    expect(files).toHaveLength(1);
    const src = (await post('/scope/getTrackingFilesrc', { projectId, fileId: files[0]!.id })).json<{
      data: { src: string };
    }>().data.src;
    expect(src).toContain(ADDED);
    // Only the tracked URL was fetched again.
    expect(site.hits.get('/')).toBe(2);
    expect(site.hits.get('/news')).toBe(3);
  });
});
