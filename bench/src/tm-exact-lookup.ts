import { loadavg } from 'node:os';
import { createDb, organisations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createTranslationMemoryRepository } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';
import { createFreshDatabase } from './crawl/fresh-database';
import { report } from './measure';
import { percentile } from './percentiles';
import { seededRandom } from './tm-corpus';

const ROWS_PER_INSERT = 20_000;
// 2,000 timed lookups: the p95 of 200 is the 10th slowest, one garbage collection or scheduler
// slice away from another figure. Every way is warmed first (JIT, the pool's connections, plans).
const LOOKUPS = 2_000;
const WARM_UP_LOOKUPS = 300;

/**
 * The memory entries of the given hashes as migration 0023 finds them: one probe per hash on the
 * bigint entry key (`bhasha_memory_key`), the full identity compared, and the unkeyed entries.
 */
const MEMORY_BRANCH = `
  SELECT m.source_hash, m.source_text, m.text, m.type, m.display_type, NULL::uuid AS project_id, m.updated_at
  FROM memory_entries m
  WHERE m.entry_key = ANY (ARRAY(SELECT bhasha_memory_key($1, $2, $3, h) FROM unnest($4::text[]) AS h))
    AND m.organisation_id = $1 AND m.source_lang = $2 AND m.target_lang = $3 AND m.source_hash = ANY ($4::text[])
  UNION ALL
  SELECT m.source_hash, m.source_text, m.text, m.type, m.display_type, NULL::uuid, m.updated_at
  FROM memory_entries m
  WHERE m.entry_key IS NULL
    AND m.organisation_id = $1 AND m.source_lang = $2 AND m.target_lang = $3 AND m.source_hash = ANY ($4::text[])`;

/** The function itself through the driver's `query`, the way drizzle's prepared statement sends it. */
const EXACT_LOOKUP_FUNCTION = `SELECT * FROM bhasha_tm_exact_lookup($1::uuid, $2::text, $3::text, $4::text[])`;

/** The query of `bhasha_tm_exact_lookup` (migrations 0021, 0023), as a statement of its own. */
const EXACT_LOOKUP_AS_STATEMENT = `
  SELECT t.source_hash, s.text, t.text, t.type, t.display_type, t.project_id, t.updated_at
  FROM translations t JOIN segments s ON s.id = t.segment_id JOIN projects p ON p.id = t.project_id
  WHERE t.organisation_id = $1 AND t.source_hash = ANY ($4::text[]) AND t.target_lang = $3
    AND p.source_language = $2 AND t.type <> 'NO_TRANSLATION_AVAILABLE'
  UNION ALL${MEMORY_BRANCH}`;

/**
 * Exact TM lookups by source hash through the database, the way Bhasha makes them: the
 * organisation's memory (`memory_entries`, Bhasha's own migrations and indexes) holds every text,
 * and each lookup is the repository's `translationsOf` (the pre-translation pipeline's and the
 * fuzzy panel's exact lookup: the database function `bhasha_tm_exact_lookup`, a UNION ALL of the
 * project translations and the memory whose plan the database keeps per session; on PGlite sent as
 * the engine's own named prepared statement, Bind/Execute/Sync in one message, ADR 0019;
 * on PostgreSQL drizzle's named prepared statement). Measured warm on
 * PGlite (in memory, as the server runs it without DATABASE_URL) and on PostgreSQL when
 * BENCH_DATABASE_URL is set. References in the same run: a parameterised `SELECT $1` round trip on
 * the same connection (the engine's floor per query), the function through the driver's `query`
 * (on PGlite parsed, described and planned per call: how every lookup went before), the
 * memory branch alone as plain SQL, the
 * same UNION ALL sent as a statement (planned on every call: how the lookup was made before
 * migration 0021), the plan PostgreSQL chose for the memory branch (EXPLAIN ANALYZE) and the same
 * lookups timed inside the database, without the client's round trip (`insideDatabase`).
 */
export async function benchExactLookups(texts: readonly string[]): Promise<void> {
  await lookupsOn('PGlite', texts, async () => {
    const handle = await createDb({ pgliteDir: 'memory' });
    return { handle, drop: () => handle.close() };
  });
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    process.stdout.write('  exact lookups on PostgreSQL skipped: set BENCH_DATABASE_URL\n');
    return;
  }
  await lookupsOn('PostgreSQL', texts, async () => {
    const fresh = await createFreshDatabase(serverUrl);
    const handle = await createDb({ databaseUrl: fresh.url });
    return {
      handle,
      async drop() {
        await handle.close();
        await fresh.drop();
      },
    };
  });
}

