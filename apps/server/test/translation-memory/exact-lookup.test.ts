import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, projects, segments, translations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';
import { createTestDb } from '../support/test-db';

// translationsOf is the exact lookup of pre-translation and the fuzzy panel. On PGlite it is the
// engine's own prepared statement (ADR 0019, "exact lookup on PGlite"), on PostgreSQL drizzle's:
// both must answer the same rows, decoded the same way.
const QUOTED = 'Say "namaste" \\ then {go}, twice';
const PROJECT_TEXT = 'Welcome home';
const UNTRANSLATED = 'Skip me';

describe('exact lookup by source hash', () => {
  let handle: DbHandle;
  let organisationId: string;
  let projectId: string;
  const updatedAtOf = async (table: 'translations' | 'memory_entries', hash: string) =>
    new Date(
      String(
        (
          await handle.executeSql(
            `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from ${table} where source_hash = $1`,
            [hash],
          )
        ).rows[0]!.at,
      ),
    );

  beforeAll(async () => {
    handle = await createTestDb();
    const [organisation] = await handle.db
      .insert(organisations)
      .values({ name: 'Lookup', plan: 'paid' })
      .returning();
    organisationId = organisation!.id;
    const [project] = await handle.db
      .insert(projects)
      .values({
        organisationId,
        name: 'Site',
        baseUrl: 'https://site.example/',
        targetLanguages: ['hi'],
        status: 'ready',
      })
      .returning();
    projectId = project!.id;
    for (const [text, type] of [
      [PROJECT_TEXT, 'USER'],
      [UNTRANSLATED, 'NO_TRANSLATION_AVAILABLE'],
    ] as const) {
      const [segment] = await handle.db
        .insert(segments)
        .values({ organisationId, projectId, sourceHash: sourceHash(text), text, kind: 'text', wordCount: 2 })
        .returning();
      await handle.db.insert(translations).values({
        organisationId,
        projectId,
        segmentId: segment!.id,
        sourceHash: sourceHash(text),
        targetLang: 'hi',
        text: `${text} (hi)`,
        type,
        origin: 'user',
      });
    }
    await createTranslationMemoryRepository(handle.db).upsertMemoryEntries(organisationId, [
      {
        sourceLang: 'en',
        targetLang: 'hi',
        sourceHash: sourceHash(QUOTED),
        sourceText: QUOTED,
        text: 'नमस्ते "दो"',
        projectId,
      },
    ]);
  }, 180_000);
  afterAll(() => handle.close());

  it('answers project translations and memory entries of the hashes, with their texts and times', async () => {
    const repository = createTranslationMemoryRepository(handle.db);
    const hashes = [
      sourceHash(PROJECT_TEXT),
      sourceHash(QUOTED),
      sourceHash(UNTRANSLATED),
      sourceHash('Absent'),
    ];
    const found = await repository.translationsOf(organisationId, 'en', 'hi', hashes);
    const byHash = (hash: string) => found.find((row) => row.sourceHash === hash);
    expect(found).toHaveLength(2);
    expect(byHash(sourceHash(PROJECT_TEXT))).toEqual({
      sourceHash: sourceHash(PROJECT_TEXT),
      sourceText: PROJECT_TEXT,
      text: `${PROJECT_TEXT} (hi)`,
      type: 'USER',
      displayType: 'translation',
      projectId,
      updatedAt: await updatedAtOf('translations', sourceHash(PROJECT_TEXT)),
    });
    expect(byHash(sourceHash(QUOTED))).toEqual({
      sourceHash: sourceHash(QUOTED),
      sourceText: QUOTED,
      text: 'नमस्ते "दो"',
      type: 'USER',
      displayType: 'translation',
      projectId: null,
      updatedAt: await updatedAtOf('memory_entries', sourceHash(QUOTED)),
    });
  });

  it('answers the same from a second repository on the database, and nothing for other languages', async () => {
    const first = createTranslationMemoryRepository(handle.db);
    const second = createTranslationMemoryRepository(handle.db);
    const hashes = [sourceHash(PROJECT_TEXT), sourceHash(QUOTED)];
    expect(await second.translationsOf(organisationId, 'en', 'hi', hashes)).toEqual(
      await first.translationsOf(organisationId, 'en', 'hi', hashes),
    );
    expect(await second.translationsOf(organisationId, 'en', 'ta', hashes)).toEqual([]);
    expect(await second.translationsOf(organisationId, 'fr', 'hi', hashes)).toEqual([]);
    await expect(second.translationsOf('not-a-uuid', 'en', 'hi', hashes)).rejects.toThrow();
    expect(await second.translationsOf(organisationId, 'en', 'hi', [sourceHash(QUOTED)])).toHaveLength(1);
  });
});
