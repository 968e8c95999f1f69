import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';
import { createTestDbMigratedUpTo } from '../support/migrated-up-to';

// Migration 0022 (ADR 0019) gives memory_entries an identity primary key instead of a
// random uuid: a memory stored before must keep every row, stay findable by the exact lookup and
// the fuzzy index's pages, and take new rows.
const BEFORE = '0021_';

describe('migrating memory_entries to an identity primary key', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDbMigratedUpTo(BEFORE);
  }, 180_000);
  afterAll(() => handle.close());

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
    // Pages of one row each, and the newest row's timestamp for the next catch-up.
    const paged: string[] = [];
    const newest = await repository.readSources('memory', organisationId, 'en', new Date(0), 1, (_, page) =>
      paged.push(...page),
    );
    expect(paged.sort()).toEqual([...texts].sort());
    expect(newest).toEqual(new Date(Date.UTC(2026, 0, 3)));

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