async function lookupsOn(
  label: string,
  texts: readonly string[],
  open: () => Promise<{ handle: DbHandle; drop(): Promise<void> }>,
): Promise<void> {
  const { handle, drop } = await open();
  try {
    await handle.migrate();
    const [organisation] = await handle.db
      .insert(organisations)
      .values({ name: 'Exact lookup bench', plan: 'paid' })
      .returning();
    const organisationId = organisation!.id;
    const loadStart = performance.now();
    const hashes: string[] = [];
    const seen = new Set<string>();
    for (let start = 0; start < texts.length; start += ROWS_PER_INSERT) {
      const batchHashes: string[] = [];
      const sources: string[] = [];
      const targets: string[] = [];
      for (let i = start; i < Math.min(texts.length, start + ROWS_PER_INSERT); i += 1) {
        const hash = sourceHash(texts[i]!);
        if (seen.has(hash)) continue;
        seen.add(hash);
        batchHashes.push(hash);
        sources.push(texts[i]!);
        targets.push(texts[(i * 7 + 3) % texts.length]!);
      }
      hashes.push(...batchHashes.filter((_, k) => k % 97 === 0));
      await handle.executeSql(
        // Keyed as a TMX import stores them (migration 0023).
        `INSERT INTO memory_entries (entry_key, organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin)
         SELECT bhasha_memory_key($1, 'en', 'hi', h), $1, 'en', 'hi', h, s, t, 'USER', 'tmx'
         FROM unnest($2::text[], $3::text[], $4::text[]) AS u(h, s, t)`,
        [organisationId, batchHashes, sources, targets],
      );
    }
    // Steady state, as autovacuum leaves a table: hint bits and visibility map set, statistics fresh.
    await handle.executeSql('VACUUM ANALYZE memory_entries', []);
    process.stdout.write(
      `  ${label}: ${seen.size} memory entries stored through Bhasha's schema in ${((performance.now() - loadStart) / 1000).toFixed(0)} s\n`,
    );

    const stored = seen.size;
    seen.clear(); // a million hash strings less for the collector to walk while timing
    const repository = createTranslationMemoryRepository(handle.db);
    const next = seededRandom(7);
    const pick = () => hashes[Math.floor(next() * hashes.length)]!;
    const lookups = Array.from({ length: LOOKUPS }, pick);
    const ways = {
      floor: (hash: string) => handle.executeSql('SELECT $1::text AS hash', [hash]),
      viaQuery: (hash: string) =>
        handle.executeSql(EXACT_LOOKUP_FUNCTION, [organisationId, 'en', 'hi', `{${hash}}`]),
      // The memory branch alone, as plain parameterised SQL: the database's part without the
      // translations branch and its join.
      branch: (hash: string) => handle.executeSql(MEMORY_BRANCH, [organisationId, 'en', 'hi', `{${hash}}`]),
      // The function's query sent as a statement: parsed and planned on every call (PGlite plans
      // every statement; PostgreSQL re-planned even the named prepared one, see ADR 0011).
      planned: (hash: string) =>
        handle.executeSql(EXACT_LOOKUP_AS_STATEMENT, [organisationId, 'en', 'hi', `{${hash}}`]),
      timed: (hash: string) => repository.translationsOf(organisationId, 'en', 'hi', [hash]),
    };
    await timeInTurn(Array.from({ length: WARM_UP_LOOKUPS }, pick), ways);
    // Each lookup is made every way in turn, so load from other work weighs on all ways alike.
    const timings = await timeInTurn(lookups, ways);
    const { floor, viaQuery, branch, planned, timed } = timings;
    const inside = await insideDatabase(handle, organisationId, lookups);
    const found = timed.results.filter((rows) => Array.isArray(rows) && rows.length === 1).length;
    const p95 = percentile(timed.ms, 95);
    const floorP95 = percentile(floor.ms, 95);
    const plan = await handle.executeSql(`EXPLAIN (ANALYZE, COSTS OFF) ${MEMORY_BRANCH}`, [
      organisationId,
      'en',
      'hi',
      `{${lookups[0]!}}`,
    ]);
    const lines = plan.rows.map((row) => String(Object.values(row)[0]));
    const scan = lines.find((line) => /Scan/.test(line))?.trim() ?? lines[0]?.trim() ?? '';
    const timing = lines
      .filter((line) => /Planning Time|Execution Time/.test(line))
      .map((line) => line.trim());
    report(
      `exact TM lookup by hash on ${label} (repository translationsOf: bhasha_tm_exact_lookup, plan kept per session)`,
      p95 / floorP95,
      'p95 ≤ 0.5 ms',
      p95 <= 0.5,
      `p95 ${p95.toFixed(3)} ms, median ${percentile(timed.ms, 50).toFixed(3)} ms, CPU ${cpuOf(timed)} over ${LOOKUPS} warm lookups (${found} found) in ${stored} entries; ` +
        `the function through the driver's query: p95 ${percentile(viaQuery.ms, 95).toFixed(3)} ms, median ${percentile(viaQuery.ms, 50).toFixed(3)} ms, CPU ${cpuOf(viaQuery)}; ` +
        `the same UNION ALL planned per call: p95 ${percentile(planned.ms, 95).toFixed(3)} ms, median ${percentile(planned.ms, 50).toFixed(3)} ms; ` +
        `its memory_entries branch alone as plain SQL: p95 ${percentile(branch.ms, 95).toFixed(3)} ms, median ${percentile(branch.ms, 50).toFixed(3)} ms; ` +
        `a parameterised SELECT $1 round trip: p95 ${floorP95.toFixed(3)} ms, median ${percentile(floor.ms, 50).toFixed(3)} ms, CPU ${cpuOf(floor)}; ` +
        `inside the database (a plpgsql loop over the function, no client): ${inside}; ` +
        `plan: ${scan}; ${timing.join(', ')}; load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
  } finally {
    await drop();
  }
}

/**
 * The same lookups timed inside the database: a plpgsql loop calls `bhasha_tm_exact_lookup` once per
 * hash with `clock_timestamp()` around each call, so neither the client nor the scheduling of the
 * connection is in the figure (on a loaded machine the round trip's p95 is the scheduler's).
 */
async function insideDatabase(
  handle: DbHandle,
  organisationId: string,
  hashes: readonly string[],
): Promise<string> {
  // One DO block (it takes no parameters, so the values are written into it: checked to be hex
  // and a uuid first); the timings go to a plain table, which every pooled connection sees.
  if (!hashes.every((hash) => /^[0-9a-f]+$/.test(hash)) || !/^[0-9a-f-]{36}$/.test(organisationId))
    throw new Error('exact lookup bench: unexpected hash or organisation id');
  const list = hashes.map((hash) => `'${hash}'`).join(',');
  await handle.executeSql('CREATE TABLE bench_exact_lookup_ms (ms float8 NOT NULL)', []);
  try {
    await handle.executeSql(
      `DO $$
       DECLARE hash text; started timestamptz; took float8; loop_started timestamptz := clock_timestamp();
       BEGIN
         FOREACH hash IN ARRAY ARRAY[${list}]::text[] LOOP
           started := clock_timestamp();
           PERFORM * FROM bhasha_tm_exact_lookup('${organisationId}', 'en', 'hi', ARRAY[hash]);
           took := extract(epoch FROM clock_timestamp() - started) * 1000;
           INSERT INTO bench_exact_lookup_ms VALUES (took);
         END LOOP;
         -- The whole loop as one row (negative, to tell it apart): its mean does not depend on the
         -- clock's resolution, which is 1 ms on PGlite.
         INSERT INTO bench_exact_lookup_ms VALUES (-extract(epoch FROM clock_timestamp() - loop_started) * 1000);
       END $$`,
      [],
    );
    const result = await handle.executeSql('SELECT ms FROM bench_exact_lookup_ms', []);
    const all = result.rows.map((row) => Number(row.ms));
    const ms = all.filter((value) => value >= 0);
    const loopMs = -all.find((value) => value < 0)!;
    const mean = `mean ${(loopMs / ms.length).toFixed(3)} ms (loop included)`;
    // Whole milliseconds only: the engine's clock is too coarse for per-lookup percentiles.
    if (ms.every((value) => Number.isInteger(value))) return `${mean}; clock resolution 1 ms`;
    return `p95 ${percentile(ms, 95).toFixed(3)} ms, median ${percentile(ms, 50).toFixed(3)} ms, ${mean}`;
  } finally {
    await handle.executeSql('DROP TABLE bench_exact_lookup_ms', []);
  }
}

/**
 * This process's mean CPU time a lookup (user and system, all threads: PGlite runs on the main
 * thread, so on PGlite this is the lookup's whole cost; on PostgreSQL the client's share only).
 * Wall times on a loaded machine are the scheduler's; CPU time is not.
 */
function cpuOf(timing: { cpuMs: number; ms: number[] }): string {
  return `${(timing.cpuMs / timing.ms.length).toFixed(3)} ms`;
}

/**
 * Milliseconds each way of asking took for every input, the ways taken in turn for each input
 * (not one way over all inputs, then the next), with what each answered and the CPU it used.
 */
async function timeInTurn<K extends string>(
  inputs: readonly string[],
  ways: Record<K, (input: string) => Promise<unknown>>,
): Promise<Record<K, { ms: number[]; cpuMs: number; results: unknown[] }>> {
  const names = Object.keys(ways) as K[];
  type Timing = { ms: number[]; cpuMs: number; results: unknown[] };
  const timings = Object.fromEntries(
    names.map((name): [K, Timing] => [name, { ms: [], cpuMs: 0, results: [] }]),
  ) as Record<K, Timing>;
  for (const input of inputs) {
    for (const name of names) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const result = await ways[name](input);
      timings[name].ms.push(performance.now() - start);
      const cpu = process.cpuUsage(cpuStart);
      timings[name].cpuMs += (cpu.user + cpu.system) / 1000;
      timings[name].results.push(result);
    }
  }
  return timings;
}
