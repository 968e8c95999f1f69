import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  TRANSLATION_EVENTS,
  TRANSLATION_MESSAGES,
  VALIDATION_MESSAGES,
  projectRoomOf,
  type TmEntry,
  type TranslationCounts,
} from '@bhasha/contract';
import { segments } from '@bhasha/db';
import { createSegmentsRepository } from '../../src/modules/crawl/segments.repository';
import { buildTranslationFixture, type TranslationFixture } from './support/translation-fixture';

describe('translation calls', () => {
  let f: TranslationFixture;
  let projectId: string;
  let pageUrls: string[];
  let entries: TmEntry[];

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId, pageUrls } = await f.createProject({ targetLanguages: ['hi', 'ta'] }));
  });
  afterAll(async () => f.close());

  const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
  const filter = async (payload: object) =>
    data<{ tm: TmEntry[]; total: number }>(
      await f.post('/translation/filter', { projectId, targetLang: 'hi', ...payload }),
    );
  const counts = async (targetLang = 'hi') =>
    data<TranslationCounts>(await f.post('/translation/counts', { projectId, targetLang }));

  it('lists every segment of the crawled pages as untranslated, paged', async () => {
    const page1 = await filter({ pageNumber: 1, pageSize: 20 });
    const page2 = await filter({ pageNumber: 2, pageSize: 20 });
    expect(page1.total).toBeGreaterThan(40);
    expect(page1.tm).toHaveLength(20);
    expect(page1.tm[0]).toMatchObject({
      translationType: 'NO_TRANSLATION_AVAILABLE',
      version: 0,
      preProcessedTarget: '',
    });
    expect(new Set([...page1.tm, ...page2.tm].map((e) => e.sourceHash)).size).toBe(40);
    entries = (await filter({ pageSize: 500 })).tm;
    expect(entries).toHaveLength(page1.total);
  });

  it('counts: everything starts as new content, totals equal the segments', async () => {
    const c = await counts();
    const rows = await f.t.handle.db.select().from(segments).where(eq(segments.projectId, projectId));
    const words = rows.reduce((sum, s) => sum + s.wordCount, 0);
    expect(c).toMatchObject({
      totalWC: words,
      machineTranslated: 0,
      humanVerified: 0,
      professionalTranslated: 0,
      newContentAvailable: words,
    });
    expect(c.segments.totalWC).toBe(rows.length);
  });

  it('user/update saves a USER translation, moves the counts and pushes the change', async () => {
    const before = await counts();
    const target = entries[0]!;
    const eventCount = f.t.events.length;
    const response = await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: target.sourceHash,
      preProcessedTarget: 'नमस्ते',
      displayType: 'translation',
      version: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: TRANSLATION_MESSAGES.saved,
      data: { conflict: false, tm: { translationType: 'USER', preProcessedTarget: 'नमस्ते', version: 1 } },
    });
    const after = await counts();
    expect(after.humanVerified).toBe(before.humanVerified + target.wordCount);
    expect(after.newContentAvailable).toBe(before.newContentAvailable - target.wordCount);
    expect(after.totalWC).toBe(before.totalWC);
    const event = f.t.events.slice(eventCount).find((e) => e.event === TRANSLATION_EVENTS.translationChanged);
    expect(event?.room).toBe(projectRoomOf(projectId));
    expect((await filter({ types: ['USER'] })).tm.map((e) => e.sourceHash)).toEqual([target.sourceHash]);
  });

  it('user/update: a stale version still saves and says so; bad input and unknown strings fail clearly', async () => {
    const target = entries[0]!;
    const stale = await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: target.sourceHash,
      preProcessedTarget: 'नमस्कार',
      version: 0,
    });
    expect(stale.json()).toMatchObject({
      message: TRANSLATION_MESSAGES.savedOverNewer,
      data: { conflict: true, tm: { version: 2 } },
    });
    const unknown = await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: 'not-a-hash',
      preProcessedTarget: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      success: false,
      message: ERROR_MESSAGES.userTranslationUpdateFailed,
    });
    const wrongLanguage = await f.post('/translation/user/update', {
      projectId,
      targetLang: 'bn',
      sourceHash: target.sourceHash,
      preProcessedTarget: 'x',
    });
    expect(wrongLanguage.statusCode).toBe(400);
    expect(wrongLanguage.json().message).toBe(TRANSLATION_MESSAGES.languageNotInProject);
    const missing = await f.post('/translation/user/update', { projectId, targetLang: 'hi' });
    expect(missing.statusCode).toBe(400);
    const badProject = await f.post('/translation/user/update', {
      projectId: 'nope',
      targetLang: 'hi',
      sourceHash: target.sourceHash,
      preProcessedTarget: 'x',
    });
    expect(badProject.statusCode).toBe(400);
  });

  it('revision/list shows every version; restore brings one back as a new version', async () => {
    const target = entries[0]!;
    const list = await f.post('/translation/revision/list', {
      projectId,
      targetLang: 'hi',
      sourceHash: target.sourceHash,
    });
    const { tmRevisions, total } = data<{
      tmRevisions: Array<{ id: string; preProcessedTarget: string; version: number }>;
      total: number;
    }>(list);
    expect(total).toBe(2);
    expect(tmRevisions.map((r) => r.preProcessedTarget)).toEqual(['नमस्कार', 'नमस्ते']);
    const restored = await f.post('/translation/revision/restore', {
      projectId,
      revisionId: tmRevisions[1]!.id,
    });
    expect(restored.json()).toMatchObject({
      message: TRANSLATION_MESSAGES.revisionRestored,
      data: { tm: { preProcessedTarget: 'नमस्ते', version: 3 } },
    });
    const unknown = await f.post('/translation/revision/restore', {
      projectId,
      revisionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ERROR_MESSAGES.revertFailed);
    const badList = await f.post('/translation/revision/list', {
      projectId,
      targetLang: 'hi',
      sourceHash: 'nope',
    });
    expect(badList.statusCode).toBe(404);
    expect(badList.json().message).toBe(ERROR_MESSAGES.tmRevisionFetchFailed);
  });

  it('revision/create keeps a checkpoint of the current text; nothing to keep is the spec error', async () => {
    const target = entries[0]!;
    const created = await f.post('/translation/revision/create', {
      projectId,
      languages: ['hi'],
      sourceHash: target.sourceHash,
    });
    expect(created.json()).toMatchObject({
      success: true,
      data: { tmRevisions: [{ preProcessedTarget: 'नमस्ते', checkpoint: true, version: 3 }] },
    });
    const none = await f.post('/translation/revision/create', {
      projectId,
      languages: ['ta'],
      sourceHash: target.sourceHash,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ERROR_MESSAGES.tmRevisionCreateFailed);
    const empty = await f.post('/translation/revision/create', {
      projectId,
      languages: [],
      sourceHash: target.sourceHash,
    });
    expect(empty.statusCode).toBe(400);
  });

  it('toggle/transliteration/type flips the display type and moves transliterated words', async () => {
    const target = entries[0]!;
    const response = await f.post('/translation/toggle/transliteration/type', {
      projectId,
      targetLang: 'hi',
      sourceHashes: [target.sourceHash, entries[1]!.sourceHash],
    });
    expect(response.json()).toMatchObject({ success: true, data: { updated: 1 } });
    const wc = data<{ transliteratedWordCount: number; translatedWordCount: number }>(
      await f.post('/translation/status/wordcount', { projectId, targetLang: 'hi' }),
    );
    expect(wc.transliteratedWordCount).toBe(target.wordCount);
    expect(wc.translatedWordCount).toBe(0);
    expect((await filter({ displayTypes: ['t13n'] })).total).toBe(1);
    const none = await f.post('/translation/toggle/transliteration/type', {
      projectId,
      targetLang: 'hi',
      sourceHashes: ['nope'],
    });
    expect(none.statusCode).toBe(404);
    const empty = await f.post('/translation/toggle/transliteration/type', {
      projectId,
      targetLang: 'hi',
      sourceHashes: [],
    });
    expect(empty.statusCode).toBe(400);
  });

  it('status/wordcount for the project and for one URL, with the requested type', async () => {
    const project = data<{
      uniqueWordCount: number;
      wordCount: number;
      translationWordCount: Record<string, number>;
    }>(
      await f.post('/translation/status/wordcount', { projectId, targetLang: 'hi', translationType: 'USER' }),
    );
    expect(project.wordCount).toBe(entries[0]!.wordCount);
    expect(Object.values(project.translationWordCount).reduce((a, b) => a + b, 0)).toBe(
      project.uniqueWordCount,
    );
    const page = data<{ uniqueWordCount: number; url: string }>(
      await f.post('/translation/status/wordcount', { projectId, targetLang: 'hi', url: pageUrls[1] }),
    );
    expect(page.url).toBe(pageUrls[1]);
    expect(page.uniqueWordCount).toBeGreaterThan(0);
    expect(page.uniqueWordCount).toBeLessThan(project.uniqueWordCount);
    const unknownUrl = await f.post('/translation/status/wordcount', {
      projectId,
      targetLang: 'hi',
      url: 'https://elsewhere.example.in/',
    });
    expect(unknownUrl.statusCode).toBe(404);
    expect(unknownUrl.json().message).toBe(ERROR_MESSAGES.wordCountFetchFailed);
  });

  it('tm/count, dashboard/get, fetchAllWordCount and fetchAllCharacterCount agree', async () => {
    const tm = data<{ tmCount: Record<string, number>; total: number }>(
      await f.post('/translation/tm/count', { projectId, targetLang: 'hi' }),
    );
    expect(tm.tmCount).toMatchObject({ USER: 1, MACHINE: 0, PBK: 0, NO_TRANSLATION_AVAILABLE: tm.total - 1 });
    const dashboard = data<{
      languages: Array<{ targetLang: string; tmCount: Record<string, number>; percentTranslated: number }>;
    }>(await f.post('/translation/dashboard/get', { projectId }));
    expect(dashboard.languages.map((l) => l.targetLang)).toEqual(['hi', 'ta']);
    expect(dashboard.languages[0]!.tmCount).toEqual(tm.tmCount);
    expect(dashboard.languages[0]!.percentTranslated).toBeGreaterThan(0);
    const words = data<{ total: number; languages: Array<{ counts: Record<string, number> }> }>(
      await f.post('/translation/fetchAllWordCount', { projectId }),
    );
    const chars = data<{ total: number; languages: Array<{ counts: Record<string, number> }> }>(
      await f.post('/translation/fetchAllCharacterCount', { projectId }),
    );
    expect(chars.total).toBeGreaterThan(words.total);
    expect(words.languages[1]!.counts.NO_TRANSLATION_AVAILABLE).toBe(words.total);
    expect((await f.post('/translation/tm/count', { projectId, targetLang: 'xx' })).statusCode).toBe(400);
    expect((await f.post('/translation/dashboard/get', {})).statusCode).toBe(400);
  });

  it('filter: text search in source or target, URL, kinds, new content', async () => {
    const withWord = entries.find((e) => /\b[A-Za-z]{6,}\b/.test(e.source))!;
    const word = /\b([A-Za-z]{6,})\b/.exec(withWord.source)![1]!;
    const bySource = await filter({ searchText: word, searchIn: 'source' });
    expect(bySource.tm.every((e) => e.source.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(bySource.total).toBeGreaterThan(0);
    expect((await filter({ searchText: 'नमस्ते', searchIn: 'target' })).total).toBe(1);
    expect((await filter({ searchText: '100%_', searchIn: 'both' })).total).toBe(0);
    const onPage = await filter({ url: pageUrls[1], pageSize: 500 });
    expect(onPage.total).toBeGreaterThan(0);
    expect(onPage.total).toBeLessThan(entries.length);
    const fresh = await filter({ newContent: true, pageSize: 500 });
    expect(fresh.total).toBe(entries.length - 1);
    const view = data<{ total: number }>(
      await f.post('/translation/newContent/view', { projectId, targetLang: 'hi' }),
    );
    expect(view.total).toBe(fresh.total);
    const bad = await f.post('/translation/filter', { projectId, targetLang: 'hi', types: ['NOPE'] });
    expect(bad.statusCode).toBe(400);
    const badPage = await f.post('/translation/filter', { projectId, targetLang: 'hi', pageSize: 10_000 });
    expect(badPage.statusCode).toBe(400);
  });

  it('seo/get and meta/paginated/get list titles and meta descriptions', async () => {
    const seo = data<{ tm: TmEntry[]; total: number }>(
      await f.post('/translation/seo/get', { projectId, targetLang: 'hi' }),
    );
    expect(seo.total).toBeGreaterThan(0);
    expect(seo.tm.every((e) => e.kind === 'title' || e.kind === 'meta')).toBe(true);
    const meta = data<{ metaList: Array<{ url: string; meta: TmEntry[] }>; total: number }>(
      await f.post('/meta/paginated/get', { projectId, targetLang: 'hi', pageSize: 2 }),
    );
    expect(meta.total).toBe(pageUrls.length);
    expect(meta.metaList).toHaveLength(2);
    expect(meta.metaList[0]!.meta.some((e) => e.kind === 'title')).toBe(true);
    expect((await f.post('/meta/paginated/get', { projectId })).statusCode).toBe(400);
  });

  it('replace: preview changes nothing, apply saves USER versions, zero matches answers the spec text', async () => {
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'ta',
      sourceHash: entries[2]!.sourceHash,
      preProcessedTarget: 'Jitsi Meet jitsi',
    });
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'ta',
      sourceHash: entries[3]!.sourceHash,
      preProcessedTarget: 'JitsiX',
    });
    const preview = await f.post('/translation/replace', {
      projectId,
      targetLang: 'ta',
      find: 'jitsi',
      replace: 'ஜிட்சி $&',
      wholeWord: true,
      preview: true,
    });
    expect(preview.json()).toMatchObject({
      data: {
        modifiedTmCount: 1,
        preview: true,
        items: [{ before: 'Jitsi Meet jitsi', after: 'ஜிட்சி $& Meet ஜிட்சி $&' }],
      },
    });
    expect((await filter({ targetLang: 'ta', searchText: 'ஜிட்சி' })).total).toBe(0);
    const applied = await f.post('/translation/replace', {
      projectId,
      targetLang: 'ta',
      find: 'Jitsi',
      replace: 'ஜிட்சி',
      matchCase: true,
    });
    expect(applied.json()).toMatchObject({
      message: TRANSLATION_MESSAGES.replaced,
      data: { modifiedTmCount: 2 },
    });
    expect((await filter({ targetLang: 'ta', searchText: 'ஜிட்சி' })).total).toBe(2);
    const none = await f.post('/translation/replace', {
      projectId,
      targetLang: 'ta',
      find: 'zzzz-none',
      replace: 'x',
    });
    expect(none.json()).toMatchObject({
      success: true,
      message: VALIDATION_MESSAGES.noStringsToReplace,
      data: { modifiedTmCount: 0 },
    });
    const noFind = await f.post('/translation/replace', {
      projectId,
      targetLang: 'ta',
      find: '',
      replace: 'x',
    });
    expect(noFind.statusCode).toBe(400);
    expect(noFind.json().message).toBe(TRANSLATION_MESSAGES.findRequired);
  });

  it('analyze/new/content counts new untranslated segments; none is the spec error', async () => {
    const analysis = data<{
      totalSegmentCount: number;
      languages: Array<{ targetLang: string; segmentCount: number }>;
    }>(await f.post('/translation/analyze/new/content', { projectId }));
    expect(analysis.languages.find((l) => l.targetLang === 'hi')!.segmentCount).toBe(entries.length - 1);
    await createSegmentsRepository(f.t.handle.db).markAllSeen(projectId);
    const none = await f.post('/translation/analyze/new/content', { projectId, targetLangs: ['hi'] });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      success: false,
      message: ERROR_MESSAGES.noNewContent,
      data: { totalSegmentCount: 0 },
    });
    expect((await counts()).newContentAvailable).toBe(0);
    const wrong = await f.post('/translation/analyze/new/content', { projectId, targetLangs: ['bn'] });
    expect(wrong.statusCode).toBe(400);
  });

  it('generateReport and /report/download give the same figures; the CSV escapes formula cells', async () => {
    const report = data<{
      rows: Array<{ targetLang: string; wordCount: Record<string, number>; totalWords: number }>;
    }>(await f.post('/translation/generateReport', { projectId }));
    expect(report.rows.map((r) => r.targetLang)).toEqual(['hi', 'ta']);
    const download = await f.post('/report/download', { projectId, byUrl: true });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('projectReport.csv');
    const lines = download.body.trim().split('\r\n');
    expect(lines[0]).toContain('targetLang,url,totalSegments');
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 2)).toEqual(['hi', 'All URLs']);
    expect(Number(cells[3])).toBe(report.rows[0]!.totalWords);
    expect(Number(cells[4])).toBe(report.rows[0]!.wordCount.USER);
    expect(Number(cells[7])).toBe(report.rows[0]!.wordCount.NO_TRANSLATION_AVAILABLE);
    expect(lines.length).toBe(1 + 2 + 2 * pageUrls.length);
    const bad = await f.post('/translation/generateReport', { projectId, targetLangs: ['bn'] });
    expect(bad.statusCode).toBe(400);
    const foreign = await f.post('/report/download', { projectId: '00000000-0000-4000-8000-000000000000' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ERROR_MESSAGES.projectReportFetchFailed);
  });

  it('download/batchFile streams the entries as CSV with formula cells escaped', async () => {
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: entries[4]!.sourceHash,
      preProcessedTarget: '=HYPERLINK("https://evil.example")',
    });
    const response = await f.post('/translation/download/batchFile', {
      projectId,
      targetLang: 'hi',
      types: ['USER'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('sourceHash,source,target,translationType,displayType,wordCount');
    expect(lines).toHaveLength(3);
    expect(response.body).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
    const wrong = await f.post('/translation/download/batchFile', { projectId, targetLang: 'bn' });
    expect(wrong.statusCode).toBe(400);
  });

  it('languageDeletion removes the language and its translations; the counts follow', async () => {
    const response = await f.post('/translation/languageDeletion', { projectId, targetLang: 'ta' });
    expect(response.json()).toMatchObject({
      success: true,
      data: { targetLanguages: ['hi'], deletedTranslations: 2 },
    });
    const dashboard = data<{ languages: Array<{ targetLang: string }> }>(
      await f.post('/translation/dashboard/get', { projectId }),
    );
    expect(dashboard.languages.map((l) => l.targetLang)).toEqual(['hi']);
    const last = await f.post('/translation/languageDeletion', { projectId, targetLang: 'hi' });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe(TRANSLATION_MESSAGES.lastLanguage);
    const collaborator = await f.t.createMember('collaborator', f.organisationId);
    const forbidden = await f.post(
      '/translation/languageDeletion',
      { projectId, targetLang: 'hi' },
      collaborator.headers,
    );
    expect(forbidden.statusCode).toBe(403);
  });

  it('another organisation gets 404 for every call on this project', async () => {
    const other = await f.t.createOrganisation('Other Org');
    const outsider = (await f.t.createMember('organisationAdmin', other.id)).headers;
    for (const [url, payload] of [
      ['/translation/filter', { projectId, targetLang: 'hi' }],
      ['/translation/counts', { projectId, targetLang: 'hi' }],
      [
        '/translation/user/update',
        { projectId, targetLang: 'hi', sourceHash: entries[0]!.sourceHash, preProcessedTarget: 'x' },
      ],
      ['/translation/revision/list', { projectId, targetLang: 'hi', sourceHash: entries[0]!.sourceHash }],
      ['/translation/replace', { projectId, targetLang: 'hi', find: 'न', replace: 'x' }],
      ['/translation/dashboard/get', { projectId }],
    ] as const) {
      const response = await f.post(url, payload, outsider);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(entries[0]!.sourceHash);
    }
  });
});
