import type {
  ApiKey,
  ApiKeyAuditResponse,
  ApiKeyListResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** A page of the audit log, optionally of one key. */
export interface ApiKeyAuditQuery {
  page: number;
  pageSize: number;
  keyId?: string;
}

/** The organisation API key calls (ADR 0042). */
export const apiKeysApi = {
  list: () => apiClient.call<ApiKeyListResponse>('organisation/api-keys', { method: 'GET' }),
  create: (body: CreateApiKeyRequest) =>
    apiClient.call<CreateApiKeyResponse>('organisation/api-keys', { body }),
  revoke: (keyId: string) =>
    apiClient.call<{ apiKey: ApiKey }>(`organisation/api-keys/${encodeURIComponent(keyId)}/revoke`, {
      method: 'POST',
      body: {},
    }),
  audit: (query: ApiKeyAuditQuery) =>
    apiClient.call<ApiKeyAuditResponse>('organisation/api-keys/audit', {
      method: 'GET',
      query: { page: query.page, pageSize: query.pageSize, keyId: query.keyId },
    }),
};
