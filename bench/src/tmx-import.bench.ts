import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * End to end through the server's own import: every unit read, hashed and upserted into the
 * organisation's memory in batches, and added to the organisation's fuzzy index as it is stored;
 * then one fuzzy query answered from that index.
 */
async function importToSearchable(db: Database, path: string): Promise<{ units: number; found: number }> {
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
  const fuzzy = createOrganisationFuzzyIndexes(repository, { refreshMs: 3_600_000, maxIndexes: 2 });
  // The organisation's index exists before the import (a translator had it open), so it grows as units are stored.
  await fuzzy.query(organisation!.id, 'en', 'warm up', 0.75, 5);
  const writer = createTranslationWriter({ db, emitter: silentEmitter, clock: { now: () => new Date() } });
  const totals = await importTmxStream(
    { repository, writer, fuzzy },
    {
      organisationId: organisation!.id,
      projectId: project!.id,
      sourceLang: 'en',
      targetLang: 'hi',
      authorId: randomUUID(),
      overwrite: false,
    },
    createReadStream(path, { highWaterMark: 1 << 16 }),
  );
  const found = await fuzzy.query(organisation!.id, 'en', QUERY, 0.75, 5);
  return { units: totals.addedToMemory, found: found.length };
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
      let peakRss = process.memoryUsage.rss();
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }, 50);
      const start = performance.now();
      const { units: imported, found } = await importToSearchable(database.handle.db, path);
      const ms = performance.now() - start;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      await database.drop();

      const perSecond = (imported * 1000) / ms;
      report(
        `TMX import to searchable (${database.label}), ${units} units (${megabytes.toFixed(0)} MB)`,
        parseMs / ms,
        '≥ 50,000 units/s, ≤ 500 MB RSS',
        perSecond >= 50_000 && peakRss <= 500e6 && imported === parsed && found > 0,
        `${perSecond.toFixed(0)} units/s (${(ms / 1000).toFixed(1)} s) vs parse-only ${((parsed * 1000) / parseMs).toFixed(0)} units/s; peak RSS ${(peakRss / 1e6).toFixed(0)} MB; ${found} fuzzy matches after import`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
