import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { organisations, type Database } from '@bhasha/db';
import type { TenantScope } from './tenant-scope';

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisationRow = typeof organisations.$inferInsert;

/** What may change on an organisation. */
export interface OrganisationPatch {
  name?: string;
  website?: string | null;
  details?: string | null;
  plan?: string;
  parliamentWorkspace?: boolean;
}

/** How far an organisation has come with its first website (the dashboard's "Get started"). */
export interface OrganisationProgress {
  hasProject: boolean;
  hasContent: boolean;
  hasTranslations: boolean;
  hasVisits: boolean;
}

function scopeCondition(scope: TenantScope): SQL | undefined {
  if (scope.kind === 'platform') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return eq(organisations.id, scope.organisationId);
}

/** LIKE wildcards typed by a user are matched literally. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Organisation queries. */
export function createOrganisationsRepository(db: Database) {
  return {
    async insert(values: NewOrganisationRow): Promise<OrganisationRow> {
      const [row] = await db.insert(organisations).values(values).returning();
      if (!row) throw new Error('insert into organisations returned no row');
      return row;
    },

    /** One round trip of EXISTS probes, each stopping at its first row. */
    async progress(organisationId: string): Promise<OrganisationProgress> {
      const [row] = await db
        .select({
          hasProject: sql<boolean>`exists (select 1 from projects p where p.organisation_id = ${organisationId} and p.deleting_at is null)`,
          hasContent: sql<boolean>`exists (select 1 from segments s where s.organisation_id = ${organisationId})`,
          hasTranslations: sql<boolean>`exists (select 1 from translations t where t.organisation_id = ${organisationId} and t.type in ('USER', 'MACHINE', 'PBK'))`,
          hasVisits: sql<boolean>`exists (select 1 from site_visits v where v.organisation_id = ${organisationId})`,
        })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return {
        hasProject: row?.hasProject === true,
        hasContent: row?.hasContent === true,
        hasTranslations: row?.hasTranslations === true,
        hasVisits: row?.hasVisits === true,
      };
    },

    async findById(id: string): Promise<OrganisationRow | undefined> {
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
      return row;
    },

    /** An organisation inside the scope; a foreign one is as absent as a missing one. */
    async findInScope(scope: TenantScope, id: string): Promise<OrganisationRow | undefined> {
      const [row] = await db
        .select()
        .from(organisations)
        .where(and(eq(organisations.id, id), scopeCondition(scope)))
        .limit(1);
      return row;
    },

    /** A page of the scope's organisations, newest first, and how many match in all. */
    async list(
      scope: TenantScope,
      query: { search?: string; limit: number; offset: number },
    ): Promise<{ rows: OrganisationRow[]; total: number }> {
      const tenancy = scopeCondition(scope);
      const search = query.search ? ilike(organisations.name, `%${escapeLike(query.search)}%`) : undefined;
      const where = and(tenancy, search);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(organisations)
          .where(where)
          .orderBy(desc(organisations.createdAt), asc(organisations.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(organisations).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** Every organisation of the scope by name, for choosers (bounded). */
    async listNames(scope: TenantScope): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .where(scopeCondition(scope))
        .orderBy(asc(organisations.name))
        .limit(5000);
    },

    async update(id: string, patch: OrganisationPatch, now: Date): Promise<OrganisationRow | undefined> {
      const [row] = await db
        .update(organisations)
        .set({ ...patch, updatedAt: now })
        .where(eq(organisations.id, id))
        .returning();
      return row;
    },

    /** The organisation's default machine translation engine (null: none chosen or no such organisation). */
    async findMtEngine(id: string): Promise<string | null> {
      const [row] = await db
        .select({ mtEngine: organisations.mtEngine })
        .from(organisations)
        .where(eq(organisations.id, id))
        .limit(1);
      return row?.mtEngine ?? null;
    },

    /** Sets (or with null clears) the default engine; false when there is no such organisation. */
    async setMtEngine(id: string, engineId: string | null, now: Date): Promise<boolean> {
      const updated = await db
        .update(organisations)
        .set({ mtEngine: engineId, updatedAt: now })
        .where(eq(organisations.id, id))
        .returning({ id: organisations.id });
      return updated.length > 0;
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
