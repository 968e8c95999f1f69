import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  apiKeyAuditLog,
  organisationApiKeys,
  organisations,
  projects,
  users,
  type Database,
} from '@bhasha/db';

/** A key with what its list shows of its project and creator. */
export interface ApiKeyRow {
  id: string;
  organisationId: string;
  name: string;
  keyPrefix: string;
  scopes: string[];
  projectId: string | null;
  projectName: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  createdBy: string;
  createdByName: string | null;
  revokedAt: Date | null;
}

/** What authenticating a request needs of a key. */
export interface ApiKeyCredentialRow {
  id: string;
  organisationId: string;
  organisationPlan: string;
  scopes: string[];
  projectId: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: string;
}

export interface NewApiKey {
  organisationId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  scopes: string[];
  projectId: string | null;
  expiresAt: Date | null;
  createdBy: string;
  createdAt: Date;
}

export interface AuditRow {
  id: number;
  apiKeyId: string;
  apiKeyName: string;
  apiKeyPrefix: string;
  method: string;
  route: string;
  statusCode: number;
  clientAddress: string | null;
  createdAt: Date;
}

export interface NewAuditRow {
  apiKeyId: string;
  organisationId: string;
  method: string;
  route: string;
  statusCode: number;
  clientAddress: string | null;
  createdAt: Date;
}

/** The only place with queries of organisation API keys and their audit log. */
export function createApiKeysRepository(db: Database) {
  const keyColumns = {
    id: organisationApiKeys.id,
    organisationId: organisationApiKeys.organisationId,
    name: organisationApiKeys.name,
    keyPrefix: organisationApiKeys.keyPrefix,
    scopes: organisationApiKeys.scopes,
    projectId: organisationApiKeys.projectId,
    projectName: projects.name,
    expiresAt: organisationApiKeys.expiresAt,
    lastUsedAt: organisationApiKeys.lastUsedAt,
    createdAt: organisationApiKeys.createdAt,
    createdBy: organisationApiKeys.createdBy,
    createdByName: users.name,
    revokedAt: organisationApiKeys.revokedAt,
  };

  function selectKeys() {
    return db
      .select(keyColumns)
      .from(organisationApiKeys)
      .leftJoin(projects, eq(projects.id, organisationApiKeys.projectId))
      .leftJoin(users, eq(users.id, organisationApiKeys.createdBy));
  }

  return {
    async listForOrganisation(organisationId: string): Promise<ApiKeyRow[]> {
      return selectKeys()
        .where(eq(organisationApiKeys.organisationId, organisationId))
        .orderBy(desc(organisationApiKeys.createdAt), desc(organisationApiKeys.id));
    },

    async findInOrganisation(organisationId: string, id: string): Promise<ApiKeyRow | undefined> {
      const [row] = await selectKeys().where(
        and(eq(organisationApiKeys.id, id), eq(organisationApiKeys.organisationId, organisationId)),
      );
      return row;
    },

    async insert(values: NewApiKey): Promise<string> {
      const [row] = await db
        .insert(organisationApiKeys)
        .values(values)
        .returning({ id: organisationApiKeys.id });
      return row!.id;
    },

    /** Revokes a live key of the organisation; false when none matched (already revoked or foreign). */
    async revoke(organisationId: string, id: string, revokedBy: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(organisationApiKeys)
        .set({ revokedAt: now, revokedBy })
        .where(
          and(
            eq(organisationApiKeys.id, id),
            eq(organisationApiKeys.organisationId, organisationId),
            isNull(organisationApiKeys.revokedAt),
          ),
        )
        .returning({ id: organisationApiKeys.id });
      return rows.length > 0;
    },

    async findCredential(keyHash: string): Promise<ApiKeyCredentialRow | undefined> {
      const [row] = await db
        .select({
          id: organisationApiKeys.id,
          organisationId: organisationApiKeys.organisationId,
          organisationPlan: organisations.plan,
          scopes: organisationApiKeys.scopes,
          projectId: organisationApiKeys.projectId,
          expiresAt: organisationApiKeys.expiresAt,
          lastUsedAt: organisationApiKeys.lastUsedAt,
          revokedAt: organisationApiKeys.revokedAt,
          createdBy: organisationApiKeys.createdBy,
        })
        .from(organisationApiKeys)
        .innerJoin(organisations, eq(organisations.id, organisationApiKeys.organisationId))
        .where(eq(organisationApiKeys.keyHash, keyHash));
      return row;
    },

    /** Sets last used unless another request did within `notBefore` (one write a minute at most). */
    async touchLastUsed(id: string, now: Date, notBefore: Date): Promise<void> {
      await db
        .update(organisationApiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(organisationApiKeys.id, id),
            or(isNull(organisationApiKeys.lastUsedAt), lt(organisationApiKeys.lastUsedAt, notBefore)),
          ),
        );
    },

    async projectOrganisation(projectId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ organisationId: projects.organisationId })
        .from(projects)
        .where(eq(projects.id, projectId));
      return row?.organisationId;
    },

    async insertAudit(row: NewAuditRow): Promise<void> {
      await db.insert(apiKeyAuditLog).values(row);
    },

    async listAudit(
      organisationId: string,
      options: { keyId?: string; limit: number; offset: number },
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const where = and(
        eq(apiKeyAuditLog.organisationId, organisationId),
        options.keyId ? eq(apiKeyAuditLog.apiKeyId, options.keyId) : undefined,
      );
      const rows = await db
        .select({
          id: apiKeyAuditLog.id,
          apiKeyId: apiKeyAuditLog.apiKeyId,
          apiKeyName: organisationApiKeys.name,
          apiKeyPrefix: organisationApiKeys.keyPrefix,
          method: apiKeyAuditLog.method,
          route: apiKeyAuditLog.route,
          statusCode: apiKeyAuditLog.statusCode,
          clientAddress: apiKeyAuditLog.clientAddress,
          createdAt: apiKeyAuditLog.createdAt,
        })
        .from(apiKeyAuditLog)
        .innerJoin(organisationApiKeys, eq(organisationApiKeys.id, apiKeyAuditLog.apiKeyId))
        .where(where)
        .orderBy(desc(apiKeyAuditLog.createdAt), desc(apiKeyAuditLog.id))
        .limit(options.limit)
        .offset(options.offset);
      const [total] = await db.select({ value: count() }).from(apiKeyAuditLog).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    /** Deletes audit rows older than `before`; answers how many went. */
    async pruneAudit(before: Date): Promise<number> {
      const rows = await db
        .delete(apiKeyAuditLog)
        .where(lt(apiKeyAuditLog.createdAt, before))
        .returning({ id: sql<number>`1` });
      return rows.length;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
