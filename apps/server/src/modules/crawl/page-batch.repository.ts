import { sql, type SQL } from 'drizzle-orm';
import { pages, pageVersions, type Database } from '@bhasha/db';
import type { PageSeed } from '../scope/pages.repository';
import { pgArray } from '../../lib/pg-array';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import type { PageRow } from './crawls.repository';
import { rowsOf } from '../../lib/rows-of';
import {
  clearPagesStatement,
  createSegmentsRepository,
  type PageWordCounts,
  type SegmentCache,
  type SegmentFacts,
} from './segments.repository';

/** What fetching one URL gave: the page row's new state, minus what only storing can decide. */
export interface PageOutcome {
  status: string;
  httpStatus?: number;
  error?: string;
  canonicalUrl?: string;
  contentHash?: string;
  links: PageSeed[];
}

/** One fetched URL on its way to the database. */
export interface FetchedPage {
  page: PageRow;
  outcome: PageOutcome;
  /** The page served HTML of its own (not a canonical pointer elsewhere). */
  hasContent: boolean;
  /** Its segments; null when the content is unchanged since the last crawl (nothing to redo). */
  segments: SegmentFacts[] | null;
  /** The HTML, kept only for tracked URLs (their versions are stored). */
  versionHtml?: string;
}

type Cell = string | number | null;

/**
 * The page rows' columns, in one pass over the batch. Module-level and without callbacks: closures
 * made per call (the `column` and `countOf` helpers this replaced) lose their optimised code at
 * every full collection and run unoptimised until TurboFan compiles them again (ADR 0013).
 */
function pageRowColumns(
  fetched: readonly FetchedPage[],
  counts: ReadonlyMap<string, Partial<PageWordCounts>>,
) {
  const columns = {
    ids: [] as Cell[],
    statuses: [] as Cell[],
    httpStatuses: [] as Cell[],
    errors: [] as Cell[],
    canonicalUrls: [] as Cell[],
    contentHashes: [] as Cell[],
    sourceWordCounts: [] as Cell[],
    uniqueWordCounts: [] as Cell[],
    newContentWordCounts: [] as Cell[],
    segmentCounts: [] as Cell[],
  };
  for (const f of fetched) {
    const { outcome } = f;
    const pageCounts = counts.get(f.page.id);
    columns.ids.push(f.page.id);
    columns.statuses.push(outcome.status);
    columns.httpStatuses.push(outcome.httpStatus ?? null);
    columns.errors.push(outcome.error ?? null);
    columns.canonicalUrls.push(outcome.canonicalUrl ?? null);
    columns.contentHashes.push(outcome.contentHash ?? null);
    columns.sourceWordCounts.push(pageCounts?.sourceWordCount ?? null);
    columns.uniqueWordCounts.push(pageCounts?.uniqueWordCount ?? null);
    columns.newContentWordCounts.push(pageCounts?.newContentWordCount ?? null);
    columns.segmentCounts.push(pageCounts?.segmentCount ?? null);
  }
  return columns;
}

/**
 * Stores a batch of fetched pages of one crawl in one transaction, in a constant number of
 * statements: content twins, segments and occurrences, versions of tracked pages, page rows.
 * The caller runs it inside a transaction; `outcome`s are updated in place (a twin becomes
 * `duplicate`). `frontier`: the batch's links as frontier upserts (`frontierWrites`, none of the
 * batch's own URLs), run in the page rows' statement; answers how many URLs joined the crawl.
 */
