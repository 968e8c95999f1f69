import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { pages } from './pages';
import { projects } from './projects';

/** A translatable text of a project, stored once per source hash (DESIGN.md §5). */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Insertion order: the crawler stores a page's segments in document order, so lists sorted by
     * seq read like the site and page the same way every time. The editor pages by it (keyset,
     * ADR 0018); translations carry a copy (`segment_seq`) for filters driven by their type.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Plain b-tree column: exact lookups must not go through a trigram index (DESIGN.md §7). */
    sourceHash: text('source_hash').notNull(),
    text: text('text').notNull(),
    /** A segment kind of the engine: text, attribute, title, meta. */
    kind: text('kind').notNull(),
    wordCount: integer('word_count').notNull(),
    /**
     * The page the crawler first found the segment on (MT usage is metered by its host). No foreign
     * key: it costs a check per stored segment, and a reader left-joins the page (gone: null).
     */
    firstPageId: uuid('first_page_id'),
    /** True until translated or acknowledged: first seen in the latest crawl that found it. */
    isNew: boolean('is_new').notNull().default(true),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('segments_project_hash_uq').on(t.projectId, t.sourceHash),
    index('segments_project_seq_idx').on(t.projectId, t.seq),
    // "New Content Available" walks only the new segments, in document order.
    index('segments_project_new_seq_idx')
      .on(t.projectId, t.seq)
      .where(sql`${t.isNew}`),
  ],
);

/**
 * What a page contains (ADR 0025): one row per page, with its segment ids in document order of first
 * occurrence and how often each occurs (parallel arrays: a segment's position is its index). One row
 * per page instead of one per page and segment: the crawler stores ~300 segments per page, and each
 * row with its keys cost more than extracting the page. A deleted segment's id may stay in the
 * arrays until the page is stored again: readers join to `segments`, which drops it.
 */
export const pageSegments = pgTable('page_segments', {
  pageId: uuid('page_id')
    .primaryKey()
    .references(() => pages.id, { onDelete: 'cascade' }),
  // Copies of the page's own (no foreign keys, ADR 0013): the page cascades from both.
  projectId: uuid('project_id').notNull(),
  organisationId: uuid('organisation_id').notNull(),
  segmentIds: uuid('segment_ids').array().notNull(),
  occurrences: integer('occurrences').array().notNull(),
});
