import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import type { ProjectAccess } from '../projects/project-access';
import { createOpenTransactionsRepository } from './open-transactions.repository';
import { createOrganisationFuzzyIndexes } from './organisation-fuzzy-indexes';
import { createTmxImportRuntime } from './tmx-import-runtime';
import { createTmxImportsRepository } from './tmx-imports.repository';
import { createTranslationMemoryRepository } from './translation-memory.repository';
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
 * (ADR 0019 session 9). Idle, a tick costs three short statements per index in use.
 */
export const FUZZY_BACKGROUND_MS = 2_000;
const FUZZY_IN_USE_MS = 10 * 60_000;

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
  const fuzzy = createOrganisationFuzzyIndexes(repository, {
    refreshMs: FUZZY_REFRESH_MS,
    maxIndexes: FUZZY_MAX_INDEXES,
    backgroundCatchUpMs: FUZZY_BACKGROUND_MS,
    inUseMs: FUZZY_IN_USE_MS,
    openTransactions: createOpenTransactionsRepository(deps.db),
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
