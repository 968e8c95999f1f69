import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  manualTranslationRequestSegments,
  manualTranslationRequests,
  organisations,
  projects,
  segments,
  translations,
  users,
  type Database,
} from '@bhasha/db';
import type { ManualTranslationStatus } from '@bhasha/contract';
import type { TenantScope } from '../organisations/tenant-scope';
import { segmentIsOnPage } from '../crawl/page-segment-rows.repository';
import { pgArray } from '../../lib/pg-array';
import { likePattern } from '../translation/translations.repository';

export type ManualRequestRow = typeof manualTranslationRequests.$inferSelect;
/** A request with the names the dashboard shows beside it. */
export type ManualRequestListRow = ManualRequestRow & {
  organisationName: string;
  requesterName: string | null;
};

/** Which strings of a project a new request takes. */
export type SegmentChoice =
  | { kind: 'hashes'; sourceHashes: readonly string[] }
  | { kind: 'filter'; newContent: boolean; pageId?: string }
  /** The editor's filter in one language: a condition on `segments` (editor-filter-selection.ts). */
  | { kind: 'condition'; condition: SQL };

export interface NewManualRequest {
  organisationId: string;
  projectId: string;
  projectName: string;
  targetLanguages: string[];
  requestedBy: string;
  note: string | null;
  createdAt: Date;
}

export interface StatusChange {
  /** The statuses the request may be in for the change to apply (checked in the same statement). */
  from: readonly ManualTranslationStatus[];
  to: ManualTranslationStatus;
  by: string;
  at: Date;
  rejectionReason?: string | null;
}

function scopeCondition(scope: TenantScope): SQL | undefined {
  if (scope.kind === 'platform') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return eq(manualTranslationRequests.organisationId, scope.organisationId);
}

/** The project's segments a choice takes (hashes of another project simply do not match). */
function chosenSegments(db: Database, projectId: string, choice: SegmentChoice): SQL | undefined {
  return and(
    eq(segments.projectId, projectId),
    choice.kind === 'condition'
      ? choice.condition
      : choice.kind === 'hashes'
        ? sql`${segments.sourceHash} = any(${pgArray(choice.sourceHashes)}::text[])`
        : and(
            choice.newContent ? eq(segments.isNew, true) : undefined,
            choice.pageId ? segmentIsOnPage(db, choice.pageId) : undefined,
          ),
  );
}

