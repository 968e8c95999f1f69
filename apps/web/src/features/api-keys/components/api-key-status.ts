import type { ApiKey } from '@bhasha/contract';

/** Whether a key still works: revoked first, then expired (as the server refuses them). */
export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export function apiKeyStatus(key: ApiKey, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}
