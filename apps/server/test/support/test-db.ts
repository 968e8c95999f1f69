import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { createDb, migrationsFolder, type DbHandle } from '@bhasha/db';

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
    const handle = await createDb({
      pgliteDir: 'memory',
      ...(migrate ? { pgliteTemplate: await migratedTemplate() } : {}),
    });
    // A no-op on the template (its journal lists every migration), kept so a stale one still fails loudly.
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

let template: Promise<Blob> | undefined;

/**
 * A migrated PGlite cluster as a tarball, made once and kept under node_modules/.cache, named by
 * the migrations' and PGlite's contents: starting from it skips initdb and every migration, most
 * of what opening a test database costs (two thirds of it, measured here).
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const nodeModules = join(
      dirname(createRequire(import.meta.url).resolve('@bhasha/db/package.json')),
      '../../node_modules',
    );
    const digest = createHash('sha256');
    digest.update(readFileSync(join(nodeModules, '@electric-sql/pglite/package.json')));
    for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      const path = join(migrationsFolder, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) digest.update(name).update(readFileSync(path));
    }
    const cacheDir = join(
      dirname(require.resolve('@bhasha/db/package.json')),
      '../../node_modules/.cache/bhasha-test-db',
    );
    const file = join(cacheDir, `${digest.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = await createDb({ pgliteDir: 'memory' });
    await handle.migrate();
    const tarball = await handle.dumpDataDir!();
    await handle.close();
    mkdirSync(cacheDir, { recursive: true });
    // Parallel test files may make it at once: each writes its own file and renames it into place.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
    return tarball;
  })();
  return template;
}
