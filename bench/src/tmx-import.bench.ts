import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Parser } from 'htmlparser2';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createDb, organisations, projects, type Database, type DbHandle } from '@bhasha/db';
import { tmxPrologue, tmxUnitXml, TMX_EPILOGUE, type TmxUnit } from '@bhasha/engine';
import { createMemoryChangeAnnouncer } from '../../apps/server/src/modules/translation-memory/memory-changes';
import { createOrganisationFuzzyIndexes } from '../../apps/server/src/modules/translation-memory/organisation-fuzzy-indexes';
import { createWebFuzzyIndexes } from '../../apps/server/src/modules/translation-memory/translation-memory-services';
import { importTmxStream } from '../../apps/server/src/modules/translation-memory/tmx-import-pipeline';
import { createTranslationMemoryRepository } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';
import { createTranslationWriter } from '../../apps/server/src/modules/translation/translation-writer.repository';
import { silentEmitter } from '../../apps/server/src/realtime/realtime-emitter';
import { createFreshDatabase } from './crawl/fresh-database';
import { report } from './measure';
import { envInt } from './percentiles';
import { parallelSentences, seededRandom } from './tm-corpus';
import { bundleServerProcess } from './server-process-bundle';

/** An NTREX sentence the generated files hold (with a unit number appended). */
const QUERY =
  'There is consternation among some AMs at a suggestion their title should change to MWPs (Member of the Welsh Parliament).';

/** Writes a TMX file of `units` English–Hindi units (NTREX pairs, numbered so every source differs, some with inline codes). */
async function writeTmxFile(path: string, units: number): Promise<void> {
  const sentences = parallelSentences();
  const english = sentences.get('newstest2019-src.eng.txt') ?? [];
  const hindi = sentences.get('newstest2019-ref.hin.txt') ?? [];
  const next = seededRandom(6);
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(tmxPrologue({ attributes: { srclang: 'en' } }));
  for (let i = 0; i < units; i += 1) {
    const pair = i % english.length;
    const bold = next() < 0.2;
    const wrap = (text: string) => (bold ? `<x1>${text}</x1>` : text);
    const unit: TmxUnit = {
      attributes: { tuid: String(i + 1) },
      properties: [],
      notes: [],
      variants: [
        {
          lang: 'en',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: `${wrap(english[pair]!)} (${i})`, codes: [] },
        },
        {
          lang: 'hi',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: `${wrap(hindi[pair]!)} (${i})`, codes: [] },
        },
      ],
    };
    await write(tmxUnitXml(unit));
  }
  await write(TMX_EPILOGUE);
  out.end();
  await once(out, 'finish');
}

/** The reference: htmlparser2 reading the same file with no handlers beyond counting `</tu>`. */
async function parseOnly(path: string): Promise<number> {
  let units = 0;
  const parser = new Parser(
    { onclosetag: (name) => void (name === 'tu' && (units += 1)) },
    { xmlMode: true },
  );
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 }))
    parser.write(chunk as string);
  parser.end();
  return units;
}

/** A fresh database for one run: PGlite in a temporary folder, or PostgreSQL when BENCH_DATABASE_URL is set. */
async function openDatabase(): Promise<{
  handle: DbHandle;
  label: string;
  /** The database's connection string on PostgreSQL (another process can open it). */
  url: string | null;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const fresh = await createFreshDatabase(serverUrl);
    const handle = await createDb({ databaseUrl: fresh.url });
    await handle.migrate();
    return {
      handle,
      label: 'PostgreSQL',
      url: fresh.url,
      async drop() {
        await handle.close();
        await fresh.drop();
      },
    };
  }
  // In memory, as the tests run it: PGlite's file system layer costs more than the import itself.
  const handle = await createDb({ pgliteDir: process.env.BENCH_PGLITE_DIR ?? 'memory' });
  await handle.migrate();
  return { handle, label: 'PGlite', url: null, drop: () => handle.close() };
}

/** Peak resident memory while `work` runs (sampled every 50 ms). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50);
  const start = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - start, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * CPU time (ms) of each server backend connected to this PostgreSQL database, from
 * /proc/<pid>/stat (utime + stime): the import's other half is its writer backends' index work
 * (ADR 0019). Empty when the server is not on this machine or /proc cannot be read.
 */
async function backendCpuMs(db: Database): Promise<Map<number, number>> {
  const result = await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    pid: number;
  }>;
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // clock ticks of 10 ms
    } catch {
      return new Map();
    }
  }
  return cpu;
}

