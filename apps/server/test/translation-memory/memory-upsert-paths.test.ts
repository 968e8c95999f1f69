import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import {
  createTranslationMemoryRepository,
  type MemoryEntryRow,
} from '../../src/modules/translation-memory/translation-memory.repository';
import { BinaryTextColumn } from '../../src/lib/pg-binary-array';
import { AWKWARD_TEXTS } from '../support/awkward-texts';
import { createTestDb } from '../support/test-db';

// The memory upsert's paths since ADR 0019: a plain INSERT while a pair's chunks are new,
// the upsert once a stored key is met (backing off from the insert for the next chunks), and array
// parameters in the binary format on PostgreSQL (text literals on PGlite). Whichever path a chunk
// takes, the stored rows must be what the upsert alone stores: new rows inserted, changed texts
// updated, unchanged rows not rewritten, texts byte for byte.
const PROJECT = '00000000-0000-4000-8000-000000000000';
const OTHER_PROJECT = '00000000-0000-4000-8000-000000000001';

const entry = (text: string, translation = `${text} (hi)`, projectId = PROJECT): MemoryEntryRow => ({
  sourceLang: 'en',
  targetLang: 'hi',
  sourceHash: sourceHash(text),
  sourceText: text,
  text: translation,
  projectId,
});

const AWKWARD = AWKWARD_TEXTS;

