import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SCOPE_FOLDED_REDIRECTS, type ScopeShow } from '@bhasha/contract';
import { pages, pageSegments, pageVersions, segments, type Database } from '@bhasha/db';
import { pageSegmentRows } from '../crawl/page-segment-rows.repository';
import { containsPattern } from '../projects/projects.repository';

export type PageRow = typeof pages.$inferSelect;
export type PageVersionRow = typeof pageVersions.$inferSelect;

export interface PageListFilter {
  pageNumber: number;
  pageSize: number;
  search?: string;
  hostname?: string;
  trackedOnly?: boolean;
  /** Pages only (redirecting URLs folded under their targets), only redirects, or every URL. */
  show?: ScopeShow;
}

/** Which conditions a scope list has: the key of its prepared statement. */
interface ScopeListShape {
  show: ScopeShow | undefined;
  hostname: boolean;
  trackedOnly: boolean;
  search: boolean;
}

/** A URL that answered a redirect to a page of the list. */
export interface FoldedRedirect {
  id: string;
  url: string;
  httpStatus: number | null;
}

/** A row of a scope list with the URLs that redirect to it. */
export type ListedPage = PageRow & { redirects: FoldedRedirect[]; redirectCount: number };

/**
 * A URL that answered a redirect is not a page: the crawler stored its target as a URL of its
 * own, and that target is where the words are.
 */
