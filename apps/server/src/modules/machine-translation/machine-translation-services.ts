import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import { createGlossaryRepository } from '../glossary/glossary.repository';
import { createGlossaryService } from '../glossary/glossary.service';
import { createProjectAccess } from '../projects/project-access';
import { createProjectsRepository } from '../projects/projects.repository';
import { createEditorFilterSelection } from '../translation/editor-filter-selection';
import { createTranslationWriter } from '../translation/translation-writer.repository';
import { createSelectedSegmentsRepository } from '../transliteration/selected-segments.repository';
import { createTransliterationPairsRepository } from '../transliteration/transliteration-pairs.repository';
import { createTransliterationService } from '../transliteration/transliteration.service';
import { createUsersRepository } from '../users/users.repository';
import { createMachineTranslationService } from './machine-translation.service';
import type { MtEngineRegistry } from './mt-engine-registry';

/** Machine translation, mask terms and transliteration services, wired once. */
export function createMachineTranslationServices(deps: {
  db: Database;
  clock: Clock;
  emitter: RealtimeEmitter;
  jobs: Pick<JobQueue, 'send'> | null;
  engines: MtEngineRegistry;
}) {
  const access = createProjectAccess(createProjectsRepository(deps.db));
  return {
    mtEngines: deps.engines,
    machineTranslation: createMachineTranslationService({
      db: deps.db,
      access,
      users: createUsersRepository(deps.db),
      engines: deps.engines,
      jobs: deps.jobs,
      filterSelection: createEditorFilterSelection(deps.db),
    }),
    glossary: createGlossaryService({ access, glossary: createGlossaryRepository(deps.db) }),
    transliteration: createTransliterationService({
      access,
      pairs: createTransliterationPairsRepository(deps.db),
      selected: createSelectedSegmentsRepository(deps.db),
      writer: createTranslationWriter({ db: deps.db, emitter: deps.emitter, clock: deps.clock }),
    }),
  };
}
