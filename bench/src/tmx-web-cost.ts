import { loadavg } from 'node:os';
import { createDb, organisations, projects } from '@bhasha/db';
import { FuzzyIndexBuilder, sourceHash } from '@bhasha/engine';
import { createOpenTransactionsRepository } from '../../apps/server/src/modules/translation-memory/open-transactions.repository';
import { createOrganisationFuzzyIndexes } from '../../apps/server/src/modules/translation-memory/organisation-fuzzy-indexes';
import { SourceHashIds } from '../../apps/server/src/modules/translation-memory/source-hash-ids';
import { createTranslationMemoryRepository } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';
import { createFreshDatabase } from './crawl/fresh-database';
import { parallelSentences, seededRandom } from './tm-corpus';

/**
 * The web process's CPU for a TMX import's rows, by part (ADR 0019):
 * COST_UNITS memory rows like the TMX bench's (NTREX English, numbered, a fifth wrapped in a bold
 * code) stored in batches of COST_BATCH on PostgreSQL (BENCH_DATABASE_URL), then, in this fresh
 * process, COST_MODE: `read` (the catch-up's reads alone), `ids` (reads and SourceHashIds),
 * `gather` (reads, ids and the builder's texts, no build), `one` (one catch-up of every row: the
 * first query after an import that no tick saw), `batches` (a catch-up after each stored batch, as
 * notifications drive it). Prints the CPU of the measured part and the load.
 * `BENCH_DATABASE_URL=… COST_MODE=batches node --import tsx bench/src/tmx-web-cost.ts`
 */
const units = Number(process.env.COST_UNITS ?? 100_000);
const batch = Number(process.env.COST_BATCH ?? 10_000);
const mode = process.env.COST_MODE ?? 'one';
const fresh = await createFreshDatabase(process.env.BENCH_DATABASE_URL!);
const handle = await createDb({ databaseUrl: fresh.url });
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
try {
  await handle.migrate();
  const db = handle.db;
  const [organisation] = await db.insert(organisations).values({ name: 'Cost', plan: 'paid' }).returning();
  const [project] = await db
    .insert(projects)
    .values({
      organisationId: organisation!.id,
      name: 'Cost',
      baseUrl: 'https://cost.example/',
      targetLanguages: ['hi'],
      status: 'ready',
    })
    .returning();
  const organisationId = organisation!.id;
  const repository = createTranslationMemoryRepository(db);
  const english = parallelSentences().get('newstest2019-src.eng.txt') ?? [];
  const next = seededRandom(6);
  const store = async (from: number, to: number) => {
    const rows = [];
    for (let i = from; i < to; i += 1) {
      const sentence = english[i % english.length]!;
      const text = `${next() < 0.2 ? `<x1>${sentence}</x1>` : sentence} (${i})`;
      rows.push({
        sourceLang: 'en',
        targetLang: 'hi',
        sourceHash: sourceHash(text),
        sourceText: text,
        text,
        projectId: project!.id,
      });
    }
    await repository.upsertMemoryEntries(organisationId, rows);
  };
  const web = createOrganisationFuzzyIndexes(repository, {
    refreshMs: 0,
    maxIndexes: 2,
    openTransactions: createOpenTransactionsRepository(db),
  });
  let spent = 0;
  if (mode === 'batches') {
    await web.query(organisationId, 'en', 'anything', 0.75, 5);
    for (let from = 0; from < units; from += batch) {
      await store(from, Math.min(units, from + batch));
      const at = cpu();
      await web.query(organisationId, 'en', 'anything at all', 0.75, 5);
      spent += cpu() - at;
    }
  } else {
    for (let from = 0; from < units; from += batch) await store(from, Math.min(units, from + batch));
    const at = cpu();
    if (mode === 'one') await web.query(organisationId, 'en', 'anything at all', 0.75, 5);
    else {
      const ids = new SourceHashIds();
      const builder = new FuzzyIndexBuilder();
      await repository.readSources('memory', organisationId, 'en', new Date(0), 10_000, (hashes, texts) => {
        if (mode === 'read') return;
        for (let i = 0; i < hashes.length; i += 1) {
          const id = ids.add(hashes[i]!);
          if (mode === 'gather') builder.add(id, texts[i]!);
        }
      });
    }
    spent = cpu() - at;
  }
  process.stdout.write(
    `${mode}: ${units} rows in batches of ${batch}: ${spent.toFixed(0)} ms CPU (${((spent * 1000) / units).toFixed(1)} µs a row), ` +
      `segments ${JSON.stringify(web.stats(organisationId, 'en'))}; load ${loadavg()[0]!.toFixed(1)}\n`,
  );
  await web.close();
} finally {
  await handle.close();
  await fresh.drop();
}
