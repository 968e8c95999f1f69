import type { z } from 'zod';
import {
  MANUAL_REQUEST_DETAIL_SEGMENTS,
  MANUAL_TRANSLATION_MESSAGES,
  MANUAL_TRANSLATION_STATUS,
  type ManualRequest,
  type ManualBatchUpload,
  type ManualRequestAction,
  type ManualRequestCreated,
  type ManualRequestDetail,
  type ManualRequestList,
  type manualRequestCreateSchema,
  WEBHOOK_EVENTS,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EditorFilterSelection } from '../translation/editor-filter-selection';
import { pagingOf, type TranslationContext } from '../translation/translation-context';
import type { TranslationChange, TranslationWriter } from '../translation/translation-writer.repository';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { readBatchFile } from './manual-batch-file';
import { MANUAL_TRANSITIONS, canTake, manualRequestScopeOf } from './manual-translation.policy';
import { presentManualRequest } from './manual-translation.presenter';
import type { ManualTranslationRepository, SegmentChoice } from './manual-translation.repository';

type CreateInput = z.output<typeof manualRequestCreateSchema>;

const NOT_ALLOWED_NOW: Record<ManualRequestAction, string> = {
  approve: MANUAL_TRANSLATION_MESSAGES.notApprovable,
  reject: MANUAL_TRANSLATION_MESSAGES.notRejectable,
  revert: MANUAL_TRANSLATION_MESSAGES.notRevertable,
  delete: MANUAL_TRANSLATION_MESSAGES.notDeletable,
};

/**
 * Human translation (Prabandhak) orders: placing them from the editor, the lists both sides of
 * the desk see, and the status machine of ADR 0026.
 */
