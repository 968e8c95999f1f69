import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '@bhasha/db';

/**
 * A fresh, migrated database for one test file (unmigrated with `migrate: false`): PGlite in memory, or, when TEST_DATABASE_URL
 * names a PostgreSQL server (CI), a new database there that is dropped on close.
 */
export async function createTestDb(
  options: { migrate?: boolean } = {},
): Promise<DbHandle & { url: string | null }> {
  const { migrate = true } = options;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDb({ pgliteDir: 'memory' });
    if (migrate) await handle.migrate();
    return Object.assign(handle, { url: null });
  }
  const name = `bhasha_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  if (migrate) await handle.migrate();
  const close = handle.close.bind(handle);
  return Object.assign(handle, {
    url: url.toString(),
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  });
}
