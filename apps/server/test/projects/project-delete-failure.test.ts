import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@bhasha/contract';
import { buildCrawlTestApp, type CrawlTestApp } from '../crawl/support/crawl-test-app';

/*
 * /project/delete marks the project and queues its delete job. When the queue refuses the job (here
 * the real pg-boss queue, stopped as during a shutdown), the answer is the spec's 'Project deletion
 * request failed' (§8), and the project is not left marked, which would hide it with nothing
 * to delete it. Its own file: it stops the queue of its app.
 */
describe('a project delete whose job cannot be queued', () => {
  let t: CrawlTestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    ({ headers } = await t.createMember('organisationAdmin', organisation.id));
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  it('answers the spec text and keeps the project, which a later delete removes', async () => {
    const created = await post('/project/new', {
      baseUrl: 'https://keep-me.example.in',
      targetLanguages: ['hi'],
    });
    const projectId = created.json<{ data: { project: { id: string } } }>().data.project.id;

    await t.jobs.stop();
    const refused = await post('/project/delete', { projectId, keepTm: false });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ success: false, message: ERROR_MESSAGES.projectDeletionFailed });
    // Still there, and listed.
    expect((await post('/project/details', { projectId })).statusCode).toBe(200);
    const list = (await post('/project', {})).json<{ data: { projectList: Array<{ projectId: string }> } }>();
    expect(list.data.projectList.map((p) => p.projectId)).toContain(projectId);

    // With the queue back, the same request is accepted.
    await t.jobs.start([], { work: false });
    const accepted = await post('/project/delete', { projectId, keepTm: false });
    expect(accepted.json()).toMatchObject({
      success: true,
      message: SUCCESS_MESSAGES.projectDeleteRequested,
    });
    expect((await post('/project/details', { projectId })).statusCode).toBe(404);
  });
});
