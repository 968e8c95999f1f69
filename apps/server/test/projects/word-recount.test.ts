import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@bhasha/contract';
import { jobDefinitions } from '../../src/jobs/registry';
import { projectRecountJob } from '../../src/modules/projects/projects.job';
import { createProjectsRepository } from '../../src/modules/projects/projects.repository';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from '../crawl/support/crawl-test-app';
import { startStaticSite, type StaticSite } from '../crawl/support/static-site';

/*
 * 'Wordcount will be updated shortly…' (spec §3) while a recount runs: project/resync marks the
 * project in the database and queues a recount job (the real pg-boss queue); GET
 * project/wordcount answers `updating` until the job clears the mark. Here the queue is kept from
 * working while the answer is checked, then let work. Its own file: it stops its app's queue.
 */
describe('word recounts asked for by project/resync', () => {
  let t: CrawlTestApp;
  let headers: Record<string, string>;
  let site: StaticSite;
  let projectId: string;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
    site = await startStaticSite({
      root: join(import.meta.dirname, '..', 'fixtures', 'websites', 'orgpedia-cabsec'),
    });
    const created = await post('/project/new', {
      baseUrl: `${site.origin}/en/deputy.html`,
      targetLanguages: ['hi'],
    });
    projectId = created.json<{ data: { project: { id: string } } }>().data.project.id;
    const crawl = await post('/project/crawl', { projectId });
    expect(crawl.statusCode).toBe(200);
    expect((await waitForCrawl(t, headers, projectId)).status).toBe('COMPLETED');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  function post(url: string, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }

  async function wordCount() {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/project/wordcount/${projectId}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ message: string; data: { updating: boolean; sourceWordCount: number } }>();
  }

  /** Restarts the app's queue: `work` false queues jobs without running them (a busy worker). */
  async function restartQueue(work: boolean) {
    await t.jobs.stop();
    await t.jobs.start(jobDefinitions, { work, deps: t.jobDeps });
  }

  async function waitUntilUpdated() {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const counts = await wordCount();
      if (!counts.data.updating) return counts;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the recount mark was never cleared');
  }

  it('answers updating from the resync until its job has recounted, then the recounted figures', async () => {
    const before = await wordCount();
    expect(before.data.updating).toBe(false);
    expect(before.message).toBe('Success');
    expect(before.data.sourceWordCount).toBeGreaterThan(0);

    // Counts gone wrong (what a resync is for): only a recount brings them back.
    await t.handle.db.execute(
      sql`update pages set source_word_count = 0 where project_id = ${projectId}::uuid`,
    );
    expect((await wordCount()).data.sourceWordCount).toBe(0);

    await restartQueue(false);
    const resync = await post('/scope/project/resync', { projectId });
    expect(resync.json()).toMatchObject({ success: true, message: SUCCESS_MESSAGES.wordCountScheduled });
    const pending = await wordCount();
    expect(pending.data.updating).toBe(true);
    expect(pending.message).toBe(SUCCESS_MESSAGES.wordCountScheduled);
    // The mark is the database's, not this process's: any web process reads it.
    const row = await createProjectsRepository(t.handle.db).findById(projectId);
    expect(row?.wordCountRecountSince).toBeInstanceOf(Date);

    await restartQueue(true);
    const after = await waitUntilUpdated();
    expect(after.message).toBe('Success');
    expect(after.data.sourceWordCount).toBe(before.data.sourceWordCount);
  }, 120_000);

  it('treats a mark older than the job expiry as done (its job was lost)', async () => {
    const stale = new Date(Date.now() - (projectRecountJob.expireInSeconds + 60) * 1000);
    const fresh = new Date(Date.now() - 60_000);
    await t.handle.db.execute(
      sql`update projects set word_count_recount_since = ${stale.toISOString()}::timestamptz where id = ${projectId}::uuid`,
    );
    expect((await wordCount()).data.updating).toBe(false);
    await t.handle.db.execute(
      sql`update projects set word_count_recount_since = ${fresh.toISOString()}::timestamptz where id = ${projectId}::uuid`,
    );
    expect((await wordCount()).data.updating).toBe(true);
    await t.handle.db.execute(
      sql`update projects set word_count_recount_since = null where id = ${projectId}::uuid`,
    );
  });

  it('keeps the mark of a resync asked for while an earlier recount ran', async () => {
    // The earlier job started under a mark at t0; a resync at t1 > t0 set a newer one.
    const t0 = new Date(Date.now() - 2_000);
    const t1 = new Date(Date.now() - 1_000);
    await t.handle.db.execute(
      sql`update projects set word_count_recount_since = ${t1.toISOString()}::timestamptz where id = ${projectId}::uuid`,
    );
    const projects = createProjectsRepository(t.handle.db);
    await projects.clearRecount(projectId, t0);
    expect((await wordCount()).data.updating).toBe(true);
    await projects.clearRecount(projectId, t1);
    expect((await wordCount()).data.updating).toBe(false);
  });

  it('answers a failure and leaves no mark when the recount cannot be queued', async () => {
    await t.jobs.stop();
    const refused = await post('/scope/project/resync', { projectId });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ success: false, message: ERROR_MESSAGES.generic });
    await t.jobs.start(jobDefinitions, { work: true, deps: t.jobDeps });
    expect((await wordCount()).data.updating).toBe(false);
  });
});
