import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A customer organisation: the tenant every customer-owned row belongs to. */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Plan key; the free trial organisation is limited by the free plan (DESIGN.md §4). */
  plan: text('plan').notNull().default('free'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
