import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A customer organisation: the tenant every customer-owned row belongs to. */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Plan key; the free trial organisation is limited by the free plan (DESIGN.md §4). */
  plan: text('plan').notNull().default('free'),
  /** Plan flag: the organisation has the parliament document workspace (house admins and translators). */
  parliamentWorkspace: boolean('parliament_workspace').notNull().default(false),
  /** The organisation's default machine translation engine id (projects and calls may override). */
  mtEngine: text('mt_engine'),
  website: text('website'),
  details: text('details'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
