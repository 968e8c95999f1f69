import type {
  ManualRequest,
  ManualRequestAction,
  ManualRequestCreate,
  ManualRequestCreated,
  ManualRequestList,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The path of each status action (spec §7 "Manual translation"). */
const ACTION_PATHS: Record<ManualRequestAction, string> = {
  approve: 'prabandhak/approve',
  reject: 'manual-translation/reject',
  revert: 'manual-translation/revert',
  delete: 'manual-translation/delete',
};

/** Human translation (Prabandhak) orders. */
export const manualTranslationApi = {
  /** The request call has no time-out (spec §9): a large filter order may take a while to store. */
  create: (body: ManualRequestCreate) =>
    apiClient.call<ManualRequestCreated>('manual-translation/request', { body, timeoutMs: null }),
  list: (page: number, size: number, searchText?: string) =>
    apiClient.call<ManualRequestList>(`manual-translation/request/${page}/${size}`, {
      method: 'GET',
      query: { searchText: searchText || undefined },
    }),
  act: (action: ManualRequestAction, requestId: string, reason?: string) =>
    apiClient.call<{ request?: ManualRequest; requestId?: string }>(ACTION_PATHS[action], {
      body: action === 'reject' && reason ? { requestId, reason } : { requestId },
    }),
};
