import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations, projects, segments, translations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';
import { memoryEntryKey } from '../../src/modules/translation-memory/memory-entry-key';
import { createTestDbMigratedUpTo } from '../support/migrated-up-to';

// Migration 0023 (ADR 0019) keys memory_entries by one bigint (entry_key) instead of
// (organisation, languages, 64-character hash). A memory stored before must keep every row, get
// its keys, stay findable by the exact lookup, and take new rows; an entry whose key another entry
// holds (a 64-bit collision, forged here) or that is stored unkeyed must never be lost or doubled.
const BEFORE = '0022_';

const row = (text: string, translation: string) => ({
  sourceLang: 'en',
  targetLang: 'hi',
  sourceHash: sourceHash(text),
  sourceText: text,
  text: translation,
  projectId: '00000000-0000-4000-8000-000000000000', // memory rows keep the project without a foreign key
});

describe('migrating memory_entries to a bigint entry key', () => {
  let handle: DbHandle;
  let organisationId: string;
  const sql = (text: string, values: unknown[]) => handle.executeSql(text, values);
  const stored = async () =>
    (
      await sql(
        `select source_hash, source_text, text, entry_key::text as entry_key, updated_at from memory_entries
         where organisation_id = $1 order by source_text`,
        [organisationId],
      )
    ).rows as Array<{ source_hash: string; source_text: string; text: string; entry_key: string | null }>;

  beforeAll(async () => {
    handle = await createTestDbMigratedUpTo(BEFORE);
    const [organisation] = await handle.db
      .insert(organisations)
      .values({ name: 'Before 0023', plan: 'paid' })
      .returning();
    organisationId = organisation!.id;
    for (const text of ['Save', 'Cancel', 'Open file'])
      await sql(
        `insert into memory_entries (organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin)
         values ($1, 'en', 'hi', $2, $3, $4, 'USER', 'tmx')`,
        [organisationId, sourceHash(text), text, `${text} (hi)`],
      );
    await handle.migrate();
  }, 180_000);
  afterAll(() => handle.close());

  it('keeps every row and keys it as the import does', async () => {
    const rows = await stored();
    expect(rows.map((r) => [r.source_text, r.text])).toEqual([
      ['Cancel', 'Cancel (hi)'],
      ['Open file', 'Open file (hi)'],
      ['Save', 'Save (hi)'],
    ]);
    for (const r of rows)
      expect(r.entry_key).toBe(memoryEntryKey(organisationId, 'en', 'hi', r.source_hash).toString());
    const old = await sql(`select to_regclass('memory_entries_key_uq')::text as index`, []);
    expect(old.rows).toEqual([{ index: null }]);
    // The database's key function is the import's, for any text (keepTm copies non-hex hashes).
    const key = await sql(`select bhasha_memory_key($1, 'ta', 'te', 'not-a-hex hash')::text as key`, [
      organisationId,
    ]);
    expect(key.rows).toEqual([
      { key: memoryEntryKey(organisationId, 'ta', 'te', 'not-a-hex hash').toString() },
    ]);
  });

  it('finds migrated rows, writes nothing for unchanged ones and updates changed ones', async () => {
    const repository = createTranslationMemoryRepository(handle.db);
    const found = await repository.translationsOf(organisationId, 'en', 'hi', [
      sourceHash('Cancel'),
      sourceHash('Open file'),
    ]);
    expect(found.map((r) => r.text).sort()).toEqual(['Cancel (hi)', 'Open file (hi)']);
    const before = await stored();
    await repository.upsertMemoryEntries(organisationId, [row('Save', 'Save (hi)'), row('Cancel', 'रद्द करें')]);
    const after = await stored();
    expect(after.find((r) => r.source_text === 'Save')).toEqual(before.find((r) => r.source_text === 'Save'));
    expect(after.find((r) => r.source_text === 'Cancel')?.text).toBe('रद्द करें');
    expect(after).toHaveLength(3);
  });

  it('stores an entry whose key another entry holds unkeyed, finds it, and updates it in place', async () => {
    const repository = createTranslationMemoryRepository(handle.db);
    const victim = row('Collides', 'Collides (hi)');
    // Another identity already holds the key "Collides" would get: a forged 64-bit collision.
    await sql(
      `insert into memory_entries (entry_key, organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin)
       values ($1, $2, 'en', 'hi', $3, 'Holder', 'Holder (hi)', 'USER', 'tmx')`,
      [
        memoryEntryKey(organisationId, 'en', 'hi', victim.sourceHash).toString(),
        organisationId,
        sourceHash('Holder'),
      ],
    );
    await repository.upsertMemoryEntries(organisationId, [victim]);
    await repository.upsertMemoryEntries(organisationId, [{ ...victim, text: 'Collides (hi, 2)' }]);
    const rows = await stored();
    expect(rows.filter((r) => r.source_text === 'Collides')).toMatchObject([
      { text: 'Collides (hi, 2)', entry_key: null },
    ]);
    expect(rows.find((r) => r.source_text === 'Holder')?.text).toBe('Holder (hi)');
    const found = await repository.translationsOf(organisationId, 'en', 'hi', [
      victim.sourceHash,
      sourceHash('Holder'),
    ]);
    expect(found.map((r) => r.text).sort()).toEqual(['Collides (hi, 2)', 'Holder (hi)']);
  });

  it('updates an entry stored without a key instead of adding a keyed twin', async () => {
    const repository = createTranslationMemoryRepository(handle.db);
    await sql(
      `insert into memory_entries (organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin)
       values ($1, 'en', 'hi', $2, 'Unkeyed', 'Unkeyed (hi)', 'USER', 'tmx')`,
      [organisationId, sourceHash('Unkeyed')],
    );
    await repository.upsertMemoryEntries(organisationId, [
      row('Unkeyed', 'Unkeyed (hi, 2)'),
      row('Fresh', 'Fresh (hi)'),
    ]);
    const rows = await stored();
    expect(rows.filter((r) => r.source_text === 'Unkeyed')).toMatchObject([
      { text: 'Unkeyed (hi, 2)', entry_key: null },
    ]);
    expect(rows.find((r) => r.source_text === 'Fresh')?.entry_key).toBe(
      memoryEntryKey(organisationId, 'en', 'hi', sourceHash('Fresh')).toString(),
    );
  });

  it("keepTm keeps a translation by its key, or unkeyed when its key is another entry's", async () => {
    const [project] = await handle.db
      .insert(projects)
      .values({
        organisationId,
        name: 'Kept',
        baseUrl: 'https://kept.example/',
        targetLanguages: ['hi'],
        status: 'ready',
      })
      .returning();
    const kept = async (text: string, translation: string) => {
      const [segment] = await handle.db
        .insert(segments)
        .values({
          organisationId,
          projectId: project!.id,
          sourceHash: sourceHash(text),
          text,
          kind: 'text',
          wordCount: 1,
        })
        .returning();
      await handle.db.insert(translations).values({
        organisationId,
        projectId: project!.id,
        segmentId: segment!.id,
        sourceHash: sourceHash(text),
        targetLang: 'hi',
        text: translation,
        type: 'USER',
        origin: 'user',
      });
    };
    await kept('Kept plain', 'Kept plain (hi)');
    await kept('Kept colliding', 'Kept colliding (hi)');
    await sql(
      `insert into memory_entries (entry_key, organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin)
       values ($1, $2, 'en', 'hi', $3, 'Kept holder', 'Kept holder (hi)', 'USER', 'tmx')`,
      [
        memoryEntryKey(organisationId, 'en', 'hi', sourceHash('Kept colliding')).toString(),
        organisationId,
        sourceHash('Kept holder'),
      ],
    );
    await handle.db.update(projects).set({ keepTm: true }).where(eq(projects.id, project!.id));
    await handle.db.delete(projects).where(eq(projects.id, project!.id));
    const rows = await stored();
    expect(rows.filter((r) => r.source_text.startsWith('Kept'))).toMatchObject([
      { source_text: 'Kept colliding', text: 'Kept colliding (hi)', entry_key: null },
      { source_text: 'Kept holder', text: 'Kept holder (hi)' },
      {
        source_text: 'Kept plain',
        text: 'Kept plain (hi)',
        entry_key: memoryEntryKey(organisationId, 'en', 'hi', sourceHash('Kept plain')).toString(),
      },
    ]);
  });
});