export async function storeFetchedPages(
  tx: Database,
  context: {
    crawlId: string;
    organisationId: string;
    projectId: string;
    /** Large array parameters in PostgreSQL's binary format (node-postgres only, not PGlite). */
    binaryArrays?: boolean;
  },
  fetched: readonly FetchedPage[],
  now: Date,
  cache: SegmentCache,
  events: RealtimeEmitter,
  frontier: readonly SQL[] = [],
): Promise<number> {
  if (fetched.length === 0) return 0;
  // One writer per project at a time: "is there a twin?" and "I am the original" become one step,
  // and concurrent upserts of the same segments (menus, footers) cannot deadlock.
  // The same statement makes this transaction's commit asynchronous (it does not wait for the
  // WAL flush; PostgreSQL §30.4): a database crash may lose the last few hundred milliseconds
  // of committed batches, never part of one, and never anything a later synchronous commit
  // (the job queue's, which ends and hands over every batch job) was ordered after. The pages of
  // a lost batch are still claimed by their job, which is retried and takes them back.
  await tx.execute(
    sql`select set_config('synchronous_commit', 'off', true),
      pg_advisory_xact_lock(hashtextextended(${`crawl-store:${context.projectId}`}, 0))`,
  );

  const withContent = fetched.filter((f) => f.hasContent && f.outcome.contentHash);
  // Two URLs serving the same page (`/a` and `/a/`, index.html): count its words once. The one
  // that was the original before stays the original.
  if (withContent.length > 0) {
    const hashes = [...new Set(withContent.map((f) => f.outcome.contentHash!))];
    const result = await tx.execute(sql`
      select content_hash, normalised_url from ${pages}
      where project_id = ${context.projectId} and status = 'fetched'
        and content_hash = any(${pgArray(hashes)}::text[])
        and id <> all(${pgArray(fetched.map((f) => f.page.id))}::uuid[])`);
    const originals = new Map<string, string>();
    for (const row of rowsOf<{ content_hash: string; normalised_url: string }>(result)) {
      if (!originals.has(row.content_hash)) originals.set(row.content_hash, row.normalised_url);
    }
    const wasOriginal = (f: FetchedPage) =>
      f.page.status === 'fetched' && f.page.contentHash === f.outcome.contentHash ? 0 : 1;
    for (const f of [...withContent].sort((a, b) => wasOriginal(a) - wasOriginal(b))) {
      const twin = originals.get(f.outcome.contentHash!);
      if (twin !== undefined) {
        f.outcome.status = 'duplicate';
        f.outcome.canonicalUrl = twin;
        f.hasContent = false;
      } else originals.set(f.outcome.contentHash!, f.page.normalisedUrl);
    }
  }

  const counts = new Map<string, Partial<PageWordCounts>>();
  const segmentsRepo = createSegmentsRepository(tx, { binaryArrays: context.binaryArrays });
  const toReplace = fetched.filter((f) => f.hasContent && f.segments !== null);
  // Statements writing the pages' occurrence rows; the last one runs inside the page rows' update.
  const occurrenceWrites: SQL[] = [];
  if (toReplace.length > 0) {
    const stored = await segmentsRepo.storeSegmentsOfPages(
      { organisationId: context.organisationId, projectId: context.projectId },
      toReplace.map((f) => ({ pageId: f.page.id, segments: f.segments! })),
      now,
      cache,
      events,
    );
    for (const [pageId, pageCounts] of stored.counts) counts.set(pageId, pageCounts);
    occurrenceWrites.push(...stored.occurrenceUpserts);
  }
  // A page whose content is unchanged keeps its occurrences; its counts are recounted here, since
  // the crawl's end recounts only pages this writer did not store (is_new may have changed since
  // they were counted: the crawl's start marks every segment seen).
  await segmentsRepo.recountPages(context.projectId, {
    pageIds: fetched.filter((f) => f.hasContent && f.segments === null).map((f) => f.page.id),
  });
  // Pages left without content of their own lose their occurrence rows (never one of the pages
  // whose rows are written above: those have content).
  const emptied = fetched.filter((f) => !f.hasContent && f.outcome.status !== 'skipped');
  if (emptied.length > 0) occurrenceWrites.push(clearPagesStatement(emptied.map((f) => f.page.id)));
  const zero = { sourceWordCount: 0, uniqueWordCount: 0, newContentWordCount: 0, segmentCount: 0 };
  for (const f of emptied) counts.set(f.page.id, zero);

  // A tracked URL keeps each distinct version it served (the tracking files).
  const versions = fetched.filter((f) => f.page.tracked && f.hasContent && f.versionHtml !== undefined);
  if (versions.length > 0) {
    await tx
      .insert(pageVersions)
      .values(
        versions.map((f) => ({
          organisationId: context.organisationId,
          projectId: context.projectId,
          pageId: f.page.id,
          contentHash: f.outcome.contentHash!,
          html: f.versionHtml!,
          fetchedAt: now,
        })),
      )
      .onConflictDoNothing();
  }

  // Every page row in one statement; a count left null keeps the stored one (unchanged content).
  const rows = pageRowColumns(fetched, counts);
  // The occurrence writes and the batch's links go as data-modifying CTEs of the update, one
  // statement instead of two to four per batch (ADR 0013). No two of them write the same
  // row: occurrences are `page_segments` rows, each page's once; the links are URLs other than the
  // batch's, each once. `page_segments`' foreign key to the page is checked at the statement's end,
  // against page rows that exist before it.
  const named = (prefix: string, writes: readonly SQL[]) =>
    writes.map((write, i) => ({ name: sql.raw(`${prefix}_${i}`), write }));
  const links = named('frontier', frontier);
  const ctes = [...named('occurrences', occurrenceWrites), ...links].map(
    ({ name, write }) => sql`${name} as (${write})`,
  );
  const pageRows = sql`update ${pages} p set
      status = t.status,
      http_status = t.http_status,
      error = t.error,
      canonical_url = t.canonical_url,
      content_hash = coalesce(t.content_hash, p.content_hash),
      source_word_count = coalesce(t.source_word_count, p.source_word_count),
      unique_word_count = coalesce(t.unique_word_count, p.unique_word_count),
      new_content_word_count = coalesce(t.new_content_word_count, p.new_content_word_count),
      segment_count = coalesce(t.segment_count, p.segment_count),
      last_crawled_at = ${now.toISOString()}::timestamptz,
      crawl_state = 'done',
      claimed_by = null,
      claimed_at = null
    from unnest(
      ${pgArray(rows.ids)}::uuid[],
      ${pgArray(rows.statuses)}::text[],
      ${pgArray(rows.httpStatuses)}::int[],
      ${pgArray(rows.errors)}::text[],
      ${pgArray(rows.canonicalUrls)}::text[],
      ${pgArray(rows.contentHashes)}::text[],
      ${pgArray(rows.sourceWordCounts)}::int[],
      ${pgArray(rows.uniqueWordCounts)}::int[],
      ${pgArray(rows.newContentWordCounts)}::int[],
      ${pgArray(rows.segmentCounts)}::int[]
    ) as t(id, status, http_status, error, canonical_url, content_hash,
           source_word_count, unique_word_count, new_content_word_count, segment_count)
    where p.id = t.id and p.crawl_id = ${context.crawlId}`;
  if (links.length === 0) {
    await tx.execute(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${pageRows}` : pageRows);
    return 0;
  }
  // The page rows' update becomes a CTE too, so the statement can answer the frontier's count (one
  // row on both engines, as `upsertFrontier` counts).
  const joined = sql.join(
    links.map(({ name }) => sql`select count(*)::int as n from ${name}`),
    sql` union all `,
  );
  const result = await tx.execute(sql`
    with ${sql.join(ctes, sql`, `)}, page_rows as (${pageRows})
    select coalesce(sum(n), 0)::int as n from (${joined}) counts`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
