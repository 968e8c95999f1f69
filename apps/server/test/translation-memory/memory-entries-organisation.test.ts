import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations, projects, segments, translations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';
import { createTestDb } from '../support/test-db';

// memory_entries has no foreign key to organisations since migration 0024 (its per-row check was a
// large part of a TMX import's server time, ADR 0019). What it guaranteed must still
// hold: no entry outlives its organisation, and none is stored for an organisation that is gone.
const entry = (text: string) => ({
  sourceLang: 'en',
  targetLang: 'hi',
  sourceHash: sourceHash(text),
  sourceText: text,
  text: `${text} (hi)`,
  projectId: '00000000-0000-4000-8000-000000000000',
});

describe('memory entries and their organisation', () => {
  let handle: DbHandle;
  const count = async (organisationId: string) =>
    (
      await handle.executeSql(`select count(*)::int as n from memory_entries where organisation_id = $1`, [
        organisationId,
      ])
    ).rows[0]!.n;

  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  it('deletes an organisation’s entries with it, kept ones of its projects too, and no other’s', async () => {
    const repository = createTranslationMemoryRepository(handle.db);
    const [gone, stays] = await handle.db
      .insert(organisations)
      .values([
        { name: 'Gone', plan: 'paid' },
        { name: 'Stays', plan: 'paid' },
      ])
      .returning();
    await repository.upsertMemoryEntries(gone!.id, [entry('One'), entry('Two')]);
    await repository.upsertMemoryEntries(stays!.id, [entry('One')]);
    // A project with keepTm whose deletion (cascaded from the organisation's) keeps its translations.
    const [project] = await handle.db
      .insert(projects)
      .values({
        organisationId: gone!.id,
        name: 'Kept',
        baseUrl: 'https://kept.example/',
        targetLanguages: ['hi'],
        status: 'ready',
        keepTm: true,
      })
      .returning();
    const [segment] = await handle.db
      .insert(segments)
      .values({
        organisationId: gone!.id,
        projectId: project!.id,
        sourceHash: sourceHash('Three'),
        text: 'Three',
        kind: 'text',
        wordCount: 1,
      })
      .returning();
    await handle.db.insert(translations).values({
      organisationId: gone!.id,
      projectId: project!.id,
      segmentId: segment!.id,
      sourceHash: sourceHash('Three'),
      targetLang: 'hi',
      text: 'Three (hi)',
      type: 'USER',
      origin: 'user',
    });
    expect(await count(gone!.id)).toBe(2);

    await handle.db.delete(organisations).where(eq(organisations.id, gone!.id));

    expect(await count(gone!.id)).toBe(0);
    expect(await count(stays!.id)).toBe(1);
  });

  it('stores nothing for an organisation that does not exist', async () => {
    const repository = createTranslationMemoryRepository(handle.db);
    const missing = '00000000-0000-4000-8000-00000000dead';
    await repository.upsertMemoryEntries(missing, [entry('Orphan')]);
    expect(await count(missing)).toBe(0);
  });
});
