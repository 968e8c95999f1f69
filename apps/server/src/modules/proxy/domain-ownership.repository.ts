import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { projectDomains, projects, type Database } from '@bhasha/db';

/** A project domain with its proof of control (ADR 0028). */
export interface OwnedDomain {
  id: string;
  projectId: string;
  hostname: string;
  origin: string;
  token: string | null;
  verifiedAt: Date | null;
  method: string | null;
  checkedAt: Date | null;
  failures: number;
  lastError: string | null;
}

/** The host a verification covers: `www.` and the bare host are one site. */
export const ownedHostOf = (hostname: string): string =>
  hostname.startsWith('www.') ? hostname.slice(4) : hostname;

const columns = {
  id: projectDomains.id,
  projectId: projectDomains.projectId,
  hostname: projectDomains.hostname,
  origin: projectDomains.origin,
  token: projectDomains.ownershipToken,
  verifiedAt: projectDomains.ownershipVerifiedAt,
  method: projectDomains.ownershipMethod,
  checkedAt: projectDomains.ownershipCheckedAt,
  failures: projectDomains.ownershipFailures,
  lastError: projectDomains.ownershipError,
};

const bareHostSql = sql`regexp_replace(${projectDomains.hostname}, '^www\\.', '')`;

export function createDomainOwnershipRepository(db: Database) {
  return {
    async listDomains(projectId: string): Promise<OwnedDomain[]> {
      return db
        .select(columns)
        .from(projectDomains)
        .where(eq(projectDomains.projectId, projectId))
        .orderBy(desc(projectDomains.isPrimary), asc(projectDomains.createdAt));
    },

    /** Gives the domains without a token one (the first writer's token wins). */
    async assignTokens(projectId: string, tokens: ReadonlyMap<string, string>): Promise<void> {
      for (const [domainId, token] of tokens) {
        await db
          .update(projectDomains)
          .set({ ownershipToken: token })
          .where(
            and(
              eq(projectDomains.id, domainId),
              eq(projectDomains.projectId, projectId),
              isNull(projectDomains.ownershipToken),
            ),
          );
      }
    },

    /** Of these hosts (bare), the ones another project has verified. */
    async hostsVerifiedElsewhere(projectId: string, hosts: readonly string[]): Promise<Set<string>> {
      if (hosts.length === 0) return new Set();
      const rows = await db
        .select({ host: sql<string>`${bareHostSql}` })
        .from(projectDomains)
        .where(
          and(
            isNotNull(projectDomains.ownershipVerifiedAt),
            ne(projectDomains.projectId, projectId),
            sql`${bareHostSql} in (${sql.join(
              hosts.map((host) => sql`${host}`),
              sql`, `,
            )})`,
          ),
        );
      return new Set(rows.map((row) => row.host));
    },

    /** Records a successful check; verified from now unless already verified. */
    async markVerified(domainId: string, method: 'dns' | 'file', now: Date): Promise<void> {
      await db
        .update(projectDomains)
        .set({
          ownershipVerifiedAt: sql`coalesce(${projectDomains.ownershipVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          ownershipMethod: method,
          ownershipCheckedAt: now,
          ownershipFailures: 0,
          ownershipError: null,
        })
        .where(eq(projectDomains.id, domainId));
    },

    /**
     * Records a failed check. A verified domain stays verified until `lapseAfter` checks in a row
     * have failed (a DNS or web server hiccup must not take a site offline); then it lapses.
     */
    async markFailed(domainId: string, error: string, now: Date, lapseAfter: number): Promise<boolean> {
      const [row] = await db
        .update(projectDomains)
        .set({
          ownershipCheckedAt: now,
          ownershipError: error,
          ownershipFailures: sql`${projectDomains.ownershipFailures} + 1`,
          ownershipVerifiedAt: sql`case when ${projectDomains.ownershipFailures} + 1 >= ${lapseAfter} then null else ${projectDomains.ownershipVerifiedAt} end`,
          ownershipMethod: sql`case when ${projectDomains.ownershipFailures} + 1 >= ${lapseAfter} then null else ${projectDomains.ownershipMethod} end`,
        })
        .where(eq(projectDomains.id, domainId))
        .returning({ verifiedAt: projectDomains.ownershipVerifiedAt });
      return row?.verifiedAt === null;
    },

    /** Verified domains last checked before `before`, of projects not being deleted. */
    async listDueForRecheck(before: Date, limit: number): Promise<OwnedDomain[]> {
      return db
        .select(columns)
        .from(projectDomains)
        .innerJoin(projects, eq(projects.id, projectDomains.projectId))
        .where(
          and(
            isNotNull(projectDomains.ownershipVerifiedAt),
            isNull(projects.deletingAt),
            or(isNull(projectDomains.ownershipCheckedAt), lt(projectDomains.ownershipCheckedAt, before)),
          ),
        )
        .orderBy(sql`${projectDomains.ownershipCheckedAt} nulls first`)
        .limit(limit);
    },
  };
}

export type DomainOwnershipRepository = ReturnType<typeof createDomainOwnershipRepository>;
