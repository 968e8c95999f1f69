import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projects } from './projects';
import { segments } from './segments';
import { users } from './users';

/** What an NMT apply call asked for, as recorded when it was accepted (ADR 0009). */
export interface MtRunOptions {
  /** Which existing translation types the run may replace (`tp`). */
  tp: string;
  /** How the segments were chosen (`origin`). */
  origin: string;
  /** Engine id of the deployment (`nmtService`, resolved); `transliteration` for the built-in engine. */
  engine: string;
  /** `transliterate`: the run writes the source in the target script; absent: machine translation. */
  mode?: 'translate' | 'transliterate';
}

/**
 * One /translation/nmt/apply call: its state, counters and the error users see. `requestId` is the
 * client's idempotency key: the same key for the same project never starts a second run.
 */
export const mtRuns = pgTable(
  'mt_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sourceLang: text('source_lang').notNull(),
    targetLang: text('target_lang').notNull(),
    options: jsonb('options').$type<MtRunOptions>().notNull(),
    /** queued | running | completed | failed. */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    translated: integer('translated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Segments whose engine answer was unusable and kept their previous text. */
    unchanged: integer('unchanged').notNull().default(0),
    /** The user-facing reason of a failed run. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mt_runs_project_request_uq').on(t.projectId, t.requestId),
    index('mt_runs_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * The segments of a run and how far each got: the job works through `pending` rows only, so a run
 * restarted after a crash never sends a finished segment again.
 */
export const mtRunItems = pgTable(
  'mt_run_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => mtRuns.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    /**
     * pending | received | translated | skipped | unchanged. `received`: the engine answered and
     * its usage is metered (in the same transaction), the translation is not stored yet; a resumed
     * run stores `result` without asking the engine again, so a chunk is never metered twice.
     */
    state: text('state').notNull().default('pending'),
    /** The engine's translation while `received`; null for an unusable answer (kept unchanged). */
    result: text('result'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.segmentId] }),
    index('mt_run_items_state_idx').on(t.runId, t.state),
  ],
);

/**
 * NMT usage per project, domain, month and engine (spec: NMT calls, characters and words per
 * domain), added to as each batch is stored; read by the dashboard and plan limits.
 */
export const mtUsage = pgTable(
  'mt_usage',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-case host the segments were found on (the project's base host when unknown). */
    domain: text('domain').notNull(),
    /** `YYYY-MM` in UTC. */
    month: text('month').notNull(),
    engine: text('engine').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
    segments: bigint('segments', { mode: 'number' }).notNull().default(0),
    characters: bigint('characters', { mode: 'number' }).notNull().default(0),
    words: bigint('words', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.domain, t.month, t.engine] }),
    index('mt_usage_organisation_month_idx').on(t.organisationId, t.month),
  ],
);
