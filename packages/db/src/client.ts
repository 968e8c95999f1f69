import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { restrictToOwner } from './owner-only';
import { rememberPgliteEngine } from './pglite-prepared-statement';
import * as schema from './schema';

/** The Drizzle database every repository receives, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows answered by a raw SQL call. */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** Runs SQL the way pg-boss expects (`executeSql(text, values)`), for either engine. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** The connection string when the engine is PostgreSQL (pg-boss opens its own pool there). */
  connectionString: string | null;
  /** The connection pool when the engine is PostgreSQL (the socket.io adapter shares it). */
  pool: pg.Pool | null;
  migrate(): Promise<void>;
  /** PGlite only: the data directory as a tarball, for `pgliteTemplate`. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite files; the value `memory` keeps the database in memory (tests). */
  pgliteDir?: string;
  /**
   * A PGlite data directory (`dumpDataDir`'s tarball) to start an in-memory database from instead
   * of an empty cluster: tests load one already migrated rather than migrating every file's.
   */
  pgliteTemplate?: Blob;
}

/** Where drizzle-kit's migrations live, found through the package so bundles resolve it too. */
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@bhasha/db/package.json')),
  'migrations',
);

// Any fixed number shared by every process that migrates the same database.
const MIGRATION_LOCK_KEY = 727_274_001;

/** Opens the database: PostgreSQL when a URL is given, PGlite (file or memory) otherwise. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl);
  return createPglite(options.pgliteDir ?? 'memory', options.pgliteTemplate);
}

async function createPglite(dir: string, template: Blob | undefined): Promise<DbHandle> {
  // Loaded only when used: PGlite and its WebAssembly engine add about 45 MB to a process's
  // memory, which a process on PostgreSQL (production, the crawl worker) never needs.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  // Owner-only: the database files are the organisation's content, API key hashes and sessions.
  if (dir !== 'memory') mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client =
    dir === 'memory'
      ? await PGlite.create({ extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) })
      : await PGlite.create(dir, { extensions: { pg_trgm } });
  // PGlite copies its initial cluster with modes 0666/0644 regardless of the umask; files the
  // engine creates later are 0600. Tightened on every open, which also fixes an older tree.
  if (dir !== 'memory') restrictToOwner(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  rememberPgliteEngine(db, client);
  return {
    db,
    kind: 'pglite',
    connectionString: null,
    pool: null,
    // PGlite refuses several statements in one prepared query (DESIGN.md §7): parameterless SQL,
    // which is how pg-boss sends its multi-statement scripts, goes through `exec`.
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
    },
  };
}

function createPostgres(connectionString: string): DbHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client the server terminates (restart, failover, DROP DATABASE … FORCE) emits
  // 'error' on the pool; unhandled, that would crash the process. The pool replaces the client.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    connectionString,
    pool,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async migrate() {
      // Several servers may start together against one database: one migrates, the rest wait.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