/** Server CPU between two `backendCpuMs` samples (a backend that started meanwhile counts whole). */
function serverCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** What the first fuzzy query after the import cost: its time and CPU, matches, and the web process's figures. */
interface FirstQuery {
  found: number;
  ms: number;
  cpuMs: number;
  /** The web process's CPU while the import ran (its background catch-ups), before the query. */
  duringImportCpuMs: number;
  /** The index's segments when it answered. */
  segments: number;
  /** Rows the web process's reads handed on (null: not counted, PGlite). */
  rowsRead: number | null;
  peakRss: number;
  /** Where it ran: a process of its own (PostgreSQL) or the importing process (PGlite). */
  where: string;
}

/** What the web process did before the import, as the printed line and bench/README say it. */
const BEFORE_IMPORT = 'started before the import, answered one fuzzy query on the empty memory';

/**
 * The web process on PostgreSQL, as production runs it: a long-lived process of its own (the
 * import runs in a worker), bundled and started with a web process's Node flags like the built
 * server (server-process-bundle.ts, no tsx), BEFORE the import; it answers an earlier query and then catches up in the background while the import runs
 * (tmx-first-query.ts). `ready` resolves once it has; `query()` asks the first query after the import.
 */
async function startWebProcess(databaseUrl: string, organisationId: string) {
  const { script, nodeArgs, env } = await bundleServerProcess(
    fileURLToPath(new URL('./tmx-first-query.ts', import.meta.url)),
    ['web'],
  );
  // TMX_WEB_NODE_ARGS adds Node flags to the web process only (e.g. `--cpu-prof --cpu-prof-dir=…`).
  const extra = process.env.TMX_WEB_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...extra, script], {
    env: {
      ...env,
      ...process.env,
      TMX_FIRST_QUERY: JSON.stringify({ databaseUrl, organisationId, query: QUERY }),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextJson = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the web process ended before it answered');
      if (value.startsWith('{')) return JSON.parse(value) as Record<string, unknown>;
    }
  };
  await nextJson(); // {"ready":true}
  return {
    async query(): Promise<FirstQuery> {
      child.stdin.write('query\n');
      const answer = (await nextJson()) as Omit<FirstQuery, 'where' | 'segments'> & {
        rowsRead: number;
        stats: { segments: number; tail: number } | null;
      };
      await once(child, 'exit');
      return {
        ...answer,
        segments: (answer.stats?.segments ?? 0) + (answer.stats?.tail ? 1 : 0),
        where: `own process, ${BEFORE_IMPORT}`,
      };
    },
  };
}

/**
 * End to end as the product runs it (ADR 0019): a web process is up and has answered a fuzzy
 * query before the import (production web processes are long-lived); the import job streams the
 * file through the server's pipeline in a worker that holds no fuzzy index (every unit read, hashed
 * and upserted into the organisation's memory in batches) while the web process catches up in the
 * background, building each stretch of stored rows into a segment; then its first query after the
 * import catches up the last rows and answers. Measured from the import's start to that answer.
 * On PostgreSQL the web process is a process of its own; PGlite is one process for every role, so
 * there it is this one (its catch-ups share this thread with the import).
 */
