import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { crawls } from './crawls';
import { organisations } from './organisations';
import { projects } from './projects';

/**
 * A URL of a website project: its place in the scope, its tracking switch, and what the last
 * crawl found there. `crawlState` is the crawl frontier: a URL is fetched at most once per crawl.
 */
export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The URL as first found. */
    url: text('url').notNull(),
    /** The normalised URL (the dedup key). */
    normalisedUrl: text('normalised_url').notNull(),
    hostname: text('hostname').notNull(),
    inScope: boolean('in_scope').notNull().default(true),
    tracked: boolean('tracked').notNull().default(false),
    /** new | fetched | failed | skipped | redirected | duplicate. */
    status: text('status').notNull().default('new'),
    httpStatus: integer('http_status'),
    error: text('error'),
    contentHash: text('content_hash'),
    /** Where a redirect or a canonical link points. */
    canonicalUrl: text('canonical_url'),
    /** The crawl that last queued this URL and its state in it: queued | fetching | done. */
    crawlId: uuid('crawl_id').references(() => crawls.id, { onDelete: 'set null' }),
    crawlState: text('crawl_state'),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    depth: integer('depth').notNull().default(0),
    sourceWordCount: integer('source_word_count').notNull().default(0),
    uniqueWordCount: integer('unique_word_count').notNull().default(0),
    newContentWordCount: integer('new_content_word_count').notNull().default(0),
    segmentCount: integer('segment_count').notNull().default(0),
    lastCrawledAt: timestamp('last_crawled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pages_project_url_uq').on(t.projectId, t.normalisedUrl),
    index('pages_project_host_idx').on(t.projectId, t.hostname),
    index('pages_crawl_state_idx').on(t.crawlId, t.crawlState),
    // The crawl frontier in claim order, queued URLs only: a claim reads its next slice from here
    // instead of sorting every queued URL of the crawl (ADR 0013).
    index('pages_crawl_queued_idx')
      .on(t.crawlId, t.depth, t.createdAt)
      .where(sql`${t.crawlState} = 'queued'`),
    // Finds another URL of the project serving the same content (duplicate detection).
    index('pages_project_content_idx').on(t.projectId, t.contentHash),
    // The URLs redirecting to a page, which the scope list folds under it (ADR 0039).
    index('pages_project_redirect_target_idx')
      .on(t.projectId, t.canonicalUrl, t.normalisedUrl)
      .where(sql`${t.status} = 'redirected'`),
  ],
);

/** A fetched version of a tracked page (the tracking files of spec §7). */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    html: text('html').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_versions_page_hash_uq').on(t.pageId, t.contentHash),
    index('page_versions_page_idx').on(t.pageId, t.fetchedAt),
  ],
);
