import { createInterface } from 'node:readline';
import { createDb } from '@bhasha/db';
import { serverTwoThreadBuild } from '../../apps/server/src/modules/translation-memory/fuzzy-build-thread';
import { createWebFuzzyIndexes } from '../../apps/server/src/modules/translation-memory/translation-memory-services';
import { createTranslationMemoryRepository } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';
import { rssSampler } from './measure';

/**
 * The TMX bench's web process (ADR 0019): a long-lived process of its own that
 * does not run the import, opening the bench's PostgreSQL database with the server's fuzzy index
 * settings (catch-up on every request, background catch-up of indexes in use every
 * `FUZZY_BACKGROUND_MS`). Started by tmx-import.bench.ts BEFORE the import with TMX_FIRST_QUERY =
 * {"databaseUrl", "organisationId", "query"}, it answers one earlier fuzzy query (the memory is
 * still empty; the index is then in use) and prints `{"ready":true}`; while the import runs its
 * background catch-up builds the stored rows into segments; on a line `query` on stdin (the import
 * has ended) it answers the query and prints one JSON line: the query's time and CPU, the
 * process's CPU from ready to answer, matches found, the index's segments, RSS before and peak.
 */
const { databaseUrl, organisationId, query } = JSON.parse(process.env.TMX_FIRST_QUERY ?? '{}') as {
  databaseUrl: string;
  organisationId: string;
  query: string;
};
// TMX_WEB_TRACE=1: a line to stderr every 250 ms — the index's segments and texts, heap, array
// buffers, and the highest VmRSS a helper thread sampled meanwhile (every 10 ms; it keeps sampling
// while a synchronous build or merge holds this thread), to see when the peak comes.
if (process.env.TMX_WEB_TRACE) startTrace();
const handle = await createDb({ databaseUrl });
const repository = createTranslationMemoryRepository(handle.db);
/** Rows its reads hand on: more than the import's units by what catch-ups read twice. */
let rowsRead = 0;
// The server's own web-process indexes (translation-memory-services.ts): the same settings, and
// the LISTEN that wakes a catch-up on each batch the import stores (ADR 0019).
const fuzzy = createWebFuzzyIndexes(
  handle.db,
  {
    ...repository,
    readSources: (table, organisationId, sourceLang, since, pageSize, onPage) =>
      repository.readSources(table, organisationId, sourceLang, since, pageSize, (hashes, texts) => {
        rowsRead += hashes.length;
        onPage(hashes, texts);
      }),
  },
  {
    warn: (message) => process.stderr.write(`${message}\n`),
    onBackgroundError: (error) => process.stderr.write(`background catch-up failed: ${String(error)}\n`),
    // TMX_FIRST_QUERY_THREADS=2 builds a first index on two threads as the server can (off by
    // default, ADR 0011); catch-up segments are built on this thread.
    ...(process.env.TMX_FIRST_QUERY_THREADS === '2' ? { twoThreadBuild: serverTwoThreadBuild } : {}),
  },
);
try {
  const earlier = await fuzzy.query(organisationId, 'en', query, 0.75, 5);
  await fuzzy.listening;
  const rssBefore = process.memoryUsage.rss();
  const cpuAtReady = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ ready: true, earlierFound: earlier.length })}\n`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) if (line.trim() === 'query') break;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const found = await fuzzy.query(organisationId, 'en', query, 0.75, 5);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const whole = process.cpuUsage(cpuAtReady);
  process.stdout.write(
    `${JSON.stringify({
      found: found.length,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      duringImportCpuMs: (whole.user + whole.system - cpu.user - cpu.system) / 1000,
      stats: fuzzy.stats(organisationId, 'en'),
      rowsRead,
      rssBefore,
      // The whole process's peak (maxRSS is in KiB): what the web process holds at its highest.
      peakRss: process.resourceUsage().maxRSS * 1024,
    })}\n`,
  );
  lines.close();
} finally {
  await fuzzy.close();
  await handle.close();
}

function startTrace(): void {
  const highest = rssSampler();
  const started = performance.now();
  setInterval(() => {
    const memory = process.memoryUsage();
    let stats: { size: number; segments: number; tail: number } | null;
    try {
      stats = fuzzy.stats(organisationId, 'en'); // not yet declared before the database opens
    } catch {
      stats = null;
    }
    const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
    process.stderr.write(
      `trace ${((performance.now() - started) / 1000).toFixed(2)} s: ${stats ? `${stats.size} texts, ${stats.segments}+${stats.tail}` : '-'}; ` +
        `heap ${mb(memory.heapUsed)}/${mb(memory.heapTotal)}, buffers ${mb(memory.arrayBuffers)}, rss ${mb(memory.rss)}, ` +
        `highest ${(highest.reset() / 1000).toFixed(0)} MB\n`,
    );
  }, 250).unref();
}