/** The only place with queries of human translation requests; every read takes the caller's scope. */
export function createManualTranslationRepository(db: Database) {
  const listColumns = {
    request: manualTranslationRequests,
    organisationName: organisations.name,
    requesterName: users.name,
  };

  function listQuery(where: SQL | undefined) {
    return db
      .select(listColumns)
      .from(manualTranslationRequests)
      .innerJoin(organisations, eq(organisations.id, manualTranslationRequests.organisationId))
      .leftJoin(users, eq(users.id, manualTranslationRequests.requestedBy))
      .where(where);
  }

  const toListRow = (row: {
    request: ManualRequestRow;
    organisationName: string;
    requesterName: string | null;
  }): ManualRequestListRow => ({
    ...row.request,
    organisationName: row.organisationName,
    requesterName: row.requesterName,
  });

  return {
    /**
     * Creates the request and copies its strings in one transaction. Selected hashes that are not
     * the project's are skipped; answers undefined (and stores nothing) when no string matched.
     */
    async create(input: NewManualRequest, choice: SegmentChoice): Promise<ManualRequestRow | undefined> {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .insert(manualTranslationRequests)
          .values({ ...input, segmentCount: 0, wordCount: 0 })
          .returning();
        if (!request) throw new Error('request not inserted');
        const chosen = chosenSegments(db, input.projectId, choice);
        // INSERT … SELECT: a filter over 100,000 strings never travels through the application.
        await tx.execute(sql`
          insert into ${manualTranslationRequestSegments} (request_id, source_hash, text, word_count, position)
          select ${request.id}::uuid, ${segments.sourceHash}, ${segments.text}, ${segments.wordCount}, ${segments.seq}
          from ${segments} where ${chosen}`);
        const [totals] = await tx
          .select({
            segmentCount: sql<number>`count(*)`.mapWith(Number),
            wordCount: sql<number>`coalesce(sum(${manualTranslationRequestSegments.wordCount}), 0)`.mapWith(
              Number,
            ),
          })
          .from(manualTranslationRequestSegments)
          .where(eq(manualTranslationRequestSegments.requestId, request.id));
        if (!totals || totals.segmentCount === 0) {
          await tx.delete(manualTranslationRequests).where(eq(manualTranslationRequests.id, request.id));
          return undefined;
        }
        const [stored] = await tx
          .update(manualTranslationRequests)
          .set(totals)
          .where(eq(manualTranslationRequests.id, request.id))
          .returning();
        return stored;
      });
    },

    /** How many strings and source words a choice takes, without ordering (the confirm dialog's figures). */
    async quote(
      projectId: string,
      choice: SegmentChoice,
    ): Promise<{ segmentCount: number; wordCount: number }> {
      const [row] = await db
        .select({
          segmentCount: sql<number>`count(*)`.mapWith(Number),
          wordCount: sql<number>`coalesce(sum(${segments.wordCount}), 0)`.mapWith(Number),
        })
        .from(segments)
        .where(chosenSegments(db, projectId, choice));
      return row ?? { segmentCount: 0, wordCount: 0 };
    },

    async findInScope(scope: TenantScope, id: string): Promise<ManualRequestListRow | undefined> {
      const [row] = await listQuery(and(eq(manualTranslationRequests.id, id), scopeCondition(scope))).limit(
        1,
      );
      return row ? toListRow(row) : undefined;
    },

    /** Requests of the scope, newest first; searchText matches project, organisation, requester or status. */
    async list(
      scope: TenantScope,
      filter: { projectId?: string; searchText?: string },
      paging: { offset: number; limit: number },
    ): Promise<{ rows: ManualRequestListRow[]; total: number }> {
      const pattern = filter.searchText ? likePattern(filter.searchText) : null;
      const where = and(
        scopeCondition(scope),
        filter.projectId ? eq(manualTranslationRequests.projectId, filter.projectId) : undefined,
        pattern
          ? or(
              sql`${manualTranslationRequests.projectName} ilike ${pattern}`,
              sql`${organisations.name} ilike ${pattern}`,
              sql`${users.name} ilike ${pattern}`,
              sql`${manualTranslationRequests.status} ilike ${pattern}`,
            )
          : undefined,
      );
      const rows = await listQuery(where)
        .orderBy(desc(manualTranslationRequests.createdAt), desc(manualTranslationRequests.id))
        .offset(paging.offset)
        .limit(paging.limit);
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(manualTranslationRequests)
        .innerJoin(organisations, eq(organisations.id, manualTranslationRequests.organisationId))
        .leftJoin(users, eq(users.id, manualTranslationRequests.requestedBy))
        .where(where);
      return { rows: rows.map(toListRow), total: count?.total ?? 0 };
    },

    /** The first strings of a request in page order. */
    async segmentsOf(requestId: string, limit: number) {
      return db
        .select({
          sourceHash: manualTranslationRequestSegments.sourceHash,
          text: manualTranslationRequestSegments.text,
          wordCount: manualTranslationRequestSegments.wordCount,
        })
        .from(manualTranslationRequestSegments)
        .where(eq(manualTranslationRequestSegments.requestId, requestId))
        .orderBy(asc(manualTranslationRequestSegments.position))
        .limit(limit);
    },

    /** Every source hash of a request (bounded by the request's size, which the caller priced). */
    async hashesOf(requestId: string): Promise<Set<string>> {
      const rows = await db
        .select({ hash: manualTranslationRequestSegments.sourceHash })
        .from(manualTranslationRequestSegments)
        .where(eq(manualTranslationRequestSegments.requestId, requestId));
      return new Set(rows.map((r) => r.hash));
    },

    /** How many (string, language) pairs of the request now hold a Prabandhak (PBK) translation. */
    async countDelivered(request: ManualRequestRow): Promise<number> {
      if (!request.projectId) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(translations)
        .where(
          and(
            eq(translations.projectId, request.projectId),
            eq(translations.type, 'PBK'),
            sql`${translations.targetLang} = any(${pgArray(request.targetLanguages)}::text[])`,
            sql`${translations.sourceHash} in (select ${manualTranslationRequestSegments.sourceHash} from ${manualTranslationRequestSegments} where ${manualTranslationRequestSegments.requestId} = ${request.id}::uuid)`,
          ),
        );
      return row?.n ?? 0;
    },

    /** Whether a live project of the scope has this id (lists by project answer 404 otherwise). */
    async hasProject(scope: TenantScope, projectId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.id, projectId),
            isNull(projects.deletingAt),
            scope.kind === 'platform'
              ? undefined
              : scope.kind === 'none'
                ? sql`false`
                : eq(projects.organisationId, scope.organisationId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Moves a request to a new status only if it is still in one of `from` (compare-and-set, so two
     * people acting at once cannot both succeed); answers the moved row or undefined.
     */
    async changeStatus(id: string, change: StatusChange): Promise<ManualRequestRow | undefined> {
      const [row] = await db
        .update(manualTranslationRequests)
        .set({
          status: change.to,
          statusChangedBy: change.by,
          statusChangedAt: change.at,
          ...(change.rejectionReason !== undefined ? { rejectionReason: change.rejectionReason } : {}),
        })
        .where(
          and(
            eq(manualTranslationRequests.id, id),
            inArray(manualTranslationRequests.status, [...change.from]),
          ),
        )
        .returning();
      return row;
    },

    /** Deletes a request that is still in one of `from`; its strings go with it (cascade). */
    async deleteIfIn(id: string, from: readonly ManualTranslationStatus[]): Promise<boolean> {
      const rows = await db
        .delete(manualTranslationRequests)
        .where(
          and(eq(manualTranslationRequests.id, id), inArray(manualTranslationRequests.status, [...from])),
        )
        .returning({ id: manualTranslationRequests.id });
      return rows.length > 0;
    },
  };
}

export type ManualTranslationRepository = ReturnType<typeof createManualTranslationRepository>;
