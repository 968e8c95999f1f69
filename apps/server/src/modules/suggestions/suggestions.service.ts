import {
  FEEDBACK_CSV_COLUMNS,
  MAX_TARGET_LENGTH,
  SUGGESTION_CSV_COLUMNS,
  TRANSLATION_MESSAGES,
  type Feedback,
  type Suggestion,
  type SuggestionStatus,
  type TmEntry,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pagingOf, type TranslationContext } from '../translation/translation-context';
import type { TranslationWriter } from '../translation/translation-writer.repository';
import { readSuggestionCsv } from './suggestion-csv';
import {
  createSuggestionsRepository,
  type FeedbackRow,
  type SuggestionFilter,
  type SuggestionRow,
  type SuggestionsRepository,
} from './suggestions.repository';
import { toCsv } from '@bhasha/engine';

/** Rows a CSV download holds at most. */
export const CSV_DOWNLOAD_LIMIT = 100_000;

export function presentSuggestion(row: SuggestionRow, resolvedBy: string | null): Suggestion {
  return {
    id: row.id,
    sourceHash: row.sourceHash,
    source: row.sourceText,
    targetLang: row.targetLang,
    suggestion: row.text,
    currentTarget: row.currentTarget,
    status: row.status as SuggestionStatus,
    url: row.url,
    suggestedBy: row.suggestedBy,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolvedBy,
  };
}

export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    targetLang: row.targetLang,
    url: row.url,
    sourceHash: row.sourceHash,
    rating: row.rating,
    comment: row.comment,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Suggestions and feedback of spec §7: review, accept into the TM, reject, CSV round trip. */
