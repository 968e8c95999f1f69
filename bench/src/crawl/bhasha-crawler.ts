/**
 * Child process: the real Bhasha crawler, started as production starts a worker: the server's
 * `startServer` with `ROLES=worker` (migrations, the pg-boss queue with every job definition,
 * the crawl, MT and TMX runtimes; nothing of the web role), bundled like the server and run by
 * plain node with the worker's node flags (crawl.bench.ts, scripts/node-flags.mjs). The
 * database is PGlite in a temporary folder, or a fresh PostgreSQL database with
 * BENCH_DATABASE_URL. A project for the site is created and its crawl job queued exactly as
 * project/crawl does. Reports when the crawl is COMPLETED, with the word counts it stored.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { crawls, organisations, projectDomains, projects } from '@bhasha/db';
// The bench drives the server's worker role directly: these are not part of its package entry
// (which also exports the web role's app).
import { loadConfigOrExit } from '../../../apps/server/src/config/load-config';
import { crawlStartJob } from '../../../apps/server/src/modules/crawl/crawl.job';
import { startServer } from '../../../apps/server/src/server';
import { sampleCpu } from './cpu-sampler';
import { crawlEnv, measureGc, printResult, sampleRss } from './crawl-result';
import { createFreshDatabase } from './fresh-database';

const { origin, concurrency } = crawlEnv();
// Production runs on PostgreSQL: with BENCH_DATABASE_URL the crawl gets a fresh database on that
// server (dropped afterwards); without it, PGlite in the temporary data folder, in this process.
const serverUrl = process.env.BENCH_DATABASE_URL;
const fresh = serverUrl ? await createFreshDatabase(serverUrl) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'bhasha-bench-'));
const config = loadConfigOrExit({
  ROLES: 'worker',
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: fresh?.url,
  JWT_SECRET: randomBytes(36).toString('base64url'),
  LOG_LEVEL: 'silent',
  // The site is served on loopback.
  ALLOW_PRIVATE_NETWORK_FETCH: 'true',
});
const server = await startServer(config, {
  // Production defaults, except: no politeness delay and the references' concurrency (a
  // loopback benchmark measures the crawler, not the pause), and room for the whole site.
  // BENCH_READER_THREADS sets the page reader threads (0: pages read on the crawl's own thread).
  crawlSettings: {
    politenessDelayMs: 0,
    perHostConcurrency: concurrency,
    maxPages: 50_000,
    ...(process.env.BENCH_READER_THREADS ? { readerThreads: Number(process.env.BENCH_READER_THREADS) } : {}),
  },
});
const { readerThreads } = server.jobDeps.crawl.settings;
const { handle, jobs: queue } = server;
const { db } = handle;

const [organisation] = await db.insert(organisations).values({ name: 'Bench Org', plan: 'paid' }).returning();
const [project] = await db
  .insert(projects)
  .values({
    organisationId: organisation!.id,
    name: 'Bench site',
    baseUrl: `${origin}/`,
    targetLanguages: ['hi'],
    status: 'crawling',
    settings: { maxPages: 50_000 },
  })
  .returning();
await db.insert(projectDomains).values({
  organisationId: organisation!.id,
  projectId: project!.id,
  hostname: new URL(origin).hostname,
  origin,
  isPrimary: true,
});

const memory = sampleRss();
const gc = measureGc();
// The crawl thread's and PostgreSQL's CPU per page (PostgreSQL only: its backends are read from /proc).
const cpu = sampleCpu(serverUrl, fresh ? new URL(fresh.url).pathname.slice(1) : undefined);
const started = performance.now();
const [crawl] = await db
  .insert(crawls)
  .values({ organisationId: organisation!.id, projectId: project!.id, initUrl: `${origin}/` })
  .returning();
await queue.send(
  crawlStartJob,
  { crawlId: crawl!.id, projectId: project!.id, mode: 'full', seq: 0 },
  { singletonKey: crawl!.id },
);

const deadline = Date.now() + Number(process.env.BENCH_CRAWL_TIMEOUT_MS ?? 45 * 60_000);
let status = 'INACTIVE';
while (status !== 'COMPLETED' && status !== 'FAILED') {
  if (Date.now() > deadline) throw new Error(`the crawl is still ${status} at the deadline`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const [row] = await db.select({ status: crawls.status }).from(crawls).where(eq(crawls.id, crawl!.id));
  status = row?.status ?? status;
}
const seconds = (performance.now() - started) / 1000;
const { samples, peak } = memory.stop();
const gcSummary = gc.stop();
const cpuFigures = await cpu.stop();

const counts = await handle.executeSql(`
  SELECT count(*) FILTER (WHERE status = 'fetched')::int AS fetched,
         coalesce(sum(source_word_count) FILTER (WHERE status = 'fetched'), 0)::int AS words
  FROM pages WHERE project_id = '${project!.id}'`);
const row = counts.rows[0] as { fetched: number; words: number };
const cpuSummary = cpuFigures(Number(row.fetched));
const outcomes = await handle.executeSql(
  `SELECT status, coalesce(error, '') AS error, count(*)::int AS n FROM pages GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5`,
);
const outcomeText = (outcomes.rows as { status: string; error: string; n: number }[])
  .map((o) => `${o.n} ${o.status}${o.error ? ` (${o.error})` : ''}`)
  .join(', ');
const segmentRows = await handle.executeSql(`SELECT count(*)::int AS n FROM segments`);
const distinctSegments = Number((segmentRows.rows[0] as { n: number }).n);
printResult({
  crawler: 'bhasha',
  pages: Number(row.fetched),
  seconds,
  words: Number(row.words),
  peakRssMb: peak,
  rssSamplesMb: samples,
  database: fresh
    ? 'PostgreSQL (separate server process; its memory is not in this RSS)'
    : 'PGlite (in-process)',
  notes: `crawl ${status}; pages: ${outcomeText}; ${distinctSegments} distinct segments; ${readerThreads} reader thread(s); ${gcSummary}; ${cpuSummary}`,
});
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
// BENCH_KEEP_DATABASE=1 keeps the crawled database (bhasha_bench_*, drop it by hand) to replay its statements.
if (!process.env.BENCH_KEEP_DATABASE) await fresh?.drop();
process.exit(0);
