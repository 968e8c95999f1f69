import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import type { ProjectAccess } from '../projects/project-access';
import { listenForMemoryChanges } from './memory-changes';
import { createOpenTransactionsRepository } from './open-transactions.repository';
import {
  createOrganisationFuzzyIndexes,
  type FuzzyIndexCacheOptions,
  type OrganisationFuzzyIndexes,
} from './organisation-fuzzy-indexes';
import { createTmxImportRuntime } from './tmx-import-runtime';
import { createTmxImportsRepository } from './tmx-imports.repository';
import {
  createTranslationMemoryRepository,
  type TranslationMemoryRepository,
} from './translation-memory.repository';
import { createTranslationMemoryService } from './translation-memory.service';

/**
 * Organisations' fuzzy indexes catch up with the database on every request: two range reads on
 * (organisation_id, updated_at) indexes, nothing when nothing changed, and a translator sees a
 * colleague's save in the very next match list.
 */
export const FUZZY_REFRESH_MS = 0;
/** Organisation/language indexes one process keeps. */
const FUZZY_MAX_INDEXES = 50;
/**
 * Indexes used in the last ten minutes catch up every two seconds in the background: while a TMX
 * import (in a worker, any process) stores a million units, the web process builds each two
 * seconds' rows into a segment, and the first query after the import builds only the last ones
 * (ADR 0019). Idle, a tick costs three short statements per index in use. An import
 * also notifies each stored batch (memory-changes.ts), so the catch-up starts with its first batch
 * rather than at the next tick.
 */
export const FUZZY_BACKGROUND_MS = 2_000;
const FUZZY_IN_USE_MS = 10 * 60_000;

/**
 * A web process's fuzzy indexes as the server runs them: the settings above, catch-ups from the
 * oldest open transaction, and a LISTEN for the memory's change notifications (one connection
 * per process, idle while no import runs). `close` ends both; `listening` resolves once LISTEN is
 * in place (or after 5 s without a database: the tick still works).
 */
export function createWebFuzzyIndexes(
  db: Database,
  repository: TranslationMemoryRepository,
  options: Pick<FuzzyIndexCacheOptions, 'onBackgroundError' | 'twoThreadBuild'> & {
    warn?: (message: string) => void;
  } = {},
): OrganisationFuzzyIndexes & { listening: Promise<void> } {
  const fuzzy = createOrganisationFuzzyIndexes(repository, {
    refreshMs: FUZZY_REFRESH_MS,
    maxIndexes: FUZZY_MAX_INDEXES,
    backgroundCatchUpMs: FUZZY_BACKGROUND_MS,
    inUseMs: FUZZY_IN_USE_MS,
    openTransactions: createOpenTransactionsRepository(db),
    onBackgroundError: options.onBackgroundError,
    twoThreadBuild: options.twoThreadBuild,
  });
  const listener = listenForMemoryChanges(
    db,
    (organisationId, sourceLang, last) => fuzzy.changed(organisationId, sourceLang, last),
    options.warn,
  );
  return {
    ...fuzzy,
    listening: listener.ready,
    async close() {
      await listener.close();
      await fuzzy.close();
    },
  };
}

/** The translation-memory service, wired once per process (one fuzzy index cache). */
export function createTranslationMemoryServices(deps: {
  db: Database;
  clock: Clock;
  access: ProjectAccess;
  emitter: RealtimeEmitter;
  jobs: Pick<JobQueue, 'send'> | null;
  /** TMX uploads are stored under it until their import job has run. */
  dataDir: string;
  log?: Logger;
}) {
  const repository = createTranslationMemoryRepository(deps.db);
  const fuzzy = createWebFuzzyIndexes(deps.db, repository, {
    warn: (message) => deps.log?.warn({}, message),
    onBackgroundError: (error) => deps.log?.warn({ err: error }, 'fuzzy index catch-up failed'),
  });
  return {
    /** The process's fuzzy indexes: `close` stops their background catch-up (app shutdown). */
    fuzzyIndexes: fuzzy,
    translationMemory: createTranslationMemoryService({
      repository,
      access: deps.access,
      fuzzy,
      imports: createTmxImportsRepository(deps.db),
      jobs: deps.jobs,
      // The writer holds no state: the runtime's behaves exactly as the translation module's.
      runtime: createTmxImportRuntime({
        db: deps.db,
        emitter: deps.emitter,
        clock: deps.clock,
        dataDir: deps.dataDir,
        log: deps.log,
        fuzzy,
      }),
    }),
  };
}
