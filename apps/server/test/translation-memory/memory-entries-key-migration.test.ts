import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createDb, migrationsFolder, organisations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';

// Migration 0022 (ADR 0019, session 6) gives memory_entries an identity primary key instead of a
// random uuid: a memory stored before must keep every row, stay findable by the exact lookup and
// the fuzzy index's pages, and take new rows.
const BEFORE = '0021_';

/** A copy of the migrations folder that stops at `prefix`'s migration. */
function migrationsUpTo(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bhasha-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag.startsWith(prefix));
  journal.entries = journal.entries.slice(0, last + 1);
  for (const entry of journal.entries)
    copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

/** An empty database on the test engine (PGlite, or a fresh one on TEST_DATABASE_URL's server). */
async function emptyDatabase(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDb({ pgliteDir: 'memory' });
    return { handle, drop: () => handle.close() };
  }
  const name = `bhasha_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  return {
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

describe('migrating memory_entries to an identity primary key', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo(BEFORE);
    ({ handle, drop } = await emptyDatabase());
    if (process.env.TEST_DATABASE_URL)
      await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  }, 180_000);
  afterAll(async () => {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every row, finds them by hash and by page, and numbers new rows after them', async () => {
    const sql = (text: string, values: unknown[]) => handle.executeSql(text, values);
    const [organisation] = await handle.db
      .insert(organisations)
      .values({ name: 'Before 0022', plan: 'paid' })
      .returning();
    const organisationId = organisation!.id;
    const texts = ['Save', 'Cancel', 'Open file'];
    for (const [i, text] of texts.entries())
      await sql(
        `insert into memory_entries (organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin, updated_at)
         values ($1, 'en', 'hi', $2, $3, $4, 'USER', 'tmx', $5)`,
        [organisationId, sourceHash(text), text, `${text} (hi)`, new Date(Date.UTC(2026, 0, 1 + i))],
      );
    const before = await sql(
      `select source_hash, source_text, text, updated_at from memory_entries order by source_hash`,
      [],
    );

    await handle.migrate();

    const after = await sql(
      `select source_hash, source_text, text, updated_at from memory_entries order by source_hash`,
      [],
    );
    expect(after.rows).toEqual(before.rows);
    const id = await sql(
      `select format_type(a.atttypid, a.atttypmod) as type, a.attidentity,
         (select count(*) from pg_index i where i.indrelid = a.attrelid and i.indisprimary
            and i.indkey[0] = a.attnum and i.indnatts = 1)::int as primary_keys
       from pg_attribute a where a.attrelid = 'memory_entries'::regclass and a.attname = 'id'`,
      [],
    );
    expect(id.rows).toEqual([{ type: 'bigint', attidentity: 'a', primary_keys: 1 }]);

    const repository = createTranslationMemoryRepository(handle.db);
    const found = await repository.translationsOf(organisationId, 'en', 'hi', [
      sourceHash('Cancel'),
      sourceHash('Open file'),
    ]);
    expect(found.map((row) => row.text).sort()).toEqual(['Cancel (hi)', 'Open file (hi)']);
    // Pages of one row each: the (updated_at, id) cursor crosses every page boundary.
    const paged: string[] = [];
    for await (const page of repository.sourcePages('memory', organisationId, 'en', new Date(0), 1))
      paged.push(...page.map((row) => row.text));
    expect(paged).toEqual(texts);

    await repository.upsertMemoryEntries(organisationId, [
      {
        sourceLang: 'en',
        targetLang: 'hi',
        sourceHash: sourceHash('Close'),
        sourceText: 'Close',
        text: 'Close (hi)',
        projectId: organisationId, // any uuid: memory rows keep the project without a foreign key
      },
    ]);
    const ids = await sql(`select id::text as id, source_text from memory_entries order by id`, []);
    expect(ids.rows.map((row) => row.source_text).at(-1)).toBe('Close');
    expect(new Set(ids.rows.map((row) => row.id)).size).toBe(4);
  });
});
