import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { pages, pageSegments, pageVersions, segments, type Database } from '@bhasha/db';
import { pageSegmentRows } from '../crawl/page-segment-rows';
import { containsPattern } from '../projects/projects.repository';

export type PageRow = typeof pages.$inferSelect;
export type PageVersionRow = typeof pageVersions.$inferSelect;

export interface PageListFilter {
  pageNumber: number;
  pageSize: number;
  search?: string;
  hostname?: string;
  trackedOnly?: boolean;
}

/** A URL to add to a project: already normalised, with its host. */
export interface PageSeed {
  url: string;
  normalisedUrl: string;
  hostname: string;
  depth?: number;
}

// Parameters per INSERT stay far below PostgreSQL's 65,535 bind limit.
const INSERT_CHUNK = 500;

/** Queries about a project's URLs. Callers pass a project id they already checked. */
export function createPagesRepository(db: Database) {
  function filterCondition(
    projectId: string,
    filter: Omit<PageListFilter, 'pageNumber' | 'pageSize'>,
  ): SQL | undefined {
    const search = filter.search ? containsPattern(filter.search) : undefined;
    return and(
      eq(pages.projectId, projectId),
      filter.hostname ? eq(pages.hostname, filter.hostname) : undefined,
      filter.trackedOnly ? eq(pages.tracked, true) : undefined,
      search ? ilike(pages.url, search) : undefined,
    );
  }

  return {
    async list(projectId: string, filter: PageListFilter): Promise<{ rows: PageRow[]; total: number }> {
      const where = filterCondition(projectId, filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(pages)
          .where(where)
          .orderBy(asc(pages.normalisedUrl))
          .limit(filter.pageSize)
          .offset((filter.pageNumber - 1) * filter.pageSize),
        db.select({ total: count() }).from(pages).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** One slice of the in-scope URLs, distinct by normalised URL, in a stable order. */
    async listUrlPart(
      projectId: string,
      offset: number,
      limit: number,
    ): Promise<{ urls: string[]; total: number }> {
      const where = and(eq(pages.projectId, projectId), eq(pages.inScope, true));
      const [rows, totals] = await Promise.all([
        db
          .select({ url: pages.normalisedUrl })
          .from(pages)
          .where(where)
          .orderBy(asc(pages.normalisedUrl))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(pages).where(where),
      ]);
      return { urls: rows.map((r) => r.url), total: totals[0]?.total ?? 0 };
    },

    async findByNormalisedUrl(projectId: string, normalisedUrl: string): Promise<PageRow | undefined> {
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.normalisedUrl, normalisedUrl)))
        .limit(1);
      return row;
    },

    async findById(projectId: string, id: string): Promise<PageRow | undefined> {
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.id, id)))
        .limit(1);
      return row;
    },

    async findByNormalisedUrls(projectId: string, normalisedUrls: readonly string[]): Promise<PageRow[]> {
      if (normalisedUrls.length === 0) return [];
      return db
        .select()
        .from(pages)
        .where(and(eq(pages.projectId, projectId), inArray(pages.normalisedUrl, [...normalisedUrls])));
    },

    /** Inserts URLs that are not in the project yet; answers how many were new. */
    async insertMissing(
      organisationId: string,
      projectId: string,
      seeds: readonly PageSeed[],
    ): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < seeds.length; i += INSERT_CHUNK) {
        const chunk = seeds.slice(i, i + INSERT_CHUNK).map((s) => ({
          organisationId,
          projectId,
          url: s.url,
          normalisedUrl: s.normalisedUrl,
          hostname: s.hostname,
          depth: s.depth ?? 0,
        }));
        const rows = await db.insert(pages).values(chunk).onConflictDoNothing().returning({ id: pages.id });
        inserted += rows.length;
      }
      return inserted;
    },

    async setInScope(
      projectId: string,
      ids: readonly string[],
      urls: readonly string[],
      inScope: boolean,
    ): Promise<number> {
      const rows = await db
        .update(pages)
        .set({ inScope })
        .where(and(eq(pages.projectId, projectId), selection(ids, urls)))
        .returning({ id: pages.id });
      return rows.length;
    },

    async setTracked(
      projectId: string,
      ids: readonly string[],
      urls: readonly string[],
      tracked: boolean,
    ): Promise<number> {
      const rows = await db
        .update(pages)
        .set({ tracked })
        .where(and(eq(pages.projectId, projectId), selection(ids, urls)))
        .returning({ id: pages.id });
      return rows.length;
    },

    async setTrackedForScope(projectId: string, tracked: boolean): Promise<number> {
      const rows = await db
        .update(pages)
        .set({ tracked })
        .where(and(eq(pages.projectId, projectId), eq(pages.inScope, true)))
        .returning({ id: pages.id });
      return rows.length;
    },

    async hostnameCounts(
      projectId: string,
    ): Promise<Array<{ hostname: string; total: number; inScope: number; tracked: number }>> {
      return db
        .select({
          hostname: pages.hostname,
          total: count(),
          inScope: sql<number>`count(*) filter (where ${pages.inScope})`.mapWith(Number),
          tracked: sql<number>`count(*) filter (where ${pages.tracked})`.mapWith(Number),
        })
        .from(pages)
        .where(eq(pages.projectId, projectId))
        .groupBy(pages.hostname)
        .orderBy(asc(pages.hostname));
    },

    /** URL totals of a project for its stats. */
    async counts(
      projectId: string,
    ): Promise<{ total: number; inScope: number; crawled: number; failed: number; tracked: number }> {
      const [row] = await db
        .select({
          total: count(),
          inScope: sql<number>`count(*) filter (where ${pages.inScope})`.mapWith(Number),
          crawled: sql<number>`count(*) filter (where ${pages.status} = 'fetched')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${pages.status} = 'failed')`.mapWith(Number),
          tracked: sql<number>`count(*) filter (where ${pages.tracked})`.mapWith(Number),
        })
        .from(pages)
        .where(eq(pages.projectId, projectId));
      return row ?? { total: 0, inScope: 0, crawled: 0, failed: 0, tracked: 0 };
    },

    async listVersions(pageId: string): Promise<Array<Omit<PageVersionRow, 'html'> & { size: number }>> {
      return db
        .select({
          id: pageVersions.id,
          organisationId: pageVersions.organisationId,
          projectId: pageVersions.projectId,
          pageId: pageVersions.pageId,
          contentHash: pageVersions.contentHash,
          fetchedAt: pageVersions.fetchedAt,
          size: sql<number>`octet_length(${pageVersions.html})`.mapWith(Number),
        })
        .from(pageVersions)
        .where(eq(pageVersions.pageId, pageId))
        .orderBy(sql`${pageVersions.fetchedAt} desc`)
        .limit(200);
    },

    /** One page of the segments extracted from a URL, in the order they first occur on it. */
    async listPageSegments(
      pageId: string,
      paging: { pageNumber: number; pageSize: number },
    ): Promise<{
      rows: Array<{
        sourceHash: string;
        text: string;
        kind: string;
        wordCount: number;
        isNew: boolean;
        occurrences: number;
      }>;
      total: number;
    }> {
      const occurrence = pageSegmentRows(db, eq(pageSegments.pageId, pageId));
      const [rows, totals] = await Promise.all([
        db
          .select({
            sourceHash: segments.sourceHash,
            text: segments.text,
            kind: segments.kind,
            wordCount: segments.wordCount,
            isNew: segments.isNew,
            occurrences: occurrence.occurrences,
          })
          .from(occurrence)
          .innerJoin(segments, eq(segments.id, occurrence.segmentId))
          .orderBy(asc(occurrence.position), asc(segments.sourceHash))
          .limit(paging.pageSize)
          .offset((paging.pageNumber - 1) * paging.pageSize),
        // Counted through the join too: an id whose segment was deleted is not a row.
        db
          .select({ total: count() })
          .from(occurrence)
          .innerJoin(segments, eq(segments.id, occurrence.segmentId)),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async findVersions(
      projectId: string,
      ids: readonly string[],
    ): Promise<Array<PageVersionRow & { url: string }>> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ version: pageVersions, url: pages.url })
        .from(pageVersions)
        .innerJoin(pages, eq(pages.id, pageVersions.pageId))
        .where(and(eq(pageVersions.projectId, projectId), inArray(pageVersions.id, [...ids])));
      return rows.map((r) => ({ ...r.version, url: r.url }));
    },
  };
}

function selection(ids: readonly string[], urls: readonly string[]): SQL | undefined {
  return (
    or(
      ids.length > 0 ? inArray(pages.id, [...ids]) : undefined,
      urls.length > 0
        ? or(inArray(pages.normalisedUrl, [...urls]), inArray(pages.url, [...urls]))
        : undefined,
    ) ?? sql`false`
  );
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
