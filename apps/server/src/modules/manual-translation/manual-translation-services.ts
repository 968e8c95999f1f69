import type { Database } from '@bhasha/db';
import type { Clock } from '../../lib/clock';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import type { ProjectAccess } from '../projects/project-access';
import { createEditorFilterSelection } from '../translation/editor-filter-selection';
import { createTranslationContext } from '../translation/translation-context';
import { createTranslationWriter } from '../translation/translation-writer.repository';
import { createTranslationsRepository } from '../translation/translations.repository';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { createManualTranslationRepository } from './manual-translation.repository';
import { createManualTranslationService } from './manual-translation.service';

/** The human translation (Prabandhak) order services, wired once. */
export function createManualTranslationServices(deps: {
  db: Database;
  clock: Clock;
  emitter: RealtimeEmitter;
  access: ProjectAccess;
  webhookEvents?: Pick<WebhookEvents, 'emit'>;
}) {
  return {
    manualTranslation: createManualTranslationService({
      repository: createManualTranslationRepository(deps.db),
      context: createTranslationContext(deps.access, createTranslationsRepository(deps.db)),
      // The same writer every translation change goes through (ADR 0007); it holds no state.
      writer: createTranslationWriter(deps),
      filterSelection: createEditorFilterSelection(deps.db),
      clock: deps.clock,
      ...(deps.webhookEvents ? { webhookEvents: deps.webhookEvents } : {}),
    }),
  };
}