describe('memory upsert paths (plain insert, upsert, array encodings)', () => {
  let handle: DbHandle;
  const sql = (text: string, values: unknown[]) => handle.executeSql(text, values);

  /** The organisation's rows with each one's row version (xmin: a rewrite changes it). */
  const stored = async (organisationId: string) =>
    (
      await sql(
        `select source_hash, source_text, text, source_project_id::text as project, xmin::text as version,
           entry_key is not null as keyed
         from memory_entries where organisation_id = $1 order by source_text, source_hash`,
        [organisationId],
      )
    ).rows as Array<{
      source_hash: string;
      source_text: string;
      text: string;
      project: string;
      version: string;
      keyed: boolean;
    }>;

  const newOrganisation = async (name: string) => {
    const [organisation] = await handle.db.insert(organisations).values({ name, plan: 'paid' }).returning();
    return organisation!.id;
  };

  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  it('stores awkward texts exactly, and a chunk of several projects with each its own', async () => {
    const organisationId = await newOrganisation('Awkward');
    const repository = createTranslationMemoryRepository(handle.db);
    const rows = AWKWARD.map((text, i) => entry(`source ${text}`, text, i % 2 ? OTHER_PROJECT : PROJECT));
    await repository.upsertMemoryEntries(organisationId, rows);
    const expected = rows
      .map((row) => ({ source_text: row.sourceText, text: row.text, project: row.projectId }))
      .sort((a, b) => (a.source_text < b.source_text ? -1 : a.source_text > b.source_text ? 1 : 0));
    const found = (await stored(organisationId)).map(({ source_text, text, project }) => ({
      source_text,
      text,
      project,
    }));
    expect(found).toEqual(expected);
    const exact = await repository.translationsOf(organisationId, 'en', 'hi', [rows[0]!.sourceHash]);
    expect(exact.map((row) => row.text)).toEqual([AWKWARD[0]]);
  });

  it('inserts new chunks, then updates changed rows and leaves unchanged ones as they were', async () => {
    const organisationId = await newOrganisation('Paths');
    const repository = createTranslationMemoryRepository(handle.db);
    const first = Array.from({ length: 50 }, (_, i) => entry(`unit ${i}`));
    await repository.upsertMemoryEntries(organisationId, first);
    const before = await stored(organisationId);
    expect(before).toHaveLength(50);
    expect(before.every((row) => row.keyed)).toBe(true);

    // One chunk mixing stored rows (10 changed, 40 unchanged) with 20 new ones: the plain insert
    // meets a stored key, so the upsert writes it.
    const second = [
      ...first.map((row, i) => (i < 10 ? { ...row, text: `${row.text} v2` } : row)),
      ...Array.from({ length: 20 }, (_, i) => entry(`new unit ${i}`)),
    ];
    await repository.upsertMemoryEntries(organisationId, second);
    const after = await stored(organisationId);
    expect(after).toHaveLength(70);
    const byHash = new Map(after.map((row) => [row.source_hash, row]));
    for (const [i, row] of first.entries()) {
      const now = byHash.get(row.sourceHash)!;
      const then = before.find((old) => old.source_hash === row.sourceHash)!;
      if (i < 10) {
        expect(now.text).toBe(`${row.text} v2`);
        expect(now.version).not.toBe(then.version);
      } else expect(now).toEqual(then);
    }

    // The same file again, many times (through the insert's back-off and its retries): nothing
    // is rewritten. Then new chunks are inserted again.
    for (let round = 0; round < 6; round += 1) await repository.upsertMemoryEntries(organisationId, second);
    expect(await stored(organisationId)).toEqual(after);
    const third = Array.from({ length: 30 }, (_, i) => entry(`third unit ${i}`));
    for (const chunk of [third.slice(0, 10), third.slice(10, 20), third.slice(20)])
      await repository.upsertMemoryEntries(organisationId, chunk);
    expect(await stored(organisationId)).toHaveLength(100);
  });

  it('never twins an entry stored unkeyed, whichever path writes the chunk', async () => {
    const organisationId = await newOrganisation('Unkeyed');
    const repository = createTranslationMemoryRepository(handle.db);
    const unkeyed = entry('stored unkeyed');
    // As SQL that computes no key stores it (migration 0023: found and updated there).
    await sql(
      `insert into memory_entries (organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin)
       values ($1, 'en', 'hi', $2, $3, 'old', 'USER', 'tmx')`,
      [organisationId, unkeyed.sourceHash, unkeyed.sourceText],
    );
    await repository.upsertMemoryEntries(organisationId, [unkeyed, entry('beside it')]);
    const rows = await stored(organisationId);
    expect(rows.map(({ source_text, text, keyed }) => [source_text, text, keyed])).toEqual([
      ['beside it', 'beside it (hi)', true],
      ['stored unkeyed', 'stored unkeyed (hi)', false],
    ]);
  });

  it('stores each entry once when two writers insert overlapping chunks at once', async () => {
    const organisationId = await newOrganisation('Concurrent');
    const repository = createTranslationMemoryRepository(handle.db);
    const shared = Array.from({ length: 200 }, (_, i) => entry(`shared ${i}`));
    const own = (name: string) => Array.from({ length: 100 }, (_, i) => entry(`${name} ${i}`));
    await Promise.all([
      repository.upsertMemoryEntries(organisationId, [...shared, ...own('a')]),
      repository.upsertMemoryEntries(organisationId, [...shared, ...own('b')]),
      repository.upsertMemoryEntries(organisationId, [...shared.slice(50, 150), ...own('c')]),
    ]);
    const rows = await stored(organisationId);
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((row) => row.source_hash)).size).toBe(500);
  });

  it('stores from columns what it stores from rows, and refuses columns of different lengths', async () => {
    const fromRows = await newOrganisation('From rows');
    const fromColumns = await newOrganisation('From columns');
    const fromBinary = await newOrganisation('From binary columns');
    const repository = createTranslationMemoryRepository(handle.db);
    const rows = [...AWKWARD.map((text) => entry(`column ${text}`, text)), entry('plain', 'सादा')];
    const twice = [rows, rows.map((row, i) => (i % 3 ? row : { ...row, text: `${row.text} v2` }))];
    for (const batch of twice) {
      await repository.upsertMemoryEntries(fromRows, batch);
      await repository.upsertMemoryColumns(fromColumns, {
        sourceLang: 'en',
        targetLang: 'hi',
        projectId: PROJECT,
        sourceHashes: batch.map((row) => row.sourceHash),
        sourceTexts: batch.map((row) => row.sourceText),
        texts: batch.map((row) => row.text),
      });
      // Texts kept as UTF-8 elements, pushed in another order than the rows (and a stray one).
      const sourceTexts = new BinaryTextColumn();
      const texts = new BinaryTextColumn();
      texts.push('not a row');
      const source = batch.map(() => 0);
      const text = batch.map(() => 0);
      for (let r = batch.length - 1; r >= 0; r -= 1) {
        source[r] = sourceTexts.push(batch[r]!.sourceText);
        text[r] = texts.push(batch[r]!.text);
      }
      await repository.upsertMemoryColumns(fromBinary, {
        sourceLang: 'en',
        targetLang: 'hi',
        projectId: PROJECT,
        sourceHashes: batch.map((row) => row.sourceHash),
        sourceTexts,
        texts,
        elements: { source, text },
      });
    }
    const withoutVersion = (rows: Awaited<ReturnType<typeof stored>>) =>
      rows.map(({ version: _version, ...row }) => row);
    expect(withoutVersion(await stored(fromColumns))).toEqual(withoutVersion(await stored(fromRows)));
    expect(withoutVersion(await stored(fromBinary))).toEqual(withoutVersion(await stored(fromRows)));
    await expect(
      repository.upsertMemoryColumns(fromColumns, {
        sourceLang: 'en',
        targetLang: 'hi',
        projectId: PROJECT,
        sourceHashes: [sourceHash('a'), sourceHash('b')],
        sourceTexts: ['a', 'b'],
        texts: ['a (hi)'],
      }),
    ).rejects.toThrow(/one length/);
  });

  it('analyzes the row count and the columns readers filter on, not the texts', async () => {
    const organisationId = await newOrganisation('Analyzed');
    const repository = createTranslationMemoryRepository(handle.db);
    await repository.upsertMemoryEntries(
      organisationId,
      Array.from({ length: 300 }, (_, i) => entry(`analyzed ${i}`)),
    );
    await repository.analyzeMemory();
    const count = await sql(`select reltuples::int as n from pg_class where relname = 'memory_entries'`, []);
    const total = await sql(`select count(*)::int as n from memory_entries`, []);
    expect((count.rows as Array<{ n: number }>)[0]!.n).toBe((total.rows as Array<{ n: number }>)[0]!.n);
    const analyzed = await sql(
      `select attname from pg_stats where tablename = 'memory_entries' order by attname`,
      [],
    );
    expect((analyzed.rows as Array<{ attname: string }>).map((row) => row.attname)).toEqual([
      'entry_key',
      'organisation_id',
      'source_hash',
      'source_lang',
      'target_lang',
      'type',
      'updated_at',
    ]);
  });
});
