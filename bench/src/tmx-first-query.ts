import { createDb } from '@bhasha/db';
import { serverTwoThreadBuild } from '../../apps/server/src/modules/translation-memory/fuzzy-build-thread';
import { createOrganisationFuzzyIndexes } from '../../apps/server/src/modules/translation-memory/organisation-fuzzy-indexes';
import { createTranslationMemoryRepository } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';

/**
 * The TMX bench's first fuzzy query as a web process makes it (ADR 0019, session 7): a process of
 * its own that did not run the import, opening the bench's PostgreSQL database, building the
 * organisation's index from the stored rows on its first query and answering. Started by
 * tmx-import.bench.ts with TMX_FIRST_QUERY = {"databaseUrl", "organisationId", "query"}; prints
 * one JSON line: the query's time and CPU, matches found, RSS before it and the process's peak
 * (helper thread included: it is the process's).
 */
const { databaseUrl, organisationId, query } = JSON.parse(process.env.TMX_FIRST_QUERY ?? '{}') as {
  databaseUrl: string;
  organisationId: string;
  query: string;
};
const handle = await createDb({ databaseUrl });
try {
  const fuzzy = createOrganisationFuzzyIndexes(createTranslationMemoryRepository(handle.db), {
    refreshMs: 3_600_000,
    maxIndexes: 2,
    // TMX_FIRST_QUERY_THREADS=2 builds the index on two threads as the server can (off by default,
    // ADR 0011 session 8), to compare the peaks.
    ...(process.env.TMX_FIRST_QUERY_THREADS === '2' ? { twoThreadBuild: serverTwoThreadBuild } : {}),
  });
  const rssBefore = process.memoryUsage.rss();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const found = await fuzzy.query(organisationId, 'en', query, 0.75, 5);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(
    `${JSON.stringify({
      found: found.length,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBefore,
      // The whole process's peak (maxRSS is in KiB): what the web process holds at its highest.
      peakRss: process.resourceUsage().maxRSS * 1024,
    })}\n`,
  );
} finally {
  await handle.close();
}
