import {
  API_KEY_AUDIT_RETENTION_DAYS,
  API_KEY_MESSAGES,
  type ApiKeyAuditRequest,
  type CreateApiKeyRequest,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  generateOrganisationApiKey,
  hashOrganisationApiKey,
  isWellFormedOrganisationApiKey,
  organisationApiKeyPrefix,
} from './api-key-secret';
import { knownScopes, presentApiKey, presentAuditEntry } from './api-keys.presenter';
import type { ApiKeyCredentialRow, ApiKeysRepository, NewAuditRow } from './api-keys.repository';

export interface ApiKeysServiceDeps {
  repository: ApiKeysRepository;
  clock: Clock;
}

/** `last used at` is written at most this often per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The organisation a key manager works on: its own (keys belong to one organisation). */
function organisationOf(principal: Principal): string {
  if (!principal.organisationId) throw AppError.forbidden();
  return principal.organisationId;
}

/** Organisation API keys: managed by organisation admins, checked on every request that carries one. */
export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const { repository, clock } = deps;

  async function findOwn(organisationId: string, keyId: string) {
    const row = await repository.findInOrganisation(organisationId, keyId);
    if (!row) throw AppError.notFound('The API key');
    return row;
  }

  return {
    async list(principal: Principal) {
      const rows = await repository.listForOrganisation(organisationOf(principal));
      return { apiKeys: rows.map(presentApiKey), total: rows.length };
    },

    /** Creates a key and answers its secret: the one time it is ever shown. */
    async create(principal: Principal, request: CreateApiKeyRequest & { scopes: string[] }) {
      const organisationId = organisationOf(principal);
      const now = clock.now();
      const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime())
        throw AppError.validation([API_KEY_MESSAGES.expiryInPast]);
      const projectId = request.projectId ?? null;
      // Another organisation's project answers like a missing one.
      if (projectId && (await repository.projectOrganisation(projectId)) !== organisationId)
        throw AppError.notFound('The project');
      const secret = generateOrganisationApiKey();
      const id = await repository.insert({
        organisationId,
        name: request.name.trim(),
        keyHash: hashOrganisationApiKey(secret),
        keyPrefix: organisationApiKeyPrefix(secret),
        scopes: knownScopes(request.scopes),
        projectId,
        expiresAt,
        createdBy: principal.id,
        createdAt: now,
      });
      return { apiKey: presentApiKey(await findOwn(organisationId, id)), secret };
    },

    /** Revokes a key at once; revoking a revoked key changes nothing. */
    async revoke(principal: Principal, keyId: string) {
      const organisationId = organisationOf(principal);
      await findOwn(organisationId, keyId);
      await repository.revoke(organisationId, keyId, principal.id, clock.now());
      return { apiKey: presentApiKey(await findOwn(organisationId, keyId)) };
    },

    async audit(
      principal: Principal,
      request: { page: number; pageSize: number; keyId?: string } & ApiKeyAuditRequest,
    ) {
      const organisationId = organisationOf(principal);
      const { rows, total } = await repository.listAudit(organisationId, {
        keyId: request.keyId,
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
      return { entries: rows.map(presentAuditEntry), total };
    },

    /** The stored key a secret names, or an error a wrong or malformed key gets. */
    async identify(secret: string): Promise<ApiKeyCredentialRow> {
      const row = isWellFormedOrganisationApiKey(secret)
        ? await repository.findCredential(hashOrganisationApiKey(secret))
        : undefined;
      if (!row) throw AppError.unauthorized(API_KEY_MESSAGES.invalidKey);
      return row;
    },

    /** Refuses a revoked or expired key, each with its own message. */
    assertLive(row: ApiKeyCredentialRow): void {
      if (row.revokedAt) throw AppError.unauthorized(API_KEY_MESSAGES.revokedKey);
      if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime())
        throw AppError.unauthorized(API_KEY_MESSAGES.expiredKey);
    },

    /** True when `last used at` is older than the resolution (so one write a minute at most). */
    isLastUsedStale(row: ApiKeyCredentialRow): boolean {
      return !row.lastUsedAt || clock.now().getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
    },

    async touchLastUsed(keyId: string): Promise<void> {
      const now = clock.now();
      await repository.touchLastUsed(keyId, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
    },

    async recordCall(row: Omit<NewAuditRow, 'createdAt'>): Promise<void> {
      await repository.insertAudit({ ...row, createdAt: clock.now() });
    },

    /** Deletes audit rows past the retention period. */
    async pruneAudit(): Promise<number> {
      return repository.pruneAudit(new Date(clock.now().getTime() - API_KEY_AUDIT_RETENTION_DAYS * DAY_MS));
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
