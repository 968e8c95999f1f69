import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { crawls, pages, type Database } from '@bhasha/db';
import type { CrawlStatus } from '@bhasha/contract';
import type { PageSeed } from '../scope/pages.repository';
import { pgArray } from '../../lib/pg-array';
import { rowsOf } from '../../lib/rows-of';

export type CrawlRow = typeof crawls.$inferSelect;
export type PageRow = typeof pages.$inferSelect;

// URLs per queue statement. Each column travels as one array parameter, so no bind-parameter
// limit applies; the chunk only bounds how many rows one statement locks.
const INSERT_CHUNK = 1000;

type CrawlKeys = Pick<CrawlRow, 'id' | 'organisationId' | 'projectId'>;

/** What a queue statement writes besides the URL: queued for a fetch, or done and skipped. */
export type FrontierState =
  { crawlState: 'queued' } | { crawlState: 'done'; skipped: { error: string; at: Date } };

/**
 * One statement inserting or re-queueing `seeds` (already in lock order) for a crawl. The URLs,
 * hostnames and depths go as one array parameter per column through `unnest`, not a row of
 * parameters per URL: drizzle's `values(rows)` spent ~1.6 s of a 37 s crawl building these.
 * A known URL is re-queued only when it is in scope and not already this crawl's; its URL, host
 * and depth stay as first found.
 */
export function frontierUpsert(crawl: CrawlKeys, seeds: readonly PageSeed[], state: FrontierState): SQL {
  // Written on insert and on re-queue alike (`excluded.*` below).
  const stateColumns: [string, SQL][] = [['crawl_state', sql`${state.crawlState}::text`]];
  if ('skipped' in state)
    stateColumns.push(
      ['status', sql`'skipped'::text`],
      ['http_status', sql`null::int`],
      ['error', sql`${state.skipped.error}::text`],
      ['canonical_url', sql`null::text`],
      ['last_crawled_at', sql`${state.skipped.at.toISOString()}::timestamptz`],
    );
  const names = sql.raw(stateColumns.map(([name]) => name).join(', '));
  const values = sql.join(
    stateColumns.map(([, value]) => value),
    sql`, `,
  );
  const updates = sql.raw(stateColumns.map(([name]) => `${name} = excluded.${name}`).join(', '));
  return sql`
    insert into ${pages} (organisation_id, project_id, url, normalised_url, hostname, depth, crawl_id, ${names})
    select ${crawl.organisationId}::uuid, ${crawl.projectId}::uuid, t.url, t.normalised_url, t.hostname, t.depth,
      ${crawl.id}::uuid, ${values}
    from unnest(
      ${pgArray(seeds.map((s) => s.url))}::text[],
      ${pgArray(seeds.map((s) => s.normalisedUrl))}::text[],
      ${pgArray(seeds.map((s) => s.hostname))}::text[],
      ${pgArray(seeds.map((s) => s.depth ?? 0))}::int[]
    ) with ordinality as t(url, normalised_url, hostname, depth, ord)
    order by t.ord
    on conflict (project_id, normalised_url) do update
      set crawl_id = excluded.crawl_id, claimed_by = null, claimed_at = null, ${updates}
      where ${pages}.in_scope and (${pages}.crawl_id is null or ${pages}.crawl_id <> excluded.crawl_id)`;
}

/** URLs to queue for a crawl and URLs robots.txt disallows (recorded as done and skipped). */
export interface FrontierSeeds {
  allowed: readonly PageSeed[];
  disallowed: readonly PageSeed[];
  /** When disallowed URLs are recorded as skipped. */
  now: Date;
  /** What a disallowed URL's error says. */
  disallowedError: string;
}

// Module-level, not made per call: a per-call closure loses its optimised code at every full
// collection (ADR 0013).
function compareUrls(a: PageSeed, b: PageSeed): number {
  return a.normalisedUrl < b.normalisedUrl ? -1 : a.normalisedUrl > b.normalisedUrl ? 1 : 0;
}

/** Orders seeds by URL: one lock order for every statement (see `upsertFrontier`). */
function byUrl(seeds: readonly PageSeed[]): PageSeed[] {
  return [...seeds].sort(compareUrls);
}

/**
 * The frontier upserts of `seeds`, each `… returning 1` (a row per URL that joined the crawl), a chunk
 * of URLs each, for a caller that runs them as data-modifying CTEs of one statement (the crawl's
 * writer, inside a batch's transaction: ADR 0013). The two sets must not share URLs.
 */
