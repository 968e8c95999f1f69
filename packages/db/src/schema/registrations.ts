import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';
import { users } from './users';

/**
 * A free-trial registration between 'Send OTP' and onboarding (spec §4). The client holds the
 * authentication code; only its SHA-256 is stored. Onboarding sets `completed_at` exactly once.
 */
export const registrations = pgTable('registrations', {
  id: uuid('id').primaryKey().defaultRandom(),
  authenticationCodeHash: text('authentication_code_hash').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  websiteUrl: text('website_url').notNull(),
  languages: text('languages').array().notNull(),
  passwordHash: text('password_hash').notNull(),
  ip: text('ip'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time passwords sent by SMS (bound to a registration) or by e-mail (bound to the
 * verifyEmailToken the client holds, whose SHA-256 is `token_hash`). The code itself is stored
 * as an HMAC under the server secret. Rows also serve as the send counters per destination and IP.
 */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'sms' | 'email'. */
    channel: text('channel').notNull(),
    /** The 10-digit mobile number or the lower-case e-mail id. */
    destination: text('destination').notNull(),
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a newer OTP replaces this one, or when it could not be delivered. */
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otps_destination_idx').on(t.channel, t.destination, t.createdAt),
    index('otps_ip_idx').on(t.ip, t.createdAt),
    index('otps_registration_idx').on(t.registrationId, t.createdAt),
  ],
);
