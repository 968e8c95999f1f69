import { and, asc, eq, sql } from 'drizzle-orm';
import { mtUsage, type Database } from '@bhasha/db';
import type { TenantScope } from '../organisations/tenant-scope';

export type MtUsageRow = typeof mtUsage.$inferSelect;

/** What one batch sent to an engine, for one domain. */
export interface UsageIncrement {
  organisationId: string;
  projectId: string;
  domain: string;
  month: string;
  engine: string;
  calls: number;
  segments: number;
  characters: number;
  words: number;
}

/** `YYYY-MM` of a date in UTC: the metering period. */
export function usageMonthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** NMT metering: added to in the transaction that finishes a batch, read per organisation. */
export function createMtUsageRepository(db: Database) {
  return {
    async add(tx: Database, usage: UsageIncrement): Promise<void> {
      await tx
        .insert(mtUsage)
        .values(usage)
        .onConflictDoUpdate({
          target: [mtUsage.projectId, mtUsage.domain, mtUsage.month, mtUsage.engine],
          set: {
            calls: sql`${mtUsage.calls} + excluded.calls`,
            segments: sql`${mtUsage.segments} + excluded.segments`,
            characters: sql`${mtUsage.characters} + excluded.characters`,
            words: sql`${mtUsage.words} + excluded.words`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Usage rows inside the caller's scope, optionally of one project or month. */
    async list(scope: TenantScope, filter: { projectId?: string; month?: string }): Promise<MtUsageRow[]> {
      if (scope.kind === 'none') return [];
      return db
        .select()
        .from(mtUsage)
        .where(
          and(
            scope.kind === 'organisation' ? eq(mtUsage.organisationId, scope.organisationId) : undefined,
            filter.projectId ? eq(mtUsage.projectId, filter.projectId) : undefined,
            filter.month ? eq(mtUsage.month, filter.month) : undefined,
          ),
        )
        .orderBy(asc(mtUsage.month), asc(mtUsage.projectId), asc(mtUsage.domain), asc(mtUsage.engine))
        .limit(5000);
    },
  };
}

export type MtUsageRepository = ReturnType<typeof createMtUsageRepository>;
