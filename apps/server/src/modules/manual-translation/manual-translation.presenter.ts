import type { ManualRequest, ManualTranslationStatus } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { availableActions } from './manual-translation.policy';
import type { ManualRequestListRow } from './manual-translation.repository';

/** What leaves the server about an order: no user ids, the caller's actions included. */
export function presentManualRequest(principal: Principal, row: ManualRequestListRow): ManualRequest {
  return {
    id: row.id,
    organisationName: row.organisationName,
    projectId: row.projectId,
    projectName: row.projectName,
    targetLanguages: row.targetLanguages,
    segmentCount: row.segmentCount,
    wordCount: row.wordCount,
    totalWordCount: row.wordCount * row.targetLanguages.length,
    status: row.status as ManualTranslationStatus,
    note: row.note,
    rejectionReason: row.rejectionReason,
    requestedBy: row.requesterName,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    actions: availableActions(principal, row.status),
  };
}
