import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';

/**
 * A mask term of a project (spec: transliterationGlossary): kept as is, transliterated, or
 * translated a fixed way, in one target language or (targetLang '*') in all of them.
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** keep | transliterate | translate. */
    action: text('action').notNull(),
    /** A language code, or '*' for every target language. */
    targetLang: text('target_lang').notNull().default('*'),
    /** The fixed rendering (translate; optional for transliterate: overrides the engine). */
    translation: text('translation'),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('glossary_terms_project_term_uq').on(t.projectId, t.targetLang, t.term),
    index('glossary_terms_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * A custom transliteration pair of a project (spec: project settings, transliteration): a source
 * word and how it is written in one target language; it wins over the built-in engine.
 */
export const transliterationPairs = pgTable(
  'transliteration_pairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased when matched; stored as uploaded. */
    source: text('source').notNull(),
    /** The lower-cased source, the lookup key. */
    sourceKey: text('source_key').notNull(),
    targetLang: text('target_lang').notNull(),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transliteration_pairs_uq').on(t.projectId, t.targetLang, t.sourceKey)],
);
