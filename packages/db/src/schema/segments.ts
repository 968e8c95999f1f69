import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
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

/** Where a segment occurs: one row per page and segment, with how often. */
export const segmentOccurrences = pgTable(
  'segment_occurrences',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    // No foreign keys on these two (ADR 0013): they are implied by the page, whose own keys
    // cascade from the project and organisation, so a delete still removes every occurrence;
    // checking them cost the crawler most of its per-row insert time (~300 rows per page).
    projectId: uuid('project_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    /** Position of the first occurrence in the page. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.segmentId] }),
    index('segment_occurrences_segment_idx').on(t.segmentId),
  ],
);
