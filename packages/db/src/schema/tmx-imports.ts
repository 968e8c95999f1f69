import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';
import { users } from './users';

/**
 * A TMX import (issue 6; ADR 0019): the upload is stored in the data directory and a pg-boss job
 * streams it in. The counters are those of units already committed, so a job that runs again
 * after its worker died skips `unitsRead` units and stores nothing twice.
 */
export const tmxImports = pgTable(
  'tmx_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sourceLang: text('source_lang').notNull(),
    targetLang: text('target_lang').notNull(),
    overwrite: boolean('overwrite').notNull().default(false),
    /** The stored upload, relative to the data directory; removed when the import ends. */
    filePath: text('file_path').notNull(),
    fileBytes: integer('file_bytes').notNull().default(0),
    /** queued | running | completed | failed. */
    status: text('status').notNull().default('queued'),
    /** Units of the file read so far (committed: a resumed job skips them). */
    unitsRead: integer('units_read').notNull().default(0),
    /** Translations written to segments of the project. */
    applied: integer('applied').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    addedToMemory: integer('added_to_memory').notNull().default(0),
    /** Units without both languages. */
    skipped: integer('skipped').notNull().default(0),
    /** Units the file holds (known once the upload has been checked). */
    unitsTotal: integer('units_total').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tmx_imports_project_idx').on(t.projectId, t.createdAt)],
);
