import type { Database } from '@bhasha/db';
import type { Clock } from '../../lib/clock';
import type { ProjectAccess } from '../projects/project-access';
import { createTranslationContext } from '../translation/translation-context';
import { createTranslationsRepository } from '../translation/translations.repository';
import { createManualTranslationRepository } from './manual-translation.repository';
import { createManualTranslationService } from './manual-translation.service';

/** The human translation (Prabandhak) order services, wired once. */
export function createManualTranslationServices(deps: { db: Database; clock: Clock; access: ProjectAccess }) {
  return {
    manualTranslation: createManualTranslationService({
      repository: createManualTranslationRepository(deps.db),
      context: createTranslationContext(deps.access, createTranslationsRepository(deps.db)),
      clock: deps.clock,
    }),
  };
}
