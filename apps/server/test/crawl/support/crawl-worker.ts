/**
 * A worker process for the crawl crash test: runs the real crawl jobs against the database
 * named by WORKER_PGLITE_DIR or WORKER_DATABASE_URL; with CRAWL_BASE_URL it first creates a
 * project and starts its crawl. Prints `PAGES n` as pages finish and `COMPLETED` at the end.
 */
import { eq, sql } from 'drizzle-orm';
import { crawls, createDb, organisations, pages, projectDomains, projects } from '@bhasha/db';
import { createJobDeps } from '../../../src/jobs/job-deps';
import { createJobQueue } from '../../../src/jobs/job-queue';
import { jobDefinitions } from '../../../src/jobs/registry';
import { silentLogger } from '../../../src/lib/logger';
import { crawlStartJob } from '../../../src/modules/crawl/crawl.job';
import { closeCrawlRuntime, createCrawlRuntime } from '../../../src/modules/crawl/crawl-runtime';
import { silentEmitter } from '../../../src/realtime/realtime-emitter';

const handle = await createDb({
  databaseUrl: process.env.WORKER_DATABASE_URL,
  pgliteDir: process.env.WORKER_PGLITE_DIR ?? 'memory',
});
await handle.migrate();
const { db } = handle;
const queue = createJobQueue({
  handle,
  emitter: silentEmitter,
  log: {
    info: () => undefined,
    error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
  },
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  // A killed worker's batch is taken over once its heartbeat stops (ADR 0034): short here, so the
  // test need not wait; the jobs keep their expiry, so a slow live run is never retried beside itself.
  heartbeat: { intervalSeconds: 1, deadAfterSeconds: 5 },
});
const crawlRuntime = createCrawlRuntime({
  db,
  jobs: queue,
  emitter: silentEmitter,
  clock: { now: () => new Date() },
  log: silentLogger,
  allowPrivateNetwork: true,
  settings: { batchSize: 3, politenessDelayMs: 150, perHostConcurrency: 1, batchTimeBudgetMs: 2_000 },
});
await queue.start(
  jobDefinitions.map((d) => ({
    ...d,
    retry: { limit: 5, delaySeconds: 1, backoff: false },
  })),
  { work: true, deps: createJobDeps({ crawl: crawlRuntime }) },
);

if (process.env.CRAWL_BASE_URL) {
  const base = new URL(process.env.CRAWL_BASE_URL);
  const [organisation] = await db
    .insert(organisations)
    .values({ name: 'Crash Org', plan: 'paid' })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({
      organisationId: organisation!.id,
      name: 'Crash',
      baseUrl: base.href,
      targetLanguages: ['hi'],
      status: 'crawling',
    })
    .returning();
  await db.insert(projectDomains).values({
    organisationId: organisation!.id,
    projectId: project!.id,
    hostname: base.hostname,
    origin: base.origin,
    isPrimary: true,
  });
  const [crawl] = await db
    .insert(crawls)
    .values({ organisationId: organisation!.id, projectId: project!.id, initUrl: base.href })
    .returning();
  await queue.send(
    crawlStartJob,
    { crawlId: crawl!.id, projectId: project!.id, mode: 'full', seq: 0 },
    { singletonKey: crawl!.id },
  );
}
process.stdout.write('READY\n');

let last = -1;
const timer = setInterval(() => {
  void (async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pages)
      .where(eq(pages.crawlState, 'done'));
    if (row && row.n !== last) {
      last = row.n;
      process.stdout.write(`PAGES ${row.n}\n`);
    }
    const [crawl] = await db.select({ status: crawls.status }).from(crawls).limit(1);
    if (crawl?.status === 'COMPLETED') {
      clearInterval(timer);
      process.stdout.write('COMPLETED\n');
    }
  })().catch(() => undefined);
}, 100);

process.on('SIGTERM', () => {
  clearInterval(timer);
  void queue
    .stop()
    .then(() => closeCrawlRuntime(crawlRuntime))
    .then(() => handle.close())
    .then(() => process.exit(0));
});