const isRedirect = eq(pages.status, 'redirected');
const isPage = ne(pages.status, 'redirected');

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
      filter.show === 'pages' ? isPage : filter.show === 'redirects' ? isRedirect : undefined,
    );
  }

  /** `filterCondition` with placeholders (`projectId`, `hostname`, `search`), for a prepared list. */
  function preparedFilterCondition(shape: ScopeListShape, show: ScopeShow | undefined): SQL | undefined {
    return and(
      eq(pages.projectId, sql.placeholder('projectId')),
      shape.hostname ? eq(pages.hostname, sql.placeholder('hostname')) : undefined,
      shape.trackedOnly ? eq(pages.tracked, true) : undefined,
      shape.search ? ilike(pages.url, sql.placeholder('search')) : undefined,
      show === 'pages' ? isPage : show === 'redirects' ? isRedirect : undefined,
    );
  }

  /**
   * One page of a project's URLs in one statement, prepared per shape (ADR 0039): the page's ids
   * and the total in a CTE; per row, the URLs that redirect to it (a bounded few, in URL order)
   * and how many there are; the redirect total beside.
   */
  function prepareList(shape: ScopeListShape) {
    const page = db.$with('scope_page').as(
      db
        .select({ id: pages.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
        .from(pages)
        .where(preparedFilterCondition(shape, shape.show))
        .orderBy(asc(pages.normalisedUrl))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    const redirecting = alias(pages, 'redirecting');
    const redirectsHere = and(
      eq(redirecting.projectId, sql.placeholder('projectId')),
      eq(redirecting.status, 'redirected'),
      eq(redirecting.canonicalUrl, pages.normalisedUrl),
      isPage,
    );
    const firstRedirects = db
      .select({
        id: redirecting.id,
        url: redirecting.url,
        httpStatus: redirecting.httpStatus,
        normalisedUrl: redirecting.normalisedUrl,
      })
      .from(redirecting)
      .where(redirectsHere)
      .orderBy(asc(redirecting.normalisedUrl))
      .limit(SCOPE_FOLDED_REDIRECTS);
    return db
      .with(page)
      .select({
        page: pages,
        total: page.total,
        redirectTotal:
          sql<number>`(select count(*) from ${pages} where ${preparedFilterCondition(shape, 'redirects')})`.mapWith(
            Number,
          ),
        redirectCount:
          sql<number>`(select count(*) from ${pages} as redirecting where ${redirectsHere})`.mapWith(Number),
        redirects: sql<
          FoldedRedirect[]
        >`(select coalesce(json_agg(json_build_object('id', r.id, 'url', r.url, 'httpStatus', r.http_status) order by r.normalised_url), '[]'::json) from (${firstRedirects}) as r)`,
      })
      .from(page)
      .innerJoin(pages, eq(pages.id, page.id))
      .orderBy(asc(pages.normalisedUrl))
      .prepare(
        `scope_list_${shape.show ?? 'all'}${shape.hostname ? '_host' : ''}${shape.trackedOnly ? '_tracked' : ''}${shape.search ? '_search' : ''}`,
      );
  }
  // Built on first use (a repository may live only for a transaction).
  const preparedLists = new Map<string, ReturnType<typeof prepareList>>();

  return {
    /**
     * One page of a project's URLs. Pages carry the URLs that redirect to them; `redirectTotal`
     * counts the redirecting URLs the same search and domain match, whatever `show` is.
     */
    async list(
      projectId: string,
      filter: PageListFilter,
    ): Promise<{ rows: ListedPage[]; total: number; redirectTotal: number }> {
      const shape: ScopeListShape = {
        show: filter.show,
        hostname: Boolean(filter.hostname),
        trackedOnly: Boolean(filter.trackedOnly),
        search: Boolean(filter.search),
      };
      const key = JSON.stringify(shape);
      let prepared = preparedLists.get(key);
      if (!prepared) preparedLists.set(key, (prepared = prepareList(shape)));
      const rows = await prepared.execute({
        projectId,
        hostname: filter.hostname,
        search: filter.search ? containsPattern(filter.search) : undefined,
        limit: filter.pageSize,
        offset: (filter.pageNumber - 1) * filter.pageSize,
      });
      if (rows.length > 0)
        return {
          rows: rows.map((row) => ({
            ...row.page,
            redirects: row.redirects,
            redirectCount: row.redirectCount,
          })),
          total: rows[0]!.total,
          redirectTotal: rows[0]!.redirectTotal,
        };
      // An empty page has no row to carry the totals.
      const where = filterCondition(projectId, filter);
      const redirectsWhere = filterCondition(projectId, { ...filter, show: 'redirects' });
      const [[totals], [redirectTotals]] = await Promise.all([
        db.select({ total: count() }).from(pages).where(where),
        db.select({ total: count() }).from(pages).where(redirectsWhere),
      ]);
      return { rows: [], total: totals?.total ?? 0, redirectTotal: redirectTotals?.total ?? 0 };
    },

    /** One slice of the in-scope pages (no redirecting URLs), distinct by normalised URL, in a stable order. */
    async listUrlPart(
      projectId: string,
      offset: number,
      limit: number,
    ): Promise<{ urls: string[]; total: number }> {
      const where = and(eq(pages.projectId, projectId), eq(pages.inScope, true), isPage);
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
        .where(and(eq(pages.projectId, projectId), isPage))
        .groupBy(pages.hostname)
        .orderBy(asc(pages.hostname));
    },

    /** URL totals of a project for its stats: pages only; redirecting URLs counted apart. */
    async counts(projectId: string): Promise<{
      total: number;
      inScope: number;
      crawled: number;
      failed: number;
      tracked: number;
      redirects: number;
    }> {
      const page = sql`${pages.status} <> 'redirected'`;
      const [row] = await db
        .select({
          total: sql<number>`count(*) filter (where ${page})`.mapWith(Number),
          inScope: sql<number>`count(*) filter (where ${pages.inScope} and ${page})`.mapWith(Number),
          crawled: sql<number>`count(*) filter (where ${pages.status} = 'fetched')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${pages.status} = 'failed')`.mapWith(Number),
          tracked: sql<number>`count(*) filter (where ${pages.tracked} and ${page})`.mapWith(Number),
          redirects: sql<number>`count(*) filter (where ${pages.status} = 'redirected')`.mapWith(Number),
        })
        .from(pages)
        .where(eq(pages.projectId, projectId));
      return row ?? { total: 0, inScope: 0, crawled: 0, failed: 0, tracked: 0, redirects: 0 };
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
