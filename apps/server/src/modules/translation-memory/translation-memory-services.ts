import type { Database } from '@bhasha/db';
import type { Clock } from '../../lib/clock';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import type { ProjectAccess } from '../projects/project-access';
import { createTranslationWriter } from '../translation/translation-writer';
import { createOrganisationFuzzyIndexes } from './organisation-fuzzy-indexes';
import { createTranslationMemoryRepository } from './translation-memory.repository';
import { createTranslationMemoryService } from './translation-memory.service';

/**
 * Organisations' fuzzy indexes catch up with the database on every request: two range reads on
 * (organisation_id, updated_at) indexes, nothing when nothing changed, and a translator sees a
 * colleague's save in the very next match list.
 */
const FUZZY_REFRESH_MS = 0;
/** Organisation/language indexes one process keeps. */
const FUZZY_MAX_INDEXES = 50;

/** The translation-memory service, wired once per process (one fuzzy index cache). */
export function createTranslationMemoryServices(deps: {
  db: Database;
  clock: Clock;
  access: ProjectAccess;
  emitter: RealtimeEmitter;
}) {
  const repository = createTranslationMemoryRepository(deps.db);
  return {
    translationMemory: createTranslationMemoryService({
      repository,
      access: deps.access,
      // The writer holds no state: this instance behaves exactly as the translation module's.
      writer: createTranslationWriter({ db: deps.db, emitter: deps.emitter, clock: deps.clock }),
      fuzzy: createOrganisationFuzzyIndexes(repository, {
        refreshMs: FUZZY_REFRESH_MS,
        maxIndexes: FUZZY_MAX_INDEXES,
      }),
    }),
  };
}
