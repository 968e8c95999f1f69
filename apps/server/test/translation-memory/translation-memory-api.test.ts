import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { TM_MESSAGES, type FuzzyMatchResponse, type TmEntry, type TmxImportResponse } from '@bhasha/contract';
import { parseTmxText, tmxPrologue, tmxUnitXml, TMX_EPILOGUE, type TmxUnit } from '@bhasha/engine';
import { memoryEntries, projects, translations } from '@bhasha/db';
import { eq } from 'drizzle-orm';
import { systemClock } from '../../src/lib/clock';
import { createOrganisationFuzzyIndexes } from '../../src/modules/translation-memory/organisation-fuzzy-indexes';
import { importTmxStream } from '../../src/modules/translation-memory/tmx-import-pipeline';
import { createTmxImportRuntime } from '../../src/modules/translation-memory/tmx-import-runtime';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';
import { createTranslationWriter } from '../../src/modules/translation/translation-writer.repository';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { multipartBody } from '../support/multipart';
import { readZip } from './support/read-zip';
import { waitForTmxImport } from './support/tmx-import';
import {
  buildTranslationFixture,
  type Headers,
  type TranslationFixture,
} from '../translation/support/translation-fixture';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

function unit(source: string, target: string): TmxUnit {
  return {
    attributes: {},
    properties: [],
    notes: [],
    variants: [
      { lang: 'en-US', attributes: {}, properties: [], notes: [], segment: { text: source, codes: [] } },
      { lang: 'FR', attributes: {}, properties: [], notes: [], segment: { text: target, codes: [] } },
    ],
  };
}

const tmxOf = (units: TmxUnit[]) =>
  tmxPrologue({ attributes: { srclang: 'en' } }) + units.map(tmxUnitXml).join('') + TMX_EPILOGUE;

