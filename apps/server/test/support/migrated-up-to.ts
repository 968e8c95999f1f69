import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrationsFolder, type DbHandle } from '@bhasha/db';
import { createTestDb } from './test-db';

/** A copy of the migrations folder that stops at the migration whose tag starts with `prefix`. */
function migrationsUpTo(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bhasha-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag.startsWith(prefix));
  if (last < 0) throw new Error(`no migration starts with ${prefix}`);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const entry of journal.entries)
    copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

/**
 * A test database (as `createTestDb`: PGlite, or a fresh database on TEST_DATABASE_URL's server)
 * migrated up to and including the migration whose tag starts with `prefix`, so a migration test
 * can store rows as the older schema held them and then run `handle.migrate()` for the rest.
 */
export async function createTestDbMigratedUpTo(prefix: string): Promise<DbHandle & { url: string | null }> {
  const handle = await createTestDb({ migrate: false });
  const folder = migrationsUpTo(prefix);
  try {
    if (handle.url)
      await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return handle;
}
