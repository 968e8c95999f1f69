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
import { projects } from './projects';
import { segments } from './segments';
import { users } from './users';

/*
 * Translation memory of DESIGN.md §5 (ADR 0007): one row per (segment, target language), every
 * saved version in `translation_revisions`, and counts per bucket maintained by triggers of
 * migration `translation_count_triggers` in the same transaction as the change that moves them.
 * A segment without a row in a language counts as NO_TRANSLATION_AVAILABLE.
 */

/** The current translation of a segment in one target language. */
export const translations = pgTable(
  'translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    /** Copy of the segment's hash: exact lookups across projects on a plain b-tree (DESIGN.md §7). */
    sourceHash: text('source_hash').notNull(),
    targetLang: text('target_lang').notNull(),
    text: text('text').notNull(),
    /** A TRANSLATION_TYPES value: USER | MACHINE | PBK | NO_TRANSLATION_AVAILABLE. */
    type: text('type').notNull(),
    /** A DISPLAY_TYPES value: translation | t13n. */
    displayType: text('display_type').notNull().default('translation'),
    /** A TRANSLATION_ORIGIN_VALUES value: what made the current version. */
    origin: text('origin').notNull(),
    /** Copies of the segment's figures, kept by trigger, so counts move without a join. */
    wordCount: integer('word_count').notNull().default(0),
    charCount: integer('char_count').notNull().default(0),
    segmentIsNew: boolean('segment_is_new').notNull().default(false),
    /** Copy of the segment's `seq` (set by trigger on insert): type filters page in document order by index. */
    segmentSeq: bigint('segment_seq', { mode: 'number' }).notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Optimistic concurrency: +1 on every save; a stale save still saves (ADR 0007). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('translations_segment_lang_uq').on(t.segmentId, t.targetLang),
    // A type filter of the editor reads one range of this index in document order (ADR 0018).
    index('translations_project_lang_type_seq_idx').on(t.projectId, t.targetLang, t.type, t.segmentSeq),
    index('translations_project_lang_t13n_seq_idx')
      .on(t.projectId, t.targetLang, t.segmentSeq)
      .where(sql`${t.displayType} = 't13n'`),
    index('translations_org_hash_idx').on(t.organisationId, t.sourceHash, t.targetLang),
    // Fuzzy indexes catch up with what changed since they last looked (ADR 0011).
    index('translations_org_updated_idx').on(t.organisationId, t.updatedAt),
  ],
);

/** Every saved version of a translation; removed only with its project. */
export const translationRevisions = pgTable(
  'translation_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** No foreign key: revisions outlive a segment removed from the site or a deleted language. */
    segmentId: uuid('segment_id').notNull(),
    sourceHash: text('source_hash').notNull(),
    targetLang: text('target_lang').notNull(),
    text: text('text').notNull(),
    type: text('type').notNull(),
    displayType: text('display_type').notNull(),
    origin: text('origin').notNull(),
    /** The translation's version this revision records. */
    version: integer('version').notNull(),
    /** An explicit checkpoint (translation/revision/create) rather than a change. */
    checkpoint: boolean('checkpoint').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('translation_revisions_entry_idx').on(t.projectId, t.sourceHash, t.targetLang, t.createdAt)],
);

/**
 * Segments and words per (project, language, type, display type), for translation rows only;
 * the untranslated bucket is the project total minus the others. Maintained by trigger.
 */