async function importToSearchable(db: Database, databaseUrl: string | null, path: string) {
  const [organisation] = await db
    .insert(organisations)
    .values({ name: 'Bench Org', plan: 'paid' })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({
      organisationId: organisation!.id,
      name: 'TMX bench',
      baseUrl: 'https://tmx.bench.example/',
      targetLanguages: ['hi'],
      status: 'ready',
    })
    .returning();
  const repository = createTranslationMemoryRepository(db);
  // The worker's indexes: none is cached there, so storing adds nothing to an index.
  const workerFuzzy = createOrganisationFuzzyIndexes(repository, { refreshMs: 0, maxIndexes: 1 });
  const writer = createTranslationWriter({ db, emitter: silentEmitter, clock: { now: () => new Date() } });
  const web = databaseUrl ? await startWebProcess(databaseUrl, organisation!.id) : null;
  const localWeb = databaseUrl ? null : createWebFuzzyIndexes(db, repository);
  await localWeb?.query(organisation!.id, 'en', QUERY, 0.75, 5);
  await localWeb?.listening;
  // This process's CPU time (parser, hashing, statement building; PGlite's engine too, not a
  // PostgreSQL server's): comparable between runs when the machine's load differs.
  const cpuBefore = process.cpuUsage();
  const serverBefore = databaseUrl ? await backendCpuMs(db) : new Map<number, number>();
  const start = performance.now();
  const imported = await withPeakRss(() =>
    importTmxStream(
      // As the import job runs it: each stored batch is announced to web processes (a NOTIFY).
      { repository, writer, fuzzy: workerFuzzy, announce: createMemoryChangeAnnouncer(db) },
      {
        organisationId: organisation!.id,
        projectId: project!.id,
        sourceLang: 'en',
        targetLang: 'hi',
        authorId: randomUUID(),
        overwrite: false,
      },
      createReadStream(path, { highWaterMark: 1 << 16 }),
      // TMX_BENCH_WRITERS=1 compares with one batch written at a time (default: the engine's own).
      { writers: process.env.TMX_BENCH_WRITERS ? envInt('TMX_BENCH_WRITERS', 1) : undefined },
    ),
  );
  const cpu = process.cpuUsage(cpuBefore);
  // The web process's reads count among the backends too: the server's whole CPU for the import.
  const serverCpuMs = databaseUrl ? serverCpuBetween(serverBefore, await backendCpuMs(db)) : null;
  let first: FirstQuery;
  if (web) first = await web.query();
  else {
    const cpuAtQuery = process.cpuUsage();
    const searchable = await withPeakRss(() => localWeb!.query(organisation!.id, 'en', QUERY, 0.75, 5));
    const queryCpu = process.cpuUsage(cpuAtQuery);
    const stats = localWeb!.stats(organisation!.id, 'en');
    await localWeb!.close();
    first = {
      found: searchable.value.length,
      ms: searchable.ms,
      cpuMs: (queryCpu.user + queryCpu.system) / 1000,
      duringImportCpuMs: 0,
      rowsRead: null,
      segments: (stats?.segments ?? 0) + (stats?.tail ? 1 : 0),
      peakRss: searchable.peakRss,
      where: `the importing process, ${BEFORE_IMPORT}`,
    };
  }
  return {
    units: imported.value.addedToMemory,
    importMs: imported.ms,
    endToEndMs: performance.now() - start,
    importCpuMs: (cpu.user + cpu.system) / 1000,
    importRss: imported.peakRss,
    serverCpuMs,
    first,
  };
}

/**
 * TMX import to searchable (issue 6 "Benchmark"): 100,000 and 1,000,000 units, streamed from disk,
 * against a parse-only pass over the same file; throughput and peak resident memory.
 */
export async function benchTmxImport(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bhasha-tmx-bench-'));
  try {
    for (const units of [envInt('TMX_BENCH_SMALL', 100_000), envInt('TMX_BENCH_LARGE', 1_000_000)]) {
      const path = join(folder, `${units}.tmx`);
      await writeTmxFile(path, units);
      const megabytes = statSync(path).size / 1e6;

      const parseStart = performance.now();
      const parsed = await parseOnly(path);
      const parseMs = performance.now() - parseStart;

      const database = await openDatabase();
      const loadAtStart = loadavg()[0]!;
      const run = await importToSearchable(database.handle.db, database.url, path);
      await database.drop();
      const { first } = run;
      const ms = run.endToEndMs;
      const peakRss = Math.max(run.importRss, first.peakRss);
      const perSecond = (run.units * 1000) / ms;
      const rate = (count: number, took: number) => `${((count * 1000) / took).toFixed(0)} units/s`;
      report(
        `TMX import to searchable (${database.label}), ${units} units (${megabytes.toFixed(0)} MB)`,
        parseMs / ms,
        '≥ 50,000 units/s, ≤ 500 MB RSS',
        perSecond >= 50_000 && peakRss <= 500e6 && run.units === parsed && first.found > 0,
        `${perSecond.toFixed(0)} units/s (${(ms / 1000).toFixed(1)} s) vs parse-only ${rate(parsed, parseMs)}; ` +
          `import ${rate(run.units, run.importMs)} (peak RSS ${(run.importRss / 1e6).toFixed(0)} MB, ` +
          `CPU ${(run.importCpuMs / 1000).toFixed(1)} s in this process` +
          (run.serverCpuMs === null
            ? ''
            : `, ${(run.serverCpuMs / 1000).toFixed(1)} s in the server's backends`) +
          `), ` +
          `web process (${first.where}): CPU ${(first.duringImportCpuMs / 1000).toFixed(1)} s catching up ` +
          `during the import, then the first query after it ${(first.ms / 1000).toFixed(1)} s, ` +
          `CPU ${(first.cpuMs / 1000).toFixed(1)} s, ${first.segments} segments` +
          (first.rowsRead === null ? '' : `, ${first.rowsRead} rows read in all`) +
          ` (peak RSS ${(first.peakRss / 1e6).toFixed(0)} MB); ` +
          `${first.found} fuzzy matches; load average ${loadAtStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
