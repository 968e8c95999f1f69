import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

/**
 * The website host of a base URL in SQL: lower-case, without scheme, `www.`, port or path. The
 * same expression backs the index and the "project exists" lookup.
 */
export const projectBaseHostSql = (column: unknown) =>
  sql`lower(substring(${column} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\\.)?([^/:?#]+)'))`;

/**
 * A translation project. Minimal for now (the free-trial onboarding creates its website
 * project, spec §3 freeOrgProjectId); the projects feature extends it.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A PROJECT_TYPES value of the contract. */
    type: text('type').notNull().default('website'),
    baseUrl: text('base_url').notNull(),
    sourceLanguage: text('source_language').notNull().default('en'),
    targetLanguages: text('target_languages').array().notNull().default(sql`'{}'::text[]`),
    /** A PROJECT_CREATION_STATUS value of the contract. */
    status: text('status').notNull().default('partialCreated'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_organisation_idx').on(t.organisationId),
    index('projects_base_host_idx').on(projectBaseHostSql(t.baseUrl)),
  ],
);
