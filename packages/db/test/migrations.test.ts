import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb } from '../src';
import { users } from '../src/schema';

// With TEST_DATABASE_URL (CI: the machine's PostgreSQL) each run also migrates a fresh database there.
const postgresUrl = process.env.TEST_DATABASE_URL;

async function checkMigrations(handle: Awaited<ReturnType<typeof createDb>>) {
  await handle.migrate();
  await handle.migrate(); // applying twice is a no-op
  const ext = await handle.executeSql(`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
  expect(ext.rows).toHaveLength(1);
  const sim = await handle.executeSql(`SELECT similarity('namaste duniya', 'namaste dunia') AS s`);
  expect(Number(sim.rows[0]?.s)).toBeGreaterThan(0.5);
  const [row] = await handle.db
    .insert(users)
    .values({ name: 'Asha', email: `asha-${randomUUID()}@example.in`, passwordHash: 'x', role: 'superAdmin' })
    .returning();
  expect(row?.tokenVersion).toBe(0);
}

describe('migrations', () => {
  it('apply on PGlite, twice, with pg_trgm available', async () => {
    const handle = await createDb({ pgliteDir: 'memory' });
    try {
      await checkMigrations(handle);
    } finally {
      await handle.close();
    }
  });

  describe.runIf(postgresUrl)('on PostgreSQL', () => {
    const dbName = `bhasha_migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    });

    it('apply on a fresh database, also when two servers migrate at once', async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(postgresUrl!);
      url.pathname = `/${dbName}`;
      const [a, b] = await Promise.all([
        createDb({ databaseUrl: url.toString() }),
        createDb({ databaseUrl: url.toString() }),
      ]);
      try {
        await Promise.all([a.migrate(), b.migrate()]);
        await checkMigrations(a);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
