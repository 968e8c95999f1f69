import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pages } from '@bhasha/db';
import type { Role } from '@bhasha/contract';
import { extractSegments } from '@bhasha/engine';
import { buildApp } from '../../../src/app';
import { createJobDeps } from '../../../src/jobs/job-deps';
import { createJobQueue, type JobQueue } from '../../../src/jobs/job-queue';
import { silentLogger } from '../../../src/lib/logger';
import { hashPassword } from '../../../src/lib/password';
import { createSegmentsRepository } from '../../../src/modules/crawl/segments.repository';
import { nmtApplyJob } from '../../../src/modules/machine-translation/machine-translation.job';
import { createMtEngineRegistryFromEnv } from '../../../src/modules/machine-translation/mt-engine-registry';
import { createMtRuntime, type MtRunSettings } from '../../../src/modules/machine-translation/mt-runtime';
import { createOrganisationsRepository } from '../../../src/modules/organisations/organisations.repository';
import { createProjectsRepository } from '../../../src/modules/projects/projects.repository';
import { createUsersRepository } from '../../../src/modules/users/users.repository';
import { silentEmitter, type RealtimeEmitter } from '../../../src/realtime/realtime-emitter';
import { createTestDb } from '../../support/test-db';
import { authHeaders, buildTestConfig } from '../../support/test-app';

export const WEBSITES = join(import.meta.dirname, '..', '..', 'fixtures', 'websites');

export interface EmittedEvent {
  room: string;
  event: string;
  payload: unknown;
}

/**
 * The app with a running job queue and the machine translation runtime, on a fresh database;
 * engines come from the MT_ENGINES / APERTIUM_URL given in `env`, as in production.
 */
export async function buildMtTestApp(
  env: Record<string, string>,
  settings: Partial<MtRunSettings> = {},
  options: { work?: boolean } = {},
) {
  const config = buildTestConfig(env);
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
  const mtEngines = createMtEngineRegistryFromEnv(config.env);
  const runtime = createMtRuntime({ db: handle.db, jobs, emitter, clock, engines: mtEngines, settings });
  await jobs.start([nmtApplyJob], { work: options.work ?? true, deps: createJobDeps({ mt: runtime }) });
  const { app, services } = await buildApp({
    config,
    handle,
    clock,
    emitter,
    jobs,
    log: silentLogger,
    mtEngines,
  });
  await app.ready();
  let sequence = 0;

  async function createMember(
    role: Role,
    organisationId: string | null,
    options: { nmtEnabled?: boolean } = {},
  ) {
    sequence += 1;
    const user = await createUsersRepository(handle.db).insert({
      name: `Member ${sequence}`,
      email: `mt-member${sequence}-${Date.now()}@example.in`,
      passwordHash: await hashPassword('correct horse battery'),
      role,
      organisationId,
      status: 'active',
      emailVerified: true,
      nmtEnabled: options.nmtEnabled ?? true,
    });
    const token = await services.tokens.sign({ userId: user.id, role, version: user.tokenVersion });
    return { user, headers: authHeaders(token) };
  }

  /** A website project whose segments are those of real fixture pages (as the crawler stores them). */
  async function createProject(
    organisationId: string,
    pageFiles: readonly string[],
    targetLanguages: string[] = ['es'],
  ) {
    const project = await createProjectsRepository(handle.db).insert({
      organisationId,
      name: 'Handbook',
      baseUrl: 'https://handbook.example.org',
      sourceLanguage: 'en',
      targetLanguages,
      status: 'parsed',
    });
    const segmentsRepository = createSegmentsRepository(handle.db);
    for (const file of pageFiles) {
      const url = `https://handbook.example.org/${file}`;
      const [page] = await handle.db
        .insert(pages)
        .values({
          organisationId,
          projectId: project.id,
          url,
          normalisedUrl: url,
          hostname: 'handbook.example.org',
        })
        .returning();
      const html = readFileSync(join(WEBSITES, 'jitsi-handbook', 'handbook', file), 'utf8');
      await segmentsRepository.replacePageSegments(
        { organisationId, projectId: project.id, pageId: page!.id },
        extractSegments(html),
        new Date(),
      );
    }
    return project;
  }

  return {
    app,
    services,
    handle,
    jobs,
    runtime,
    events,
    createMember,
    createProject,
    async createOrganisation(name = 'MT Org') {
      return createOrganisationsRepository(handle.db).insert({ name, plan: 'paid' });
    },
    async close() {
      await app.close();
      await jobs.stop();
      await handle.close();
    },
  };
}

export type MtTestApp = Awaited<ReturnType<typeof buildMtTestApp>>;

interface RunState {
  status: string;
  total: number;
  done: number;
  translated: number;
  skipped: number;
  unchanged: number;
  error: string | null;
}

/** Polls translation/nmt/status until the run is completed or failed. */
export async function waitForRun(
  t: MtTestApp,
  headers: Record<string, string>,
  projectId: string,
  requestId: string,
  timeoutMs = 120_000,
): Promise<RunState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/status',
      headers,
      payload: { projectId, requestId },
    });
    if (response.statusCode !== 200)
      throw new Error(`status answered ${response.statusCode}: ${response.body}`);
    const run = response.json<{ data: { run: RunState } }>().data.run;
    if (run.status === 'completed' || run.status === 'failed') return run;
    if (Date.now() > deadline) throw new Error(`run still ${run.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