describe('translation memory: TMX exchange and fuzzy matches', () => {
  let f: TranslationFixture;
  let projectId: string;
  let entries: TmEntry[];
  let foreign: Headers;
  let foreignProjectId: string;

  /** Uploads a TMX; a 200 answer is followed to the end of its job, answered like the upload's. */
  const importTmx = async (
    content: string,
    fields: Record<string, string>,
    headers: Headers = f.admin,
    name = 'memory.tmx',
  ) => {
    const body = multipartBody(fields, { name, type: 'application/x-tmx+xml', content });
    const uploaded = await f.t.app.inject({
      method: 'POST',
      url: '/api/translation/tm/import/tmx',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 200) return uploaded;
    const accepted = uploaded.json<{ data: TmxImportResponse; message: string }>();
    expect(accepted.message).toBe(TM_MESSAGES.imported);
    const state = await waitForTmxImport(f.t.app, headers, fields.projectId!, accepted.data.importId);
    expect(state.status, state.error ?? '').toBe('completed');
    const { importId, status, units, applied, unchanged, addedToMemory, skipped } = state;
    const data = { importId, status, units, applied, unchanged, addedToMemory, skipped };
    return { statusCode: 200, body: JSON.stringify({ data }), json: <T>() => ({ data }) as T };
  };
  const rowCounts = async () => {
    const [memory] = await f.t.handle.db.select({ n: count() }).from(memoryEntries);
    const [saved] = await f.t.handle.db.select({ n: count() }).from(translations);
    return { memory: memory!.n, translations: saved!.n };
  };

  beforeAll(async () => {
    f = await buildTranslationFixture();
    // The fixture's worker runs every job of the registry; TMX imports read this app's uploads.
    f.t.useJobRuntimes({
      tmxImport: createTmxImportRuntime({
        db: f.t.handle.db,
        emitter: silentEmitter,
        clock: systemClock,
        dataDir: f.t.services.config.dataDir,
      }),
    });
    ({ projectId } = await f.createProject({ targetLanguages: ['fr', 'hi'], pageFiles: ['index.html'] }));
    const listed = await f.post('/translation/filter', { projectId, targetLang: 'fr', pageSize: 500 });
    entries = listed
      .json<{ data: { tm: TmEntry[] } }>()
      .data.tm.filter((entry) => entry.source.split(' ').length >= 4);
    const other = await f.t.createOrganisation();
    foreign = (await f.t.createMember('organisationAdmin', other.id)).headers;
    ({ projectId: foreignProjectId } = await f.createProject({
      targetLanguages: ['fr'],
      pageFiles: ['index.html'],
      headers: foreign,
    }));
  });
  afterAll(async () => f.close());

  it('imports a TMX into the project and exports the same units back', async () => {
    const chosen = entries.slice(0, 3);
    const units = chosen.map((entry, i) =>
      unit(entry.source, `Traduction ${i} <de> « ${entry.source.slice(0, 20)} »`),
    );
    const imported = await importTmx(tmxOf(units), { projectId, targetLang: 'fr' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<{ data: TmxImportResponse }>().data).toEqual({
      importId: expect.any(String),
      status: 'completed',
      units: 3,
      applied: 3,
      unchanged: 0,
      addedToMemory: 0,
      skipped: 0,
    });

    const exported = await f.post('/translation/tm/export/tmx', { projectId, targetLang: 'fr' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename=".*-en-fr\.tmx"/);
    const back = parseTmxText(exported.body).flatMap((event) => (event.type === 'unit' ? [event.unit] : []));
    const pairs = back.map((u) => u.variants.map((v) => `${v.lang}:${v.segment.text}`)).sort();
    expect(pairs).toEqual(
      units.map((u) => [`en:${u.variants[0]!.segment.text}`, `fr:${u.variants[1]!.segment.text}`]).sort(),
    );
    expect(back[0]!.properties).toContainEqual({ type: 'x-bhasha-type', value: 'USER' });

    // Importing again without overwrite keeps what is there; with overwrite it replaces.
    const again = await importTmx(tmxOf([unit(chosen[0]!.source, 'Autre traduction')]), {
      projectId,
      targetLang: 'fr',
    });
    expect(again.json<{ data: TmxImportResponse }>().data).toMatchObject({ applied: 0, unchanged: 1 });
    const overwrite = await importTmx(tmxOf([unit(chosen[0]!.source, 'Autre traduction')]), {
      projectId,
      targetLang: 'fr',
      overwrite: 'true',
    });
    expect(overwrite.json<{ data: TmxImportResponse }>().data).toMatchObject({ applied: 1 });
  });

  it('keeps units of a real TMX that the project lacks in the organisation memory, found by fuzzy match', async () => {
    const imported = await importTmx(
      fixture('tmxeditor_java_fr.tmx'),
      { projectId, targetLang: 'fr' },
      f.admin,
      'tmxeditor_java_fr.tmx',
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json<{ data: TmxImportResponse }>().data;
    expect(result.units).toBe(44);
    // Two sources appear twice in the file: the later unit wins, so 42 distinct entries.
    expect(result.addedToMemory + result.skipped).toBe(42);
    expect(result.addedToMemory).toBeGreaterThan(40);

    const fuzzy = await f.post('/translation/tm/fuzzy', {
      projectId,
      targetLang: 'fr',
      text: 'Error verifying the subscription status',
    });
    expect(fuzzy.statusCode, fuzzy.body).toBe(200);
    const [best] = fuzzy.json<{ data: FuzzyMatchResponse }>().data.matches;
    expect(best).toMatchObject({
      sourceText: 'Error verifying subscription status',
      text: 'Erreur lors de la vérification de l’état de l’abonnement',
      projectId: null,
    });
    expect(best!.score).toBeGreaterThanOrEqual(75);
    expect(best!.score).toBeLessThan(100);
    expect(best!.diff).toEqual([
      { op: 'equal', text: 'Error verifying ' },
      { op: 'insert', text: 'the ' },
      { op: 'equal', text: 'subscription status' },
    ]);
  });

  it('answers matches from other projects of the organisation, never from another organisation', async () => {
    const { projectId: second } = await f.createProject({
      targetLanguages: ['fr'],
      pageFiles: ['index.html'],
    });
    // The longest unused entry: changing its last word keeps it well above the 75 % threshold,
    // whatever order the filter lists entries of equal position in.
    const planted = [...entries.slice(5)].sort((a, b) => b.source.length - a.source.length)[0]!;
    const source = planted.source;
    // The other organisation translates the very same text: it must never be offered.
    const foreignList = await f.post(
      '/translation/filter',
      { projectId: foreignProjectId, targetLang: 'fr', pageSize: 500 },
      foreign,
    );
    const foreignEntry = foreignList
      .json<{ data: { tm: TmEntry[] } }>()
      .data.tm.find((e) => e.source === source)!;
    await f.post(
      '/translation/user/update',
      {
        projectId: foreignProjectId,
        targetLang: 'fr',
        sourceHash: foreignEntry.sourceHash,
        preProcessedTarget: 'SECRET étranger',
      },
      foreign,
    );
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'fr',
      sourceHash: planted.sourceHash,
      preProcessedTarget: 'Traduction du premier projet',
    });
    const words = source.split(' ');
    words[words.length - 1] = 'changed';
    const fuzzy = await f.post('/translation/tm/fuzzy', {
      projectId: second,
      targetLang: 'fr',
      text: words.join(' '),
      limit: 20,
    });
    const matches = fuzzy.json<{ data: FuzzyMatchResponse }>().data.matches;
    expect(
      matches.some((m) => m.text === 'Traduction du premier projet' && m.projectId === projectId),
      JSON.stringify(matches.map(({ text, projectId: from, score }) => ({ text, from, score }))),
    ).toBe(true);
    expect(matches.some((m) => m.text.includes('SECRET'))).toBe(false);

    const foreignFuzzy = await f.post(
      '/translation/tm/fuzzy',
      { projectId: foreignProjectId, targetLang: 'fr', text: words.join(' ') },
      foreign,
    );
    const theirs = foreignFuzzy.json<{ data: FuzzyMatchResponse }>().data.matches;
    expect(theirs.map((m) => m.text)).toEqual(['SECRET étranger']);
  });

  it("answers 404 for another organisation's project on every call", async () => {
    expect(
      (await f.post('/translation/tm/fuzzy', { projectId, targetLang: 'fr', text: 'hello there' }, foreign))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.post('/translation/tm/export/tmx', { projectId, targetLang: 'fr' }, foreign)).statusCode,
    ).toBe(404);
    expect(
      (await f.post('/translation/tm/export/csv', { projectId, targetLang: 'fr' }, foreign)).statusCode,
    ).toBe(404);
    const before = await rowCounts();
    const imported = await importTmx(
      tmxOf([unit(entries[0]!.source, 'x')]),
      { projectId, targetLang: 'fr' },
      foreign,
    );
    expect(imported.statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('rejects a malformed TMX with the reason and writes nothing', async () => {
    const before = await rowCounts();
    const bad = await importTmx(
      fixture('invalid.tmx'),
      { projectId, targetLang: 'fr' },
      f.admin,
      'invalid.tmx',
    );
    expect(bad.statusCode).toBe(400);
    const body = bad.json<{ success: boolean; data: string[] }>();
    expect(body.success).toBe(false);
    expect(body.data).toContain('Please upload a correct TMX file');
    expect(body.data.join(' ')).toMatch(/<ept i="1"> has no matching <bpt>/);
    // A valid unit before a broken one must not be written either.
    const half = tmxOf([unit(entries[1]!.source, 'ne doit pas être écrit')]).replace(
      '</body>',
      '<tu><tuv xml:lang="en"><seg>cut',
    );
    expect((await importTmx(half, { projectId, targetLang: 'fr' })).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('exports CSV with formula cells escaped, and validates its input', async () => {
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'fr',
      sourceHash: entries[2]!.sourceHash,
      preProcessedTarget: '=HYPERLINK("http://evil.example")',
    });
    const csv = await f.post('/translation/tm/export/csv', { projectId, targetLang: 'fr' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFsource,target,translationType,displayType');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect((await f.post('/translation/tm/export/csv', { projectId, targetLang: 'ta' })).statusCode).toBe(
      400,
    );
    expect((await f.post('/translation/tm/fuzzy', { projectId, targetLang: 'fr' })).statusCode).toBe(400);
  });

  it('exports XLSX beside the CSV: the same rows, formula cells escaped, a valid workbook', async () => {
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'fr',
      sourceHash: entries[3]!.sourceHash,
      preProcessedTarget: '@SUM(A1:A9) & <b>',
    });
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/translation/tm/export/xlsx',
      headers: f.admin,
      payload: { projectId, targetLang: 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const members = readZip(response.rawPayload);
    expect([...members.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = members.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    const cells = [...sheet.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
    expect(cells.slice(0, 4)).toEqual(['source', 'target', 'translationType', 'displayType']);
    expect(cells).toContain("'@SUM(A1:A9) &amp; &lt;b&gt;");
    const csv = await f.post('/translation/tm/export/csv', { projectId, targetLang: 'fr' });
    const csvRows = csv.body.trim().split('\r\n').length;
    expect(sheet.match(/<row>/g)!.length).toBe(csvRows);
    expect((await f.post('/translation/tm/export/xlsx', { projectId, targetLang: 'ta' })).statusCode).toBe(
      400,
    );
    expect(
      (await f.post('/translation/tm/export/xlsx', { projectId, targetLang: 'fr' }, foreign)).statusCode,
    ).toBe(404);
  });

  /** What importTmxStream needs to import into the project's `targetLang`, as the job wires it. */
  async function streamedImportInto(targetLang: string) {
    const db = f.t.handle.db;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    const repository = createTranslationMemoryRepository(db);
    const deps = {
      repository,
      writer: createTranslationWriter({ db, emitter: silentEmitter, clock: systemClock }),
      fuzzy: createOrganisationFuzzyIndexes(repository, { refreshMs: 0, maxIndexes: 2 }),
    };
    const target = {
      organisationId: project!.organisationId,
      projectId,
      sourceLang: project!.sourceLanguage,
      targetLang,
      authorId: f.adminUserId,
      overwrite: false,
    };
    return { db, project, deps, target };
  }

  it('resumes a streamed import after the units an interrupted run stored, and a repeated batch changes nothing', async () => {
    const { deps, target } = await streamedImportInto('fr');
    const file = tmxOf(
      Array.from({ length: 6 }, (_, i) =>
        unit(`Resumable unit number ${i} of the memory`, `Traduction reprise ${i}`),
      ),
    );
    const before = (await rowCounts()).memory;
    const resumed = await importTmxStream(deps, target, [file], { skipUnits: 4 });
    expect(resumed).toMatchObject({ units: 6, addedToMemory: 2, skipped: 0 });
    expect((await rowCounts()).memory).toBe(before + 2);
    const batches: number[] = [];
    const whole = await importTmxStream(deps, target, [file], {
      onBatch: (totals) => void batches.push(totals.units),
    });
    expect(whole).toMatchObject({ units: 6, addedToMemory: 6 });
    expect(batches).toEqual([6]);
    expect((await rowCounts()).memory).toBe(before + 6);
  });

  it('writes several batches at once and still stores them in file order: the later unit for a source wins and progress reports only committed units', async () => {
    const { db, project, deps, target } = await streamedImportInto('fr');
    // Sources 0-3 come back with a new translation in later batches (batches of two units).
    const units = [
      ...Array.from({ length: 8 }, (_, i) => unit(`Parallel batch source ${i % 4}`, `Version ${i}`)),
      ...Array.from({ length: 6 }, (_, i) => unit(`Parallel batch other ${i}`, `Autre ${i}`)),
    ];
    const batches: number[] = [];
    const totals = await importTmxStream(deps, target, [tmxOf(units)], {
      batchSize: 2,
      writers: 3,
      onBatch: async (progress) => {
        batches.push(progress.units);
        // A slow report must not let a later batch report before it.
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    expect(totals).toMatchObject({ units: 14, addedToMemory: 14, skipped: 0 });
    expect(batches).toEqual([2, 4, 6, 8, 10, 12, 14]);
    const stored = await db
      .select({ sourceText: memoryEntries.sourceText, text: memoryEntries.text })
      .from(memoryEntries)
      .where(eq(memoryEntries.organisationId, project!.organisationId));
    const textOf = (source: string) => stored.find((row) => row.sourceText === source)?.text;
    expect([0, 1, 2, 3].map((i) => textOf(`Parallel batch source ${i}`))).toEqual([
      'Version 4',
      'Version 5',
      'Version 6',
      'Version 7',
    ]);
    expect(textOf('Parallel batch other 5')).toBe('Autre 5');
  });
});
