import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';

/** Website delivery settings of a project that the snippet and the proxy read (issue 8). */
export const deliverySettings = pgTable('delivery_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** The language switcher's CSS as the customer wrote it (snippet/pop-up/css/update), checked when saved. */
  popupCss: text('popup_css').notNull().default(''),
  /** Bumped by snippet/cache/clear: part of every delivery ETag, so every cached answer goes stale. */
  cacheVersion: integer('cache_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Page views of translated (and source) pages per day, URL and language, counted by the snippet. */
export const siteVisits = pgTable(
  'site_visits',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** UTC day of the visits. */
    day: date('day', { mode: 'string' }).notNull(),
    hostname: text('hostname').notNull(),
    /** The page's normalised URL (no fragment, no tracking parameters). */
    url: text('url').notNull(),
    language: text('language').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.day, t.url, t.language] }),
    index('site_visits_project_host_idx').on(t.projectId, t.hostname, t.day),
  ],
);
