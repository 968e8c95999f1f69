// A child process serving Bhasha's web role on a loopback port, seeded with an organisation of
// 15 website projects, 15 users and one project's crawled pages and segments; it tells the parent
// (the load generator) its address, a signed-in organisation admin's token and the ids to ask for.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { pages, projects } from '@bhasha/db';
import { extractSegments } from '@bhasha/engine';
import { loadConfigOrExit } from '../../../apps/server/src/config/load-config';
import { createSegmentsRepository } from '../../../apps/server/src/modules/crawl/segments.repository';
import { startServer } from '../../../apps/server/src/server';
import { createFreshDatabase } from '../crawl/fresh-database';

const PROJECTS = 15;
const USERS = 15;
const PAGES = 60;
const HANDBOOK = join(
  import.meta.dirname,
  '../../../apps/server/test/fixtures/websites/jitsi-handbook/handbook',
);
const admin = { email: 'admin@bench.bhasha.test', password: 'bench-admin-password' };

// With BENCH_DATABASE_URL a fresh PostgreSQL database on that server (dropped afterwards), the
// production topology; without it PGlite in a temporary folder, in this process.
const serverUrl = process.env.BENCH_DATABASE_URL;
const fresh = serverUrl ? await createFreshDatabase(serverUrl) : undefined;
const config = loadConfigOrExit({
  ...process.env,
  DATABASE_URL: fresh?.url,
  ROLES: 'web',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bhasha-bench-api-')),
  JWT_SECRET: randomBytes(36).toString('base64url'),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  // One load generator on one address stands for many clients: the per-address limits would
  // answer 429 to all but the first few hundred requests a minute.
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
});
const server = await startServer(config);
const app = server.app!;

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: token ? { authorization: token } : {},
    payload: body as object,
  });
  const envelope = response.json<{ success: boolean; message: string; data: T }>();
  if (!envelope.success) throw new Error(`${path}: ${response.body}`);
  return envelope.data;
}

const superAdmin = await call<{ token: string }>('auth', admin);
const orgAdmin = { email: 'owner@bench.bhasha.test', password: 'Owner#Pass2026' };
await call(
  'auth/newOrganisation',
  { organisation: 'Bench Org', name: 'Bench Owner', ...orgAdmin, plan: 'paid' },
  superAdmin.token,
);
const { token } = await call<{ token: string }>('auth', orgAdmin);
const projectIds: string[] = [];
for (let n = 1; n <= PROJECTS; n += 1) {
  const created = await call<{ project: { id: string } }>(
    'project/new',
    { baseUrl: `https://site-${n}.bench.example/`, targetLanguages: ['hi', 'ta'] },
    token,
  );
  projectIds.push(created.project.id);
}
for (let n = 1; n <= USERS; n += 1) {
  await call(
    'user',
    {
      name: `Translator ${n}`,
      email: `translator-${n}@bench.bhasha.test`,
      role: 'collaborator',
      password: 'Trans#Pass2026',
    },
    token,
  );
}

// The first project's pages and segments, stored as a crawl stores them.
const projectId = projectIds[0]!;
const db = server.handle.db;
const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
const html = readFileSync(join(HANDBOOK, 'index.html'), 'utf8');
const segments = extractSegments(html);
for (let n = 0; n < PAGES; n += 1) {
  const url = `https://site-1.bench.example/page-${n}`;
  const [page] = await db
    .insert(pages)
    .values({
      organisationId: project!.organisationId,
      projectId,
      url,
      normalisedUrl: url,
      hostname: 'site-1.bench.example',
      status: 'fetched',
      httpStatus: 200,
    })
    .returning({ id: pages.id });
  await createSegmentsRepository(db).replacePageSegments(
    { organisationId: project!.organisationId, projectId, pageId: page!.id },
    segments,
    new Date(),
  );
}

process.send!({ type: 'ready', url: server.url, token, projectId });
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop')
    void server
      .stop()
      .then(() => fresh?.drop())
      .then(() => process.exit(0));
});
