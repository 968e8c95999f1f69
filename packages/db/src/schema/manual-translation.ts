import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';
import { users } from './users';

/**
 * A human translation (Prabandhak) order: strings of one project, in one or more target
 * languages, with the status of spec §4 (ADR 0026). The order outlives its project: the project
 * id is cleared (and the status becomes projectDeleted, by trigger) when the project goes.
 */
export const manualTranslationRequests = pgTable(
  'manual_translation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The project's name when ordered, so an order of a deleted project still says what it was. */
    projectName: text('project_name').notNull(),
    targetLanguages: text('target_languages').array().notNull(),
    segmentCount: integer('segment_count').notNull(),
    /** Source words of the strings when ordered (what the order is priced on, per language). */
    wordCount: integer('word_count').notNull(),
    /** A MANUAL_TRANSLATION_STATUS value; changed only through the service's status machine. */
    status: text('status').notNull().default('pendingManualTranslation'),
    note: text('note'),
    rejectionReason: text('rejection_reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manual_translation_requests_org_created_idx').on(t.organisationId, t.createdAt.desc()),
    index('manual_translation_requests_project_created_idx').on(t.projectId, t.createdAt.desc()),
    // The desk's queue: open orders across organisations.
    index('manual_translation_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pendingManualTranslation', 'processingManualTranslation')`),
  ],
);

/**
 * The strings of an order, copied when it was made: a re-crawl that drops a segment must not
 * change what was ordered and priced.
 */
export const manualTranslationRequestSegments = pgTable(
  'manual_translation_request_segments',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => manualTranslationRequests.id, { onDelete: 'cascade' }),
    sourceHash: text('source_hash').notNull(),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull(),
    /** The segment's document order in the project when ordered (segments.seq). */
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.sourceHash] }),
    index('manual_translation_request_segments_order_idx').on(t.requestId, t.position),
  ],
);
