import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { crawls, pages, type Database } from '@bhasha/db';
import type { CrawlStatus } from '@bhasha/contract';
import type { PageSeed } from '../scope/pages.repository';

export type CrawlRow = typeof crawls.$inferSelect;
export type PageRow = typeof pages.$inferSelect;

const INSERT_CHUNK = 500;

/** Crawl records and the crawl frontier (the `crawl_id`/`crawl_state` columns of pages). */
export function createCrawlsRepository(db: Database) {
  /**
   * Inserts or re-queues URLs for a crawl with the given frontier state, a chunk per statement.
   * Known URLs already in this crawl, or out of scope, are left as they are.
   */
  async function upsertFrontier(
    crawl: Pick<CrawlRow, 'id' | 'organisationId' | 'projectId'>,
    seeds: readonly PageSeed[],
    state: Pick<typeof pages.$inferInsert, 'crawlState'> &
      Partial<
        Pick<typeof pages.$inferInsert, 'status' | 'httpStatus' | 'error' | 'canonicalUrl' | 'lastCrawledAt'>
      >,
  ): Promise<void> {
    // One lock order for every statement (by URL): pages enqueued at once share many links, and
    // two upserts locking the same rows in different orders deadlock on PostgreSQL.
    const sorted = [...seeds].sort((a, b) =>
      a.normalisedUrl < b.normalisedUrl ? -1 : a.normalisedUrl > b.normalisedUrl ? 1 : 0,
    );
    for (let i = 0; i < sorted.length; i += INSERT_CHUNK) {
      const chunk = sorted.slice(i, i + INSERT_CHUNK);
      await db
        .insert(pages)
        .values(
          chunk.map((s) => ({
            organisationId: crawl.organisationId,
            projectId: crawl.projectId,
            url: s.url,
            normalisedUrl: s.normalisedUrl,
            hostname: s.hostname,
            depth: s.depth ?? 0,
            crawlId: crawl.id,
            ...state,
          })),
        )
        .onConflictDoUpdate({
          target: [pages.projectId, pages.normalisedUrl],
          set: { crawlId: crawl.id, claimedBy: null, claimedAt: null, ...state },
          setWhere: sql`${pages.inScope} and (${pages.crawlId} is null or ${pages.crawlId} <> ${crawl.id})`,
        });
    }
  }

  return {
    async insert(values: typeof crawls.$inferInsert): Promise<CrawlRow> {
      const [row] = await db.insert(crawls).values(values).returning();
      if (!row) throw new Error('insert into crawls returned no row');
      return row;
    },

    async findById(id: string): Promise<CrawlRow | undefined> {
      const [row] = await db.select().from(crawls).where(eq(crawls.id, id)).limit(1);
      return row;
    },

    async findLast(projectId: string): Promise<CrawlRow | undefined> {
      const [row] = await db
        .select()
        .from(crawls)
        .where(eq(crawls.projectId, projectId))
        .orderBy(desc(crawls.createdAt), desc(crawls.id))
        .limit(1);
      return row;
    },

    async findActive(projectId: string): Promise<CrawlRow | undefined> {
      const [row] = await db
        .select()
        .from(crawls)
        .where(and(eq(crawls.projectId, projectId), inArray(crawls.status, ['INACTIVE', 'ACTIVE'])))
        .limit(1);
      return row;
    },

    /** Moves a crawl from one of `from` to `to`; answers undefined when it was elsewhere. */
    async transition(
      id: string,
      from: readonly CrawlStatus[],
      to: CrawlStatus,
      extra: Partial<typeof crawls.$inferInsert> = {},
    ): Promise<CrawlRow | undefined> {
      const [row] = await db
        .update(crawls)
        .set({ ...extra, status: to })
        .where(and(eq(crawls.id, id), inArray(crawls.status, [...from])))
        .returning();
      return row;
    },

    async update(id: string, patch: Partial<typeof crawls.$inferInsert>): Promise<void> {
      await db.update(crawls).set(patch).where(eq(crawls.id, id));
    },

    /**
     * Queues URLs for a crawl: new URLs are inserted, known ones are re-queued unless this crawl
     * already has them (so each URL is fetched at most once per crawl). Out-of-scope URLs stay out.
     */
    async enqueue(
      crawl: Pick<CrawlRow, 'id' | 'organisationId' | 'projectId'>,
      seeds: readonly PageSeed[],
    ): Promise<void> {
      await upsertFrontier(crawl, seeds, { crawlState: 'queued' });
    },

    /**
     * Records URLs of a crawl that must not be fetched (robots.txt) as already done and
     * `skipped`, as a fetch step would have, so they never enter the claim/fetch cycle. Content
     * hash and word counts of a known page are kept, as a skipped fetch keeps them.
     */
    async enqueueSkipped(
      crawl: Pick<CrawlRow, 'id' | 'organisationId' | 'projectId'>,
      seeds: readonly PageSeed[],
      error: string,
      now: Date,
    ): Promise<void> {
      await upsertFrontier(crawl, seeds, {
        crawlState: 'done',
        status: 'skipped',
        httpStatus: null,
        error,
        canonicalUrl: null,
        lastCrawledAt: now,
      });
    },

    /**
     * Claims up to `limit` queued URLs of a crawl for one job run. A run that is retried reclaims
     * what it held; URLs held longer than `staleBefore` by a lost run are taken over.
     */
    async claim(
      crawlId: string,
      jobId: string,
      limit: number,
      now: Date,
      staleBefore: Date,
      /** Take back what this job run held: only at its start (a retry), never while it runs. */
      reclaimOwn = true,
    ): Promise<PageRow[]> {
      const candidates = db
        .select({ id: pages.id })
        .from(pages)
        .where(
          and(
            eq(pages.crawlId, crawlId),
            or(
              eq(pages.crawlState, 'queued'),
              and(
                eq(pages.crawlState, 'fetching'),
                reclaimOwn
                  ? or(eq(pages.claimedBy, jobId), lt(pages.claimedAt, staleBefore))
                  : lt(pages.claimedAt, staleBefore),
              ),
            ),
          ),
        )
        .orderBy(pages.depth, pages.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(pages)
        .set({ crawlState: 'fetching', claimedBy: jobId, claimedAt: now })
        .where(inArray(pages.id, candidates))
        .returning();
    },

    /** Gives claimed URLs back to the queue (a run ended before fetching them). */
    async release(pageIds: readonly string[]): Promise<void> {
      if (pageIds.length === 0) return;
      await db
        .update(pages)
        .set({ crawlState: 'queued', claimedBy: null, claimedAt: null })
        .where(and(inArray(pages.id, [...pageIds]), eq(pages.crawlState, 'fetching')));
    },

    /** URLs a crawl has queued so far, whatever their state (its page limit counts these). */
    async countDiscovered(crawlId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(pages)
        .where(eq(pages.crawlId, crawlId));
      return row?.n ?? 0;
    },

    async countRemaining(crawlId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(pages)
        .where(and(eq(pages.crawlId, crawlId), inArray(pages.crawlState, ['queued', 'fetching'])));
      return row?.n ?? 0;
    },

    /** Counters derived from the frontier, so re-running a batch never counts twice. */
    async refreshCounters(crawlId: string, lastProcessedUrl?: string): Promise<CrawlRow | undefined> {
      const [counts] = await db
        .select({
          discovered: sql<number>`count(*)`.mapWith(Number),
          fetched:
            sql<number>`count(*) filter (where ${pages.crawlState} = 'done' and ${pages.status} = 'fetched')`.mapWith(
              Number,
            ),
          failed:
            sql<number>`count(*) filter (where ${pages.crawlState} = 'done' and ${pages.status} = 'failed')`.mapWith(
              Number,
            ),
        })
        .from(pages)
        .where(eq(pages.crawlId, crawlId));
      const [row] = await db
        .update(crawls)
        .set({
          pagesDiscovered: counts?.discovered ?? 0,
          pagesFetched: counts?.fetched ?? 0,
          pagesFailed: counts?.failed ?? 0,
          ...(lastProcessedUrl ? { lastProcessedUrl } : {}),
        })
        .where(eq(crawls.id, crawlId))
        .returning();
      return row;
    },
  };
}

export type CrawlsRepository = ReturnType<typeof createCrawlsRepository>;
