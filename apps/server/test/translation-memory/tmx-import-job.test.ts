import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  SERVER_EVENTS,
  TM_MESSAGES,
  projectRoomOf,
  type FuzzyMatchResponse,
  type JobProgress,
  type TmEntry,
  type TmxImportResponse,
} from '@bhasha/contract';
import {
  parseTmxText,
  sourceHash,
  tmxPrologue,
  tmxUnitXml,
  TMX_EPILOGUE,
  type TmxUnit,
} from '@bhasha/engine';
import { memoryEntries, projects, tmxImports, translationRevisions, translations } from '@bhasha/db';
import { systemClock } from '../../src/lib/clock';
import {
  TMX_UPLOAD_FOLDER,
  createTmxImportRuntime,
  runTmxImport,
} from '../../src/modules/translation-memory/tmx-import-runtime';
import { createTmxImportsRepository } from '../../src/modules/translation-memory/tmx-imports.repository';
import { createTranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { multipartBody } from '../support/multipart';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';
import { waitForTmxImport } from './support/tmx-import';

/** A real TMX (TMXEditor's Spanish UI strings, en → es; see fixtures/SOURCES.md). */
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

function unitsOf(text: string): TmxUnit[] {
  return parseTmxText(text).flatMap((event) => (event.type === 'unit' ? [event.unit] : []));
}

/** Distinct source hashes of the units that have both languages, as the import keeps them. */
function pairsOf(units: TmxUnit[], source: string, target: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const unit of units) {
    const from = unit.variants.find((v) => v.lang.toLowerCase().startsWith(source));
    const to = unit.variants.find((v) => v.lang.toLowerCase().startsWith(target));
    if (from?.segment.text.trim() && to?.segment.text.trim())
      pairs.set(sourceHash(from.segment.text), to.segment.text);
  }
  return pairs;
}

function unit(source: string, target: string, lang: string): TmxUnit {
  return {
    attributes: {},
    properties: [],
    notes: [],
    variants: [
      { lang: 'en', attributes: {}, properties: [], notes: [], segment: { text: source, codes: [] } },
      { lang, attributes: {}, properties: [], notes: [], segment: { text: target, codes: [] } },
    ],
  };
}

