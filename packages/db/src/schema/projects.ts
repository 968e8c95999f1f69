import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from './users';

/**
 * The website host of a base URL in SQL: lower-case, without scheme, `www.`, port or path. The
 * same expression backs the index and the "project exists" lookup.
 */
export const projectBaseHostSql = (column: unknown) =>
  sql`lower(substring(${column} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\\.)?([^/:?#]+)'))`;

/** Per-project switches and exclusions (spec §3 cache and meta-tag settings, settings lists). */
export interface ProjectSettings {
  /** Delivery caches translated pages (project/cache/update). */
  cacheEnabled?: boolean;
  /** Meta tags (description, og:*) are translated (project/meta/update). */
  metaEnabled?: boolean;
  /** Further switches set through project/cache/update and project/meta/update by key. */
  flags?: Record<string, boolean>;
  /** CSS selectors never translated (no-translation nodes). */
  noTranslateSelectors?: string[];
  /** Segment texts skipped: exact strings, or `/regex/flags`. */
  ignorePatterns?: string[];
  /** CSS selectors of inputs where the snippet offers the Swalekh keyboard (swalekhIntegration). */
  swalekhSelectors?: string[];
  /** Root font size in CSS pixels per language code while the page is shown in it (custom-font-size). */
  customFontSizes?: Record<string, number>;
  /** Per domain host: what /parser/verifyScriptIntegration last found (1 script, 2 project id) and when. */
  domainVerifications?: Record<string, { level: number; checkedAt: string }>;
  /** Crawl limits. */
  maxPages?: number;
  /** Default machine translation engine (an MT_ENGINES id); absent: the server's default. */
  mtEngine?: string;
  /**
   * Machine translation runs apply fuzzy memory matches at or above this score (50–100, percent)
   * before asking the engine; absent: exact matches only (ADR 0023).
   */
  mtFuzzyThreshold?: number;
  /** Mobile projects: what an exported string file holds for an untranslated string (ADR 0048); absent: 'source'. */
  appFileMissing?: 'source' | 'omit';
}

/** A translation project of one organisation: website, mobile app ('mob'), JSON API or document. */
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
    targetLanguages: text('target_languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A PROJECT_CREATION_STATUS value of the contract; changed only through the status machine. */
    status: text('status').notNull().default('partialCreated'),
    /** A SCOPE_TYPES value: autoCrawl or manual. */
    scopeType: text('scope_type').notNull().default('autoCrawl'),
    /** The canonical URL the base URL declared when last crawled. */
    canonical: text('canonical'),
    lastProcessedUrl: text('last_processed_url'),
    settings: jsonb('settings').$type<ProjectSettings>().notNull().default({}),
    /** Set when deletion was requested: the project is hidden and a job removes it. */
    deletingAt: timestamp('deleting_at', { withTimezone: true }),
    /** Whether deletion keeps the project's translation memory reusable. */
    keepTm: boolean('keep_tm'),
    /**
     * Set when a word recount (project/resync) is queued, cleared when it finishes or fails for
     * good: GET project/wordcount answers `updating` meanwhile, in every web process. A mark older
     * than the recount job's expiry is treated as done (its job was lost).
     */
    wordCountRecountSince: timestamp('word_count_recount_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_organisation_idx').on(t.organisationId, t.createdAt),
    index('projects_base_host_idx').on(projectBaseHostSql(t.baseUrl)),
  ],
);

/** The origins (hosts) of a project: the primary one and any others of a multi-origin project. */
export const projectDomains = pgTable(
  'project_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-case host without port, e.g. `www.example.in`. */
    hostname: text('hostname').notNull(),
    /** `scheme://host[:port]` as the user gave it. */
    origin: text('origin').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Proof of control (ADR 0028): the value the customer publishes in DNS TXT
     * `_bhasha-verify.{hostname}` or at `/.well-known/bhasha-verification.txt`; set when first shown.
     */
    ownershipToken: text('ownership_token'),
    /** When the proof was found; null: the translating proxy does not serve this host for the project. */
    ownershipVerifiedAt: timestamp('ownership_verified_at', { withTimezone: true }),
    /** How the proof was last found: `dns` or `file`. */
    ownershipMethod: text('ownership_method'),
    /** The last check (by the user or the periodic re-check). */
    ownershipCheckedAt: timestamp('ownership_checked_at', { withTimezone: true }),
    /** Re-checks failed in a row since the last success; the verification lapses at a limit. */
    ownershipFailures: integer('ownership_failures').notNull().default(0),
    /** Why the last check failed, shown in the dashboard. */
    ownershipError: text('ownership_error'),
  },
  (t) => [
    uniqueIndex('project_domains_project_host_uq').on(t.projectId, t.hostname),
    // A verified host (with or without `www.`) belongs to one project, whatever the organisation.
    uniqueIndex('project_domains_verified_host_uq')
      .on(sql`regexp_replace(${t.hostname}, '^www\\.', '')`)
      .where(sql`${t.ownershipVerifiedAt} is not null`),
  ],
);

/** Collaborators see only the projects assigned to them. */
export const projectCollaborators = pgTable(
  'project_collaborators',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /**
     * True: the collaborator works on every domain of the project. False: only on the domains
     * listed in project_collaborator_domains (none left after deletions means none, never all).
     */
    allDomains: boolean('all_domains').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_collaborators_user_idx').on(t.userId),
  ],
);