export function createManualTranslationService(deps: {
  repository: ManualTranslationRepository;
  context: TranslationContext;
  writer: TranslationWriter;
  filterSelection: EditorFilterSelection;
  clock: Clock;
  /** Outgoing webhooks: each status change is announced to the organisation's endpoints. */
  webhookEvents?: Pick<WebhookEvents, 'emit'>;
}) {
  const { repository, context, writer, clock } = deps;

  /** Tells the organisation's webhook endpoints; a webhook problem never fails the change itself. */
  async function announceStatus(
    request: { id: string; organisationId: string; projectId: string | null; targetLanguages: string[] },
    from: string,
    to: string,
  ): Promise<void> {
    await deps.webhookEvents
      ?.emit(request.organisationId, WEBHOOK_EVENTS.humanTranslationStatusChanged, {
        requestId: request.id,
        projectId: request.projectId,
        targetLanguages: request.targetLanguages,
        previousStatus: from,
        status: to,
      })
      .catch(() => undefined);
  }

  /** The order in the caller's scope, or 404 (also for another organisation's). */
  async function requireRequest(principal: Principal, requestId: string) {
    const row = await repository.findInScope(manualRequestScopeOf(principal), requestId);
    if (!row) throw AppError.notFound('The request');
    return row;
  }

  /** Applies one transition of the status machine, compare-and-set on the current status. */
  async function transition(
    principal: Principal,
    action: Exclude<ManualRequestAction, 'delete'>,
    requestId: string,
    rejectionReason?: string | null,
  ): Promise<ManualRequest> {
    const before = await requireRequest(principal, requestId);
    if (!canTake(principal, action)) throw AppError.forbidden();
    const rule = MANUAL_TRANSITIONS[action];
    const moved = await repository.changeStatus(before.id, {
      from: rule.from,
      to: rule.to,
      by: principal.id,
      at: clock.now(),
      rejectionReason,
    });
    if (!moved) throw AppError.conflict(NOT_ALLOWED_NOW[action]);
    await announceStatus(before, before.status, rule.to);
    return presentManualRequest(principal, { ...before, ...moved });
  }

  return {
    async create(principal: Principal, input: CreateInput): Promise<ManualRequestCreated> {
      const project = await context.project(principal, input.projectId);
      const targetLanguages = context.languagesOf(project, input.targetLanguages);
      const choice: SegmentChoice = input.editorFilter
        ? {
            kind: 'condition',
            condition: await deps.filterSelection.condition(
              project.id,
              targetLanguages[0]!,
              input.editorFilter,
            ),
          }
        : input.filter
          ? {
              kind: 'filter',
              newContent: input.filter.newContent,
              pageId: await context.pageIdOf(project.id, input.filter.url),
            }
          : { kind: 'hashes', sourceHashes: [...new Set(input.sourceHashes ?? [])] };
      if (input.dryRun) {
        const { segmentCount, wordCount } = await repository.quote(project.id, choice);
        if (segmentCount === 0) throw AppError.validation([MANUAL_TRANSLATION_MESSAGES.noStringsMatched]);
        const quote = { segmentCount, wordCount, totalWordCount: wordCount * targetLanguages.length };
        return { request: null, quote: { ...quote, targetLanguages } };
      }
      const created = await repository.create(
        {
          organisationId: project.organisationId,
          projectId: project.id,
          projectName: project.name,
          targetLanguages,
          requestedBy: principal.id,
          note: input.note || null,
          createdAt: clock.now(),
        },
        choice,
      );
      if (!created) throw AppError.validation([MANUAL_TRANSLATION_MESSAGES.noStringsMatched]);
      const request = presentManualRequest(principal, await requireRequest(principal, created.id));
      const { segmentCount, wordCount, totalWordCount } = request;
      return { request, quote: { segmentCount, wordCount, totalWordCount, targetLanguages } };
    },

    async list(
      principal: Principal,
      page: { page: number; size: number },
      filter: { projectId?: string; searchText?: string },
    ): Promise<ManualRequestList> {
      const scope = manualRequestScopeOf(principal);
      if (filter.projectId && !(await repository.hasProject(scope, filter.projectId)))
        throw AppError.notFound('The project');
      const { rows, total } = await repository.list(scope, filter, pagingOf(page.page, page.size));
      return { requests: rows.map((row) => presentManualRequest(principal, row)), total };
    },

    async detail(principal: Principal, requestId: string): Promise<ManualRequestDetail> {
      const row = await requireRequest(principal, requestId);
      const segments = await repository.segmentsOf(row.id, MANUAL_REQUEST_DETAIL_SEGMENTS);
      return { request: presentManualRequest(principal, row), segments };
    },

    approve: (principal: Principal, requestId: string) => transition(principal, 'approve', requestId),
    reject: (principal: Principal, requestId: string, reason?: string) =>
      transition(principal, 'reject', requestId, reason || null),
    revert: (principal: Principal, requestId: string) => transition(principal, 'revert', requestId),

    /**
     * /manual-translation/upload/batchFile: the desk's translated file comes back. Rows of the
     * order's strings and languages are stored as PBK through the one translation writer (counts
     * move, revisions kept); other rows are skipped with a reason. When every string of the order
     * has a PBK translation in every language, the order is completedManualTranslation.
     */
    async uploadBatchFile(principal: Principal, requestId: string, text: string): Promise<ManualBatchUpload> {
      const request = await requireRequest(principal, requestId);
      if (!canTake(principal, 'upload')) throw AppError.forbidden();
      if (request.status !== MANUAL_TRANSLATION_STATUS.processingManualTranslation)
        throw AppError.conflict(MANUAL_TRANSLATION_MESSAGES.notUploadable);
      if (!request.projectId) throw AppError.conflict(MANUAL_TRANSLATION_MESSAGES.projectGone);
      const expected = request.segmentCount * request.targetLanguages.length;
      // Room for repeated or stray rows (reported as skipped), still bounded by the order's size.
      const rows = readBatchFile(text, Math.max(1_000, expected * 2));
      const hashes = await repository.hashesOf(request.id);
      const problems: string[] = [];
      const changes: TranslationChange[] = [];
      for (const row of rows) {
        const problem = !hashes.has(row.sourceHash)
          ? 'not a string of this request'
          : !request.targetLanguages.includes(row.targetLang)
            ? 'not a language of this request'
            : row.target.trim() === ''
              ? 'no translation'
              : null;
        if (problem) {
          problems.push(`line ${row.line}: ${problem}`);
          continue;
        }
        changes.push({
          sourceHash: row.sourceHash,
          targetLang: row.targetLang,
          text: row.target,
          type: 'PBK',
          origin: 'prabandhak',
        });
      }
      const results = await writer.write(
        { organisationId: request.organisationId, projectId: request.projectId, authorId: principal.id },
        changes,
      );
      const written = results.filter((r) => r.outcome === 'created' || r.outcome === 'updated').length;
      const unchanged = results.filter((r) => r.outcome === 'unchanged').length;
      for (const [i, result] of results.entries())
        if (result.outcome === 'segmentNotFound' || result.outcome === 'skipped')
          problems.push(
            `${result.sourceHash} (${changes[i]?.targetLang}): the string is no longer in the project`,
          );
      const delivered = await repository.countDelivered(request);
      const completed =
        delivered >= expected
          ? await repository.changeStatus(request.id, {
              from: [MANUAL_TRANSLATION_STATUS.processingManualTranslation],
              to: MANUAL_TRANSLATION_STATUS.completedManualTranslation,
              by: principal.id,
              at: clock.now(),
            })
          : undefined;
      if (completed) await announceStatus(request, request.status, completed.status);
      return {
        request: presentManualRequest(principal, { ...request, ...(completed ?? {}) }),
        written,
        unchanged,
        skipped: rows.length - written - unchanged,
        problems: problems.slice(0, 20),
      };
    },

    async remove(principal: Principal, requestId: string): Promise<{ requestId: string }> {
      const row = await requireRequest(principal, requestId);
      if (!canTake(principal, 'delete')) throw AppError.forbidden();
      if (!(await repository.deleteIfIn(row.id, MANUAL_TRANSITIONS.delete.from)))
        throw AppError.conflict(MANUAL_TRANSLATION_MESSAGES.notDeletable);
      return { requestId: row.id };
    },
  };
}

export type ManualTranslationService = ReturnType<typeof createManualTranslationService>;
