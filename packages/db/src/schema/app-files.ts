import {
  boolean,
  customType,
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
import { users } from './users';

/** Raw bytes (an uploaded file kept exactly as it came: `.strings` may be UTF-16). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A string file of a mobile-app project (ADR 0048), by its path in the app's repository. */
export const appFiles = pgTable(
  'app_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** A RESOURCE_FORMATS value of the engine. */
    format: text('format').notNull(),
    /** The current version (the newest row of `app_file_versions`). */
    version: integer('version').notNull().default(1),
    stringCount: integer('string_count').notNull().default(0),
    wordCount: integer('word_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_files_project_path_uq').on(t.projectId, t.path)],
);

/** Every uploaded version of a file, with its bytes: an export writes into the current one. */
export const appFileVersions = pgTable(
  'app_file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => appFiles.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    stringCount: integer('string_count').notNull(),
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    removed: integer('removed').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_file_versions_file_version_uq').on(t.fileId, t.version)],
);

/**
 * A translatable unit of a file's current version: its segment is the project's segment of the
 * same source hash (no foreign key: a segment deleted from the editor leaves the unit, which then
 * exports its source text).
 */
export const appFileUnits = pgTable(
  'app_file_units',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => appFiles.id, { onDelete: 'cascade' }),
    /** The engine's unit id: unique in the file, stable across its versions. */
    unitId: text('unit_id').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    sourceHash: text('source_hash').notNull(),
    comment: text('comment'),
    maxLength: integer('max_length'),
    plural: boolean('plural').notNull().default(false),
    /** The hash the unit had before its text changed; its carried translation awaits review. */
    carriedFromHash: text('carried_from_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.unitId] }),
    index('app_file_units_project_hash_idx').on(t.projectId, t.sourceHash),
  ],
);
