import { API_KEY_SCOPE_VALUES, type ApiKey, type ApiKeyAuditEntry, type ApiKeyScope } from '@bhasha/contract';
import type { ApiKeyRow, AuditRow } from './api-keys.repository';

/** Keeps the known scopes of a stored list, weakest first. */
export function knownScopes(scopes: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPE_VALUES.filter((scope) => scopes.includes(scope));
}

/** A key as it leaves the server: the visible prefix, never the hash. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    scopes: knownScopes(row.scopes),
    projectId: row.projectId,
    projectName: row.projectName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function presentAuditEntry(row: AuditRow): ApiKeyAuditEntry {
  return {
    id: String(row.id),
    apiKeyId: row.apiKeyId,
    apiKeyName: row.apiKeyName,
    apiKeyPrefix: row.apiKeyPrefix,
    method: row.method,
    route: row.route,
    statusCode: row.statusCode,
    clientAddress: row.clientAddress,
    createdAt: row.createdAt.toISOString(),
  };
}
