import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';

/**
 * Translated URL slugs of a website project (spec §7 scope/addUrlTranslations,
 * scope/updateTranslatedUrl): the proxy serves `translated_path` in `language` for the source
 * page at `source_path` and writes it into links. Paths start with `/`, without query or fragment.
 */
export const urlTranslations = pgTable(
  'url_translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    sourcePath: text('source_path').notNull(),
    translatedPath: text('translated_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('url_translations_source_uq').on(t.projectId, t.language, t.sourcePath),
    uniqueIndex('url_translations_translated_uq').on(t.projectId, t.language, t.translatedPath),
    index('url_translations_organisation_idx').on(t.organisationId),
  ],
);