describe('TMX import as a job', () => {
  let f: TranslationFixture;
  let dataDir: string;

  beforeAll(async () => {
    f = await buildTranslationFixture();
    dataDir = f.t.services.config.dataDir;
    f.t.useJobRuntimes({
      tmxImport: createTmxImportRuntime({
        db: f.t.handle.db,
        emitter: silentEmitter,
        clock: systemClock,
        dataDir,
      }),
    });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  const memoryCount = async (organisationId: string, targetLang: string) => {
    const [row] = await f.t.handle.db
      .select({ n: count() })
      .from(memoryEntries)
      .where(and(eq(memoryEntries.organisationId, organisationId), eq(memoryEntries.targetLang, targetLang)));
    return row!.n;
  };

  it('stores a real TMX, queues it, reports progress and ends with the units in the memory', async () => {
    const { projectId } = await f.createProject({ targetLanguages: ['es'], pageFiles: ['index.html'] });
    const [project] = await f.t.handle.db.select().from(projects).where(eq(projects.id, projectId));
    const content = fixture('tmxeditor_java_es.tmx');
    const units = unitsOf(content);
    const pairs = pairsOf(units, 'en', 'es');
    expect(units.length).toBeGreaterThan(40);

    const body = multipartBody(
      { projectId, targetLang: 'es' },
      { name: 'tmxeditor_java_es.tmx', type: 'application/x-tmx+xml', content },
    );
    const uploaded = await f.t.app.inject({
      method: 'POST',
      url: '/api/translation/tm/import/tmx',
      headers: { ...f.admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const accepted = uploaded.json<{ data: TmxImportResponse; message: string }>();
    expect(accepted.message).toBe(TM_MESSAGES.imported);
    // The answer keeps the counts of the synchronous call; the job has not run yet.
    expect(accepted.data).toMatchObject({ status: 'queued', units: 0, applied: 0, addedToMemory: 0 });

    const state = await waitForTmxImport(f.t.app, f.admin, projectId, accepted.data.importId);
    expect(state).toMatchObject({
      status: 'completed',
      targetLang: 'es',
      units: units.length,
      total: units.length,
      applied: 0,
      unchanged: 0,
      addedToMemory: pairs.size,
      skipped: units.length - [...units].filter((u) => u.variants.length >= 2).length,
      error: null,
    });
    expect(state.finishedAt).not.toBeNull();
    expect(await memoryCount(project!.organisationId, 'es')).toBe(pairs.size);
    // The stored upload is removed once the import is recorded as completed.
    await expect.poll(() => readdirSync(join(dataDir, TMX_UPLOAD_FOLDER)), { timeout: 5000 }).toEqual([]);

    // The project room heard the job: progress, then completion (sent once the handler returns,
    // which can be just after the row says completed).
    const progress = () =>
      f.t.events
        .filter((e) => e.room === projectRoomOf(projectId) && e.event === SERVER_EVENTS.jobProgressed)
        .map((e) => e.payload as JobProgress)
        .filter((p) => p.name === 'tmx.import');
    await expect.poll(() => progress().at(-1)?.state, { timeout: 5000 }).toBe('completed');
    expect(
      progress().some((p) => p.state === 'active' && p.done === units.length && p.total === units.length),
    ).toBe(true);

    // The units are searchable at once.
    const match = await f.post('/translation/tm/fuzzy', {
      projectId,
      targetLang: 'es',
      text: 'Error sending request to the server. Check your firewall or antivirus.',
    });
    const matches = match.json<{ data: FuzzyMatchResponse }>().data.matches;
    expect(matches[0]?.text).toBe(
      'Error al enviar la solicitud al servidor. Compruebe su firewall o antivirus.',
    );

    // Another organisation cannot read the import's status.
    const other = await f.t.createOrganisation();
    const foreign = (await f.t.createMember('organisationAdmin', other.id)).headers;
    const hidden = await f.t.app.inject({
      method: 'POST',
      url: '/api/translation/tm/import/tmx/status',
      headers: foreign,
      payload: { projectId, importId: accepted.data.importId },
    });
    expect(hidden.statusCode).toBe(404);
  }, 60_000);

  it('resumes after a killed worker without storing anything twice', async () => {
    const { projectId } = await f.createProject({ targetLanguages: ['fr'], pageFiles: ['index.html'] });
    const [project] = await f.t.handle.db.select().from(projects).where(eq(projects.id, projectId));
    const listed = await f.post('/translation/filter', { projectId, targetLang: 'fr', pageSize: 500 });
    const entries = listed.json<{ data: { tm: TmEntry[] } }>().data.tm.slice(0, 25);
    expect(entries.length).toBe(25);
    // Project segments first, then a real TMX's units (memory), so the stop falls among both.
    const real = unitsOf(fixture('tmxeditor_java_fr.tmx'));
    const projectUnits = entries.map((e, i) => unit(e.source, `Traduction reprise ${i}`, 'fr'));
    const mixed: TmxUnit[] = [];
    for (let i = 0; i < Math.max(projectUnits.length, real.length); i += 1) {
      if (projectUnits[i]) mixed.push(projectUnits[i]!);
      if (real[i]) mixed.push(real[i]!);
    }
    const text =
      tmxPrologue({ attributes: { srclang: 'en' } }) + mixed.map(tmxUnitXml).join('') + TMX_EPILOGUE;
    const projectHashes = new Set(entries.map((e) => sourceHash(e.source)));
    const memoryPairs = [...pairsOf(mixed, 'en', 'fr').keys()].filter((hash) => !projectHashes.has(hash));

    // The import as the upload records it (stored file, queued row); no job is sent: the test
    // runs the attempts itself, as a killed and a restarted worker would.
    const runtime = createTmxImportRuntime({
      db: f.t.handle.db,
      emitter: silentEmitter,
      clock: systemClock,
      dataDir,
      batchSize: 10,
    });
    const imports = createTmxImportsRepository(f.t.handle.db);
    const filePath = join(TMX_UPLOAD_FOLDER, 'resume-test.tmx');
    await mkdir(join(dataDir, TMX_UPLOAD_FOLDER), { recursive: true });
    await writeFile(join(dataDir, filePath), text);
    const row = await imports.create({
      organisationId: project!.organisationId,
      projectId,
      userId: f.adminUserId,
      sourceLang: 'en',
      targetLang: 'fr',
      filePath,
      unitsTotal: mixed.length,
    });

    // The first worker dies after its third batch is committed.
    const kill = new AbortController();
    const reported: number[] = [];
    const first = runTmxImport(runtime, row.id, {
      signal: kill.signal,
      onProgress: (done) => {
        reported.push(done);
        if (reported.length === 3) kill.abort(new Error('worker killed'));
      },
    });
    await expect(first).rejects.toThrow('worker killed');
    const [midway] = await f.t.handle.db.select().from(tmxImports).where(eq(tmxImports.id, row.id));
    expect(midway).toMatchObject({ status: 'running', unitsRead: reported[2] });
    expect(midway!.unitsRead).toBeLessThan(mixed.length);

    // Its last batch was written but, as if the worker died before recording it, the import
    // only knows of the first two: the retry reads the third batch again.
    await f.t.handle.db.update(tmxImports).set({ unitsRead: reported[1]! }).where(eq(tmxImports.id, row.id));

    const resumed: number[] = [];
    const finished = await runTmxImport(runtime, row.id, { onProgress: (done) => resumed.push(done) });
    expect(finished).toMatchObject({ status: 'completed', unitsRead: mixed.length, error: null });
    // The retry started after the units it was told were committed.
    expect(resumed[0]).toBeGreaterThan(reported[1]!);
    expect(resumed[0]).toBeLessThanOrEqual(reported[1]! + 10 + 10);

    // No row twice: one translation and one revision per project unit, one memory row per source.
    const stored = await f.t.handle.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, 'fr')));
    const withText = stored.filter((t) => t.type === 'USER');
    expect(withText.length).toBe(projectHashes.size);
    expect(finished!.applied).toBe(projectHashes.size);
    const revisions = await f.t.handle.db
      .select()
      .from(translationRevisions)
      .where(eq(translationRevisions.projectId, projectId));
    expect(revisions.length).toBe(withText.length);
    expect(new Set(revisions.map((r) => r.segmentId)).size).toBe(revisions.length);
    expect(await memoryCount(project!.organisationId, 'fr')).toBe(memoryPairs.length);

    // A finished import is not run again.
    const again = await runTmxImport(runtime, row.id);
    expect(again).toMatchObject({ status: 'completed', unitsRead: mixed.length });
    expect(readdirSync(join(dataDir, TMX_UPLOAD_FOLDER))).not.toContain('resume-test.tmx');
  }, 60_000);

  it('reads a memory a page at a time, rows sharing one timestamp neither repeated nor skipped', async () => {
    const organisation = await f.t.createOrganisation('Paged memory');
    const repository = createTranslationMemoryRepository(f.t.handle.db);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      sourceLang: 'en',
      targetLang: 'de',
      sourceHash: sourceHash(`Paged source ${i}`),
      sourceText: `Paged source ${i}`,
      text: `Seite ${i}`,
      projectId: randomUUID(),
    }));
    // One statement: every row gets the same updated_at.
    await repository.upsertMemoryEntries(organisation.id, rows);
    const [stored] = await f.t.handle.db
      .select({ updatedAt: memoryEntries.updatedAt })
      .from(memoryEntries)
      .where(eq(memoryEntries.organisationId, organisation.id))
      .limit(1);
    const pages: number[] = [];
    const read = new Map<string, string>();
    const newest = await repository.readSources(
      'memory',
      organisation.id,
      'en',
      new Date(0),
      10,
      (hashes, texts) => {
        pages.push(hashes.length);
        hashes.forEach((hash, i) => read.set(hash, texts[i]!));
      },
    );
    expect(pages).toEqual([10, 10, 5]);
    expect(read).toEqual(new Map(rows.map((row) => [row.sourceHash, row.sourceText])));
    expect(newest?.getTime()).toBe(stored!.updatedAt.getTime());
    // Nothing changed after the newest row (a Date holds milliseconds, the column microseconds):
    // no page, no watermark.
    const later: number[] = [];
    const after = new Date(newest!.getTime() + 1);
    const none = await repository.readSources('memory', organisation.id, 'en', after, 10, (hashes) =>
      later.push(hashes.length),
    );
    expect(later).toEqual([]);
    expect(none).toBeNull();
  });

  it('stores memory texts with quotes, backslashes and array syntax exactly as given', async () => {
    const organisation = await f.t.createOrganisation('Escaped memory');
    const repository = createTranslationMemoryRepository(f.t.handle.db);
    const texts = ['Say "hi"', 'C:\\temp\\', 'a\\"b', '{x,y}', 'NULL', ' , ', '"', '\\', 'plain text'];
    const rows = texts.map((text, i) => ({
      sourceLang: 'en',
      targetLang: 'de',
      sourceHash: sourceHash(`Escaped source ${i} ${text}`),
      sourceText: `Escaped source ${i} ${text}`,
      text: `${text} (de)`,
      projectId: randomUUID(),
    }));
    await repository.upsertMemoryEntries(organisation.id, rows);
    const stored = await f.t.handle.db
      .select({ sourceText: memoryEntries.sourceText, text: memoryEntries.text })
      .from(memoryEntries)
      .where(eq(memoryEntries.organisationId, organisation.id));
    expect(new Set(stored.map((row) => `${row.sourceText}|${row.text}`))).toEqual(
      new Set(rows.map((row) => `${row.sourceText}|${row.text}`)),
    );
  });
});
