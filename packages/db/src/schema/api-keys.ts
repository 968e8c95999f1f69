import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';
import { users } from './users';

/**
 * An organisation's API key for machines (ADR 0042): stored as the SHA-256 of the secret with a
 * visible prefix; revoked keys stay (soft) so their audit rows keep a name.
 */
export const organisationApiKeys = pgTable(
  'organisation_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull(),
    /** The key's visible start (e.g. `bhk_live_AbC123`). */
    keyPrefix: text('key_prefix').notNull(),
    /** Subset of read, write, admin. */
    scopes: text('scopes').array().notNull(),
    /** Restricts the key to one project; null: every project of the organisation. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Refreshed at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The admin who created the key: rows the key writes name them as author. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('organisation_api_keys_key_hash_uq').on(table.keyHash),
    index('organisation_api_keys_organisation_idx').on(table.organisationId, table.createdAt),
  ],
);

/** One call made with an organisation API key; rows older than 90 days are pruned. */
export const apiKeyAuditLog = pgTable(
  'api_key_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => organisationApiKeys.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The route pattern (`/api/project/details`), never the query string. */
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('api_key_audit_log_organisation_idx').on(table.organisationId, table.createdAt, table.id),
    index('api_key_audit_log_key_idx').on(table.apiKeyId, table.createdAt),
    index('api_key_audit_log_created_idx').on(table.createdAt),
  ],
);
