import type { Database } from '@bhasha/db';
import type { Clock } from '../../lib/clock';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import { createProjectAccess } from '../projects/project-access';
import { createProjectsRepository } from '../projects/projects.repository';
import { createSuggestionsRepository } from '../suggestions/suggestions.repository';
import { createSuggestionsService } from '../suggestions/suggestions.service';
import { createTranslationContext } from './translation-context';
import { createTranslationEditService } from './translation-edit.service';
import { createTranslationQueryService } from './translation-query.service';
import { createTranslationReportService } from './translation-report.service';
import { createTranslationWriter } from './translation-writer.repository';
import { createTranslationsRepository } from './translations.repository';

/** The translation-memory services (queries, edits, reports, suggestions) and the one writer, wired once. */
export function createTranslationServices(deps: { db: Database; clock: Clock; emitter: RealtimeEmitter }) {
  const repository = createTranslationsRepository(deps.db);
  const context = createTranslationContext(
    createProjectAccess(createProjectsRepository(deps.db)),
    repository,
  );
  const translationWriter = createTranslationWriter(deps);
  return {
    /** Every change of a translation goes through this (ADR 0007). */
    translationWriter,
    translationQueries: createTranslationQueryService({ repository, context }),
    translationEdits: createTranslationEditService({
      db: deps.db,
      repository,
      context,
      writer: translationWriter,
      clock: deps.clock,
    }),
    translationReports: createTranslationReportService({ repository, context, clock: deps.clock }),
    suggestions: createSuggestionsService({
      repository: createSuggestionsRepository(deps.db),
      context,
      writer: translationWriter,
      clock: deps.clock,
    }),
  };
}