export const translationCounts = pgTable(
  'translation_counts',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    targetLang: text('target_lang').notNull(),
    type: text('type').notNull(),
    displayType: text('display_type').notNull(),
    segmentCount: bigint('segment_count', { mode: 'number' }).notNull().default(0),
    wordCount: bigint('word_count', { mode: 'number' }).notNull().default(0),
    charCount: bigint('char_count', { mode: 'number' }).notNull().default(0),
    newSegmentCount: bigint('new_segment_count', { mode: 'number' }).notNull().default(0),
    newWordCount: bigint('new_word_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.targetLang, t.type, t.displayType] })],
);

/** Segments, words and characters of a project, and of its new segments. Maintained by trigger. */
export const projectSegmentTotals = pgTable('project_segment_totals', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  segmentCount: bigint('segment_count', { mode: 'number' }).notNull().default(0),
  wordCount: bigint('word_count', { mode: 'number' }).notNull().default(0),
  charCount: bigint('char_count', { mode: 'number' }).notNull().default(0),
  newSegmentCount: bigint('new_segment_count', { mode: 'number' }).notNull().default(0),
  newWordCount: bigint('new_word_count', { mode: 'number' }).notNull().default(0),
});

/**
 * Organisation memory not tied to a live segment: translations kept when a project is deleted
 * with keepTm (copied by trigger), and units imported into the organisation's TM.
 */
export const memoryEntries = pgTable(
  'memory_entries',
  {
    /**
     * An identity, not a random uuid: each insert appends to the primary key's last page instead of
     * dirtying a random one (ADR 0019: the server's CPU for 1 M upserted rows 18-24 s instead of 35 s).
     */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign key: its check was a query per inserted row (4-9 s of the server's CPU per million
     * imported units, ADR 0019). Writers lock the organisation once per statement instead
     * (FOR KEY SHARE, as the check did) and `organisations_memory_delete` (migration 0024) deletes
     * an organisation's entries with it, as the cascade did.
     */
    organisationId: uuid('organisation_id').notNull(),
    sourceLang: text('source_lang').notNull(),
    targetLang: text('target_lang').notNull(),
    sourceHash: text('source_hash').notNull(),
    /**
     * The entry's unique key: the first 64 bits of SHA-256 over organisation, languages and source
     * hash (`bhasha_memory_key`, migration 0023), so the unique index is one narrow bigint instead of
     * uuid + two languages + 64 hex characters (ADR 0019: the server's CPU per million
     * upserted rows about halved). Null for an entry whose key another entry already holds (a
     * 64-bit collision) or that was written without one; those are unique by
     * `memory_entries_unkeyed_uq` and every reader looks there too.
     */
    entryKey: bigint('entry_key', { mode: 'bigint' }),
    sourceText: text('source_text').notNull(),
    text: text('text').notNull(),
    type: text('type').notNull(),
    displayType: text('display_type').notNull().default('translation'),
    /** keptProject | tmx. */
    origin: text('origin').notNull(),
    /** The project it came from (gone once deleted, so no foreign key). */
    sourceProjectId: uuid('source_project_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memory_entries_entry_key_uq').on(t.entryKey),
    uniqueIndex('memory_entries_unkeyed_uq')
      .on(t.organisationId, t.sourceLang, t.targetLang, t.sourceHash)
      .where(sql`entry_key is null`),
    index('memory_entries_org_updated_idx').on(t.organisationId, t.updatedAt),
  ],
);

/** A visitor's proposed translation (spec §4 suggestion statuses: new, inprocess, accepted, rejected). */
export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id').references(() => segments.id, { onDelete: 'set null' }),
    sourceHash: text('source_hash').notNull(),
    sourceText: text('source_text').notNull(),
    targetLang: text('target_lang').notNull(),
    text: text('text').notNull(),
    /** The translation shown to the visitor when they suggested. */
    currentTarget: text('current_target').notNull().default(''),
    status: text('status').notNull().default('new'),
    url: text('url'),
    /** Visitor's name or e-mail as given, if any. */
    suggestedBy: text('suggested_by'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suggestions_project_idx').on(t.projectId, t.status, t.createdAt)],
);

/** A visitor's feedback on a translated page. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    targetLang: text('target_lang'),
    url: text('url'),
    sourceHash: text('source_hash'),
    rating: integer('rating'),
    comment: text('comment').notNull().default(''),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_project_idx').on(t.projectId, t.createdAt)],
);
