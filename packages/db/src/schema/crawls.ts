import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';

/** One crawl of a website project (spec §4 "Crawling": INACTIVE, ACTIVE, FAILED, COMPLETED). */
export const crawls = pgTable(
  'crawls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** A CRAWL_STATUS value of the contract. */
    status: text('status').notNull().default('INACTIVE'),
    initUrl: text('init_url').notNull(),
    /** robots.txt of each host as fetched when the crawl started, keyed by origin (null: none). */
    robots: jsonb('robots').$type<Record<string, string | null>>().notNull().default({}),
    pagesDiscovered: integer('pages_discovered').notNull().default(0),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    pagesFailed: integer('pages_failed').notNull().default(0),
    lastProcessedUrl: text('last_processed_url'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crawls_project_idx').on(t.projectId, t.createdAt)],
);
