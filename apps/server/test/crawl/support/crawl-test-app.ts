import type { Role } from '@bhasha/contract';
import { buildApp } from '../../../src/app';
import { createJobQueue, type JobQueue } from '../../../src/jobs/job-queue';
import { jobDefinitions } from '../../../src/jobs/registry';
import { silentLogger } from '../../../src/lib/logger';
import { hashPassword } from '../../../src/lib/password';
import { createJobDeps, type JobDeps } from '../../../src/jobs/job-deps';
import {
  closeCrawlRuntime,
  createCrawlRuntime,
  type CrawlSettings,
} from '../../../src/modules/crawl/crawl-runtime';
import { createOrganisationsRepository } from '../../../src/modules/organisations/organisations.repository';
import { createUsersRepository } from '../../../src/modules/users/users.repository';
import { silentEmitter, type RealtimeEmitter } from '../../../src/realtime/realtime-emitter';
import type { AppDeps } from '../../../src/services';
import { createTestDb } from '../../support/test-db';
import { authHeaders, buildTestConfig } from '../../support/test-app';

export interface EmittedEvent {
  room: string;
  event: string;
  payload: unknown;
}

/** The app with a working job queue and crawl runtime on a fresh database, loopback allowed. */
export async function buildCrawlTestApp(
  settings: Partial<CrawlSettings> = {},
  appDeps: Pick<AppDeps, 'deliveryBudgets'> = {},
) {
  const config = buildTestConfig({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
  const handle = await createTestDb();
  const events: EmittedEvent[] = [];
  const emitter: RealtimeEmitter = {
    ...silentEmitter,
    emitToRoom: (room, event, payload) => events.push({ room, event, payload }),
  };
  const clock = { now: () => new Date() };
  const jobs: JobQueue = createJobQueue({
    handle,
    emitter,
    log: silentLogger,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
  const crawlRuntime = createCrawlRuntime({
    db: handle.db,
    jobs,
    emitter,
    clock,
    allowPrivateNetwork: true,
    settings: { politenessDelayMs: 0, batchSize: 10, ...settings },
  });
  // Tests add the runtimes of other jobs later (useJobRuntimes): handlers look them up when they run.
  const jobRuntimes: Partial<JobDeps> = { crawl: crawlRuntime };
  const jobDeps = createJobDeps(jobRuntimes);
  await jobs.start(jobDefinitions, { work: true, deps: jobDeps });
  const { app, services } = await buildApp({
    config,
    handle,
    clock,
    emitter,
    jobs,
    log: silentLogger,
    ...appDeps,
  });
  await app.ready();
  let sequence = 0;

  async function createMember(role: Role, organisationId: string | null) {
    sequence += 1;
    const user = await createUsersRepository(handle.db).insert({
      name: `Member ${sequence}`,
      email: `member${sequence}-${Date.now()}@example.in`,
      passwordHash: await hashPassword('correct horse battery'),
      role,
      organisationId,
      status: 'active',
      emailVerified: true,
    });
    const token = await services.tokens.sign({ userId: user.id, role, version: user.tokenVersion });
    return { user, token, headers: authHeaders(token) };
  }

  return {
    app,
    services,
    handle,
    jobs,
    jobDeps,
    /** Gives the app's job handlers more runtimes (TMX imports, machine translation). */
    useJobRuntimes(runtimes: Partial<JobDeps>) {
      Object.assign(jobRuntimes, runtimes);
    },
    events,
    async createOrganisation(name = 'Test Org') {
      return createOrganisationsRepository(handle.db).insert({ name, plan: 'paid' });
    },
    createMember,
    async close() {
      await app.close();
      await jobs.stop();
      // Its page reader threads: a test file leaves none behind.
      await closeCrawlRuntime(crawlRuntime);
      await handle.close();
    },
  };
}

export type CrawlTestApp = Awaited<ReturnType<typeof buildCrawlTestApp>>;

/** Polls scope/crawl/last until the crawl is over (COMPLETED or FAILED). */
export async function waitForCrawl(
  t: CrawlTestApp,
  headers: Record<string, string>,
  projectId: string,
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/scope/crawl/last',
      headers,
      payload: { projectId },
    });
    const info = response.json<{ data: { status: string; parsedUrls: number } }>().data;
    if (info.status === 'COMPLETED' || info.status === 'FAILED') return info;
    if (Date.now() > deadline) throw new Error(`crawl still ${info.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
