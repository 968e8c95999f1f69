import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Parser } from 'htmlparser2';
import { randomUUID } from 'node:crypto';
import { createDb, organisations, projects, type Database, type DbHandle } from '@bhasha/db';
import { tmxPrologue, tmxUnitXml, TMX_EPILOGUE, type TmxUnit } from '@bhasha/engine';
import { createOrganisationFuzzyIndexes } from '../../apps/server/src/modules/translation-memory/organisation-fuzzy-indexes';
import { importTmxStream } from '../../apps/server/src/modules/translation-memory/tmx-import-pipeline';
import { createTranslationMemoryRepository } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';
import { createTranslationWriter } from '../../apps/server/src/modules/translation/translation-writer';
import { silentEmitter } from '../../apps/server/src/realtime/realtime-emitter';
import { createFreshDatabase } from './crawl/fresh-database';
import { report } from './measure';
import { envInt } from './percentiles';
import { parallelSentences, seededRandom } from './tm-corpus';

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
async function openDatabase(): Promise<{ handle: DbHandle; label: string; drop(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const fresh = await createFreshDatabase(serverUrl);
    const handle = await createDb({ databaseUrl: fresh.url });
    await handle.migrate();
    return {
      handle,
      label: 'PostgreSQL',
      async drop() {
        await handle.close();
        await fresh.drop();
      },
    };
  }
  // In memory, as the tests run it: PGlite's file system layer costs more than the import itself.
  const handle = await createDb({ pgliteDir: process.env.BENCH_PGLITE_DIR ?? 'memory' });
  await handle.migrate();
  return { handle, label: 'PGlite', drop: () => handle.close() };
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
 * End to end as the product runs it (ADR 0019): the import job streams the file through the
 * server's pipeline in a worker that holds no fuzzy index (every unit read, hashed and upserted
 * into the organisation's memory in batches), then a web process's first fuzzy query builds the
 * organisation's index from the stored rows and answers.
 */
async function importToSearchable(db: Database, path: string) {
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
  // This process's CPU time (parser, hashing, statement building; PGlite's engine too, not a
  // PostgreSQL server's): comparable between runs when the machine's load differs.
  const cpuBefore = process.cpuUsage();
  const imported = await withPeakRss(() =>
    importTmxStream(
      { repository, writer, fuzzy: workerFuzzy },
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
  const webFuzzy = createOrganisationFuzzyIndexes(repository, { refreshMs: 3_600_000, maxIndexes: 2 });
  const searchable = await withPeakRss(() => webFuzzy.query(organisation!.id, 'en', QUERY, 0.75, 5));
  return {
    units: imported.value.addedToMemory,
    found: searchable.value.length,
    importMs: imported.ms,
    importCpuMs: (cpu.user + cpu.system) / 1000,
    importRss: imported.peakRss,
    indexMs: searchable.ms,
    indexRss: searchable.peakRss,
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
      const run = await importToSearchable(database.handle.db, path);
      await database.drop();
      const ms = run.importMs + run.indexMs;
      const peakRss = Math.max(run.importRss, run.indexRss);
      const perSecond = (run.units * 1000) / ms;
      const rate = (count: number, took: number) => `${((count * 1000) / took).toFixed(0)} units/s`;
      report(
        `TMX import to searchable (${database.label}), ${units} units (${megabytes.toFixed(0)} MB)`,
        parseMs / ms,
        '≥ 50,000 units/s, ≤ 500 MB RSS',
        perSecond >= 50_000 && peakRss <= 500e6 && run.units === parsed && run.found > 0,
        `${perSecond.toFixed(0)} units/s (${(ms / 1000).toFixed(1)} s) vs parse-only ${rate(parsed, parseMs)}; ` +
          `import ${rate(run.units, run.importMs)} (peak RSS ${(run.importRss / 1e6).toFixed(0)} MB, ` +
          `CPU ${(run.importCpuMs / 1000).toFixed(1)} s in this process), ` +
          `index built by the first query in ${(run.indexMs / 1000).toFixed(1)} s (peak RSS ${(run.indexRss / 1e6).toFixed(0)} MB); ` +
          `${run.found} fuzzy matches; load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