export function frontierWrites(crawl: CrawlKeys, seeds: FrontierSeeds): SQL[] {
  const writes: SQL[] = [];
  const skipped: FrontierState = {
    crawlState: 'done',
    skipped: { error: seeds.disallowedError, at: seeds.now },
  };
  for (const [list, state] of [
    [byUrl(seeds.allowed), { crawlState: 'queued' }],
    [byUrl(seeds.disallowed), skipped],
  ] as const) {
    for (let i = 0; i < list.length; i += INSERT_CHUNK)
      writes.push(sql`${frontierUpsert(crawl, list.slice(i, i + INSERT_CHUNK), state)} returning 1`);
  }
  return writes;
}

/** Crawl records and the crawl frontier (the `crawl_id`/`crawl_state` columns of pages). */
export function createCrawlsRepository(db: Database) {
  /**
   * Inserts or re-queues URLs for a crawl with the given frontier state, a chunk per statement.
   * Known URLs already in this crawl, or out of scope, are left as they are. Answers how many URLs
   * joined the crawl (inserted or re-queued): what `countDiscovered` grew by.
   */
  async function upsertFrontier(
    crawl: CrawlKeys,
    seeds: readonly PageSeed[],
    state: FrontierState,
  ): Promise<number> {
    // One lock order for every statement (by URL): pages enqueued at once share many links, and
    // two upserts locking the same rows in different orders deadlock on PostgreSQL.
    const sorted = byUrl(seeds);
    let joined = 0;
    for (let i = 0; i < sorted.length; i += INSERT_CHUNK) {
      // The count comes back as one row on both engines (their affected-row fields differ).
      const result = await db.execute(sql`
        with joined as (${frontierUpsert(crawl, sorted.slice(i, i + INSERT_CHUNK), state)} returning 1)
        select count(*)::int as n from joined`);
      joined += Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    }
    return joined;
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
     * Answers how many URLs joined the crawl.
     */
    async enqueue(crawl: CrawlKeys, seeds: readonly PageSeed[]): Promise<number> {
      return upsertFrontier(crawl, seeds, { crawlState: 'queued' });
    },

    /**
     * Records URLs of a crawl that must not be fetched (robots.txt) as already done and
     * `skipped`, as a fetch step would have, so they never enter the claim/fetch cycle. Content
     * hash and word counts of a known page are kept, as a skipped fetch keeps them. Answers how
     * many URLs joined the crawl.
     */
    async enqueueSkipped(
      crawl: CrawlKeys,
      seeds: readonly PageSeed[],
      error: string,
      now: Date,
    ): Promise<number> {
      return upsertFrontier(crawl, seeds, { crawlState: 'done', skipped: { error, at: now } });
    },

    /**
     * Claims up to `limit` queued URLs of a crawl for one job run. A run that is retried reclaims
     * what it held; URLs held longer than `staleBefore` by a lost run are taken over (first).
     *
     * Held and queued URLs are two selects with their own limits, so the queued one reads its slice
     * in claim order from `pages_crawl_queued_idx` (a partial index: its predicate is written as a
     * literal so every plan, generic ones included, can use it) instead of sorting every queued URL
     * of the crawl together with the held ones (8-15 ms a claim half-way through 10,000 URLs; ADR
     * 0013). Held URLs are few: `pages_crawl_state_idx` finds them.
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
      const held = db.$with('held').as(
        db
          .select({ id: pages.id })
          .from(pages)
          .where(
            and(
              eq(pages.crawlId, crawlId),
              sql`${pages.crawlState} = 'fetching'`,
              reclaimOwn
                ? or(eq(pages.claimedBy, jobId), lt(pages.claimedAt, staleBefore))
                : lt(pages.claimedAt, staleBefore),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      const queued = db.$with('queued').as(
        db
          .select({ id: pages.id })
          .from(pages)
          .where(and(eq(pages.crawlId, crawlId), sql`${pages.crawlState} = 'queued'`))
          .orderBy(pages.depth, pages.createdAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      return db
        .with(held, queued)
        .update(pages)
        .set({ crawlState: 'fetching', claimedBy: jobId, claimedAt: now })
        .where(sql`${pages.id} in (select id from ${held} union all select id from ${queued} limit ${limit})`)
        .returning();
    },

    /** Gives claimed URLs back to the queue (a run ended before fetching them). */
    async release(pageIds: readonly string[]): Promise<void> {
      if (pageIds.length === 0) return;
      await db
        .update(pages)
        .set({ crawlState: 'queued', claimedBy: null, claimedAt: null })
        // One array parameter, not one per id (a run may give back a whole claim).
        .where(and(sql`${pages.id} = any(${pgArray(pageIds)}::uuid[])`, eq(pages.crawlState, 'fetching')));
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