export function createSuggestionsService(deps: {
  repository: SuggestionsRepository;
  context: TranslationContext;
  writer: TranslationWriter;
  clock: Clock;
}) {
  const { repository, context, writer } = deps;

  /**
   * Accepts one open suggestion: it is marked accepted and its text (or the reviewer's edit)
   * becomes the USER translation, in one transaction with the revision.
   */
  async function acceptOne(
    principal: Principal,
    project: { id: string; organisationId: string; targetLanguages: string[] },
    suggestion: SuggestionRow,
    text: string,
  ): Promise<{ suggestion: SuggestionRow; tm: TmEntry }> {
    if (!project.targetLanguages.includes(suggestion.targetLang))
      throw AppError.validation([TRANSLATION_MESSAGES.languageNotInProject]);
    let resolved: SuggestionRow | undefined;
    const [result] = await writer.write(
      { organisationId: project.organisationId, projectId: project.id, authorId: principal.id },
      [
        {
          sourceHash: suggestion.sourceHash,
          targetLang: suggestion.targetLang,
          text,
          type: 'USER',
          origin: 'suggestion',
        },
      ],
      {
        before: async (tx) => {
          [resolved] = await createSuggestionsRepository(tx).resolve(
            project.id,
            [suggestion.id],
            'accepted',
            principal.id,
            deps.clock.now(),
          );
          if (!resolved) throw AppError.conflict(TRANSLATION_MESSAGES.suggestionNotOpen);
        },
      },
    );
    if (!result?.entry) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.segmentNotFound);
    return { suggestion: resolved!, tm: result.entry };
  }

  return {
    async filter(
      principal: Principal,
      input: SuggestionFilter & { projectId: string; pageNumber: number; pageSize: number },
    ) {
      const project = await context.project(principal, input.projectId);
      const { rows, total } = await repository.list(
        project.id,
        input,
        pagingOf(input.pageNumber, input.pageSize),
      );
      return { suggestions: rows.map((r) => presentSuggestion(r.suggestion, r.resolvedBy)), total };
    },

    async accept(
      principal: Principal,
      input: { projectId: string; suggestionId: string; preProcessedTarget?: string },
    ) {
      const project = await context.project(principal, input.projectId);
      const [suggestion] = await repository.findByIds(project.id, [input.suggestionId]);
      if (!suggestion) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.suggestionNotFound);
      const { suggestion: accepted, tm } = await acceptOne(
        principal,
        project,
        suggestion,
        input.preProcessedTarget ?? suggestion.text,
      );
      // The resolver is the caller; its e-mail is not needed to present the answer.
      return { suggestion: presentSuggestion(accepted, null), tm };
    },

    async reject(principal: Principal, input: { projectId: string; suggestionIds: string[] }) {
      const project = await context.project(principal, input.projectId);
      const found = await repository.findByIds(project.id, input.suggestionIds);
      if (found.length === 0) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.suggestionNotFound);
      const rejected = await repository.resolve(
        project.id,
        found.map((s) => s.id),
        'rejected',
        principal.id,
        deps.clock.now(),
      );
      if (rejected.length === 0) throw AppError.conflict(TRANSLATION_MESSAGES.suggestionNotOpen);
      return { rejected: rejected.length };
    },

    /** suggestion/download: suggestionReport.csv, with an empty `action` column to fill in. */
    async csv(
      principal: Principal,
      input: { projectId: string; targetLang?: string; status?: SuggestionStatus },
    ) {
      const project = await context.project(principal, input.projectId);
      const rows = await repository.all(project.id, input, CSV_DOWNLOAD_LIMIT);
      return toCsv(
        SUGGESTION_CSV_COLUMNS,
        rows.map(({ suggestion: s }) => [
          s.id,
          s.sourceHash,
          s.targetLang,
          s.sourceText,
          s.currentTarget,
          s.text,
          s.status,
          s.url,
          s.createdAt.toISOString(),
          '',
        ]),
      );
    },

    /**
     * suggestion/upload: the downloaded CSV with `action` filled in. accept (with the possibly
     * edited suggestion text) and reject apply to open suggestions; everything else is no action.
     * A file that is not the suggestion CSV refuses as a whole; a bad row is reported and skipped.
     */
    async upload(principal: Principal, projectId: string, text: string) {
      const project = await context.project(principal, projectId);
      const parsed = readSuggestionCsv(text);
      if ('problem' in parsed) throw AppError.validation([parsed.problem]);
      const ids = parsed.rows.flatMap((r) => (r.action && r.suggestionId ? [r.suggestionId] : []));
      const byId = new Map((await repository.findByIds(project.id, ids)).map((s) => [s.id, s]));
      let updated = 0;
      let noAction = 0;
      const errors: Array<{ row: number; message: string }> = [];
      for (const row of parsed.rows) {
        if (!row.action) {
          noAction += 1;
          continue;
        }
        const suggestion = byId.get(row.suggestionId);
        if (!suggestion) {
          errors.push({ row: row.line, message: TRANSLATION_MESSAGES.suggestionNotFound });
          noAction += 1;
          continue;
        }
        if (suggestion.status !== 'new' && suggestion.status !== 'inprocess') {
          noAction += 1;
          continue;
        }
        try {
          if (row.action === 'accept') {
            const textToSave = row.suggestion || suggestion.text;
            if (textToSave.length > MAX_TARGET_LENGTH)
              throw AppError.validation(['The suggestion is too long']);
            await acceptOne(principal, project, suggestion, textToSave);
          } else {
            await repository.resolve(project.id, [suggestion.id], 'rejected', principal.id, deps.clock.now());
          }
          updated += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          errors.push({ row: row.line, message: error.message });
          noAction += 1;
        }
      }
      return { updated, noAction, errors };
    },

    async feedback(
      principal: Principal,
      input: { projectId: string; targetLang?: string; pageNumber: number; pageSize: number },
    ) {
      const project = await context.project(principal, input.projectId);
      const { rows, total } = await repository.listFeedback(
        project.id,
        input.targetLang,
        pagingOf(input.pageNumber, input.pageSize),
      );
      return { records: rows.map(presentFeedback), totalRecords: total };
    },

    /** feedback/csv/get: feedbackReport.csv. */
    async feedbackCsv(principal: Principal, input: { projectId: string; targetLang?: string }) {
      const project = await context.project(principal, input.projectId);
      const rows = await repository.allFeedback(project.id, input.targetLang, CSV_DOWNLOAD_LIMIT);
      return toCsv(
        FEEDBACK_CSV_COLUMNS,
        rows.map((f) => [
          f.id,
          f.targetLang,
          f.url,
          f.sourceHash,
          f.rating,
          f.comment,
          f.createdBy,
          f.createdAt.toISOString(),
        ]),
      );
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
