import type { RequestAt } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** A page of the audit log, optionally of one key. */
export interface ApiKeyAuditQuery {
  page: number;
  pageSize: number;
  keyId?: string;
}

/** The organisation API key calls (ADR 0042). */
export const apiKeysApi = {
  list: () => apiClient.call('GET organisation/api-keys'),
  create: (body: RequestAt<'POST organisation/api-keys'>) =>
    apiClient.call('POST organisation/api-keys', { body }),
  revoke: (keyId: string) =>
    apiClient.call('organisation/api-keys/:keyId/revoke', { params: { keyId }, body: {} }),
  audit: (query: ApiKeyAuditQuery) =>
    apiClient.call('organisation/api-keys/audit', {
      query: { page: query.page, pageSize: query.pageSize, keyId: query.keyId },
    }),
};
