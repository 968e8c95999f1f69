import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

/** Every person who signs in: organisation members, super admins and the human-translation desk. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for platform-wide roles (super admin). */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    /** SHA-256 (hex) of the user's API key: the key itself is shown once and never stored. */
    apikeyHash: text('apikey_hash'),
    /** The key's visible prefix (e.g. `bhk_AbCdEfGh`), to recognise it in the dashboard. */
    apikeyPrefix: text('apikey_prefix'),
    contractAgreed: boolean('contract_agreed').notNull().default(false),
    /** Whether machine translation runs for this user's work (spec §7 /user/update "NMT status"). */
    nmtEnabled: boolean('nmt_enabled').notNull().default(true),
    /** Parliament translators only: the document categories they translate. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Bumped on password reset or sign-out everywhere: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_apikey_hash_idx').on(t.apikeyHash),
    index('users_organisation_idx').on(t.organisationId),
    index('users_role_idx').on(t.role),
  ],
);
