import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  MANUAL_TRANSLATION_MESSAGES,
  TRANSLATION_MESSAGES,
  type ManualRequest,
  type ManualRequestDetail,
  type ManualBatchUpload,
  type ManualRequestList,
  type ManualRequestQuote,
  type TmEntry,
} from '@bhasha/contract';
import {
  manualTranslationRequestSegments,
  manualTranslationRequests,
  projects,
  segments,
  translations,
} from '@bhasha/db';
import { multipartBody } from '../support/multipart';
import {
  buildTranslationFixture,
  type Headers,
  type TranslationFixture,
} from '../translation/support/translation-fixture';

type Answer<T> = { success: boolean; message: string; data: T };

describe('manual translation requests (human translation orders)', () => {
  let f: TranslationFixture;
  let projectId: string;
  let pageUrls: string[];
  let entries: TmEntry[];
  /** A platform desk member (no organisation): serves every organisation. */
  let desk: Headers;
  /** A desk member bound to another organisation: sees none of this one's orders. */
  let foreignDesk: Headers;
  let otherAdmin: Headers;
  let collaborator: Headers;
  let freeAdmin: Headers;
  let translationAdmin: Headers;

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId, pageUrls } = await f.createProject({
      targetLanguages: ['hi', 'ta'],
      pageFiles: ['index.html', 'help/index.html'],
    }));
    entries = (await f.post('/translation/filter', { projectId, targetLang: 'hi', pageSize: 10 })).json<
      Answer<{ tm: TmEntry[] }>
    >().data.tm;
    const other = await f.t.createOrganisation('Other Org');
    otherAdmin = (await f.t.createMember('organisationAdmin', other.id)).headers;
    foreignDesk = (await f.t.createMember('deliveryManager', other.id)).headers;
    desk = (await f.t.createMember('deliveryManager', null)).headers;
    translationAdmin = (await f.t.createMember('translationAdmin', null)).headers;
    collaborator = (await f.t.createMember('collaborator', f.organisationId)).headers;
    freeAdmin = (await f.t.createMember('freeOrgAdmin', f.organisationId)).headers;
  }, 300_000);
  afterAll(async () => f.close());

  const get = (url: string, headers: Headers = f.admin) =>
    f.t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const create = (payload: object, headers?: Headers) =>
    f.post('/manual-translation/request', { projectId, targetLanguages: ['hi', 'ta'], ...payload }, headers);
  const createOk = async (payload: object): Promise<ManualRequest> => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer<{ request: ManualRequest }>>().data.request;
  };
  const requestCount = async () =>
    (
      await f.t.handle.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(manualTranslationRequests)
    )[0]!.n;
  const wordsOf = async (hashes: string[]) => {
    const rows = await f.t.handle.db
      .select({ hash: segments.sourceHash, words: segments.wordCount })
      .from(segments)
      .where(eq(segments.projectId, projectId));
    return rows.filter((r) => hashes.includes(r.hash)).reduce((sum, r) => sum + r.words, 0);
  };

  it('orders the selected strings in the chosen languages, counting words when asked', async () => {
    const hashes = entries.slice(0, 3).map((e) => e.sourceHash);
    const res = await create({ sourceHashes: [...hashes, hashes[0]], note: 'Launch pages' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Answer<{ request: ManualRequest; quote: ManualRequestQuote }>>();
    expect(body.message).toBe(MANUAL_TRANSLATION_MESSAGES.requestSent);
    const request = body.data.request;
    const words = await wordsOf(hashes);
    expect(body.data.quote).toEqual({
      segmentCount: 3,
      wordCount: words,
      totalWordCount: words * 2,
      targetLanguages: ['hi', 'ta'],
    });
    expect(words).toBeGreaterThan(0);
    expect(request).toMatchObject({
      projectId,
      status: 'pendingManualTranslation',
      targetLanguages: ['hi', 'ta'],
      segmentCount: 3,
      wordCount: words,
      totalWordCount: words * 2,
      note: 'Launch pages',
      actions: ['delete'],
    });
    const stored = await f.t.handle.db
      .select()
      .from(manualTranslationRequestSegments)
      .where(eq(manualTranslationRequestSegments.requestId, request.id));
    expect(stored.map((s) => s.sourceHash).sort()).toEqual([...hashes].sort());
  });

  it('quotes a selection with dryRun without storing anything', async () => {
    const before = await requestCount();
    const hashes = entries.slice(0, 5).map((e) => e.sourceHash);
    const res = await create({
      targetLanguages: ['ta'],
      sourceHashes: [...hashes, '0'.repeat(64)],
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const words = await wordsOf(hashes);
    expect(res.json<Answer<{ request: null; quote: ManualRequestQuote }>>()).toMatchObject({
      message: MANUAL_TRANSLATION_MESSAGES.quoted,
      data: { request: null, quote: { segmentCount: 5, wordCount: words, totalWordCount: words } },
    });
    expect(await requestCount()).toBe(before);
    const nothing = await create({ sourceHashes: ['0'.repeat(64)], dryRun: true });
    expect(nothing.statusCode).toBe(400);
  });

  it('orders every new string of the project, or of one URL, through a filter', async () => {
    const [newCount] = await f.t.handle.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(segments)
      .where(and(eq(segments.projectId, projectId), eq(segments.isNew, true)));
    const all = await createOk({ targetLanguages: ['ta'], filter: { newContent: true } });
    expect(all.segmentCount).toBe(newCount!.n);
    expect(all.totalWordCount).toBe(all.wordCount);
    const onePage = await createOk({ filter: { url: pageUrls[1] } });
    expect(onePage.segmentCount).toBeGreaterThan(0);
    expect(onePage.segmentCount).toBeLessThan(newCount!.n);
    const missing = await create({ filter: { url: 'https://nowhere.example.in/page' } });
    expect(missing.statusCode).toBe(404);
  });

  it('answers clear validation messages and stores nothing for bad input', async () => {
    const before = await requestCount();
    const cases: [object, number, string][] = [
      [{}, 400, MANUAL_TRANSLATION_MESSAGES.selectionOrFilter],
      [{ sourceHashes: [] }, 400, MANUAL_TRANSLATION_MESSAGES.selectionOrFilter],
      [
        { sourceHashes: [entries[0]!.sourceHash], filter: { newContent: true } },
        400,
        MANUAL_TRANSLATION_MESSAGES.selectionOrFilter,
      ],
      [
        { targetLanguages: [], sourceHashes: [entries[0]!.sourceHash] },
        400,
        MANUAL_TRANSLATION_MESSAGES.languagesRequired,
      ],
      [
        { targetLanguages: ['mr'], sourceHashes: [entries[0]!.sourceHash] },
        400,
        TRANSLATION_MESSAGES.languageNotInProject,
      ],
      [{ sourceHashes: ['0'.repeat(64)] }, 400, MANUAL_TRANSLATION_MESSAGES.noStringsMatched],
      [
        { sourceHashes: Array.from({ length: 10_001 }, (_, i) => `h${i}`) },
        400,
        MANUAL_TRANSLATION_MESSAGES.tooManyStrings,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      const body = res.json<{ success: boolean; type: string; data: string[] }>();
      expect(body).toMatchObject({ success: false, type: 'VALIDATION_ERROR' });
      expect(body.data).toContain(message);
    }
    expect(await requestCount()).toBe(before);
  });

  it('lets only the paid organisation admins order, and only in their own organisation', async () => {
    const payload = { sourceHashes: [entries[0]!.sourceHash] };
    expect((await create(payload, collaborator)).statusCode).toBe(403);
    expect((await create(payload, freeAdmin)).statusCode).toBe(403);
    expect((await create(payload, desk)).statusCode).toBe(403);
    expect((await create(payload, otherAdmin)).statusCode).toBe(404);
  });

  it('lists orders for the organisation and the desk, pages and searches, and hides them from others', async () => {
    const mine = (await get('/manual-translation/request/1/2')).json<Answer<ManualRequestList>>().data;
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.requests).toHaveLength(2);
    expect(mine.requests[0]!.organisationName).toBe('Test Org');
    const [project] = await f.t.handle.db.select().from(projects).where(eq(projects.id, projectId));
    const found = (
      await get(`/manual-translation/request/1/50?searchText=${encodeURIComponent(project!.name)}`)
    ).json<Answer<ManualRequestList>>().data;
    expect(found.total).toBe(mine.total);
    const none = (await get('/manual-translation/request/1/50?searchText=zz-no-such-order')).json<
      Answer<ManualRequestList>
    >().data;
    expect(none.total).toBe(0);

    const deskList = (await get('/manual-translation/request/1/50', desk)).json<Answer<ManualRequestList>>()
      .data;
    expect(deskList.total).toBe(mine.total);
    expect(deskList.requests[0]!.actions).toEqual(['approve', 'reject']);
    const translators = (await get('/manual-translation/request/1/50', translationAdmin)).json<
      Answer<ManualRequestList>
    >().data;
    expect(translators.total).toBe(mine.total);
    expect(translators.requests[0]!.actions).toEqual([]);

    for (const outsider of [otherAdmin, foreignDesk]) {
      const res = await get('/manual-translation/request/1/50', outsider);
      expect(res.json<Answer<ManualRequestList>>().data.total).toBe(0);
      expect(res.body).not.toContain(projectId);
      expect((await get(`/manual-translation/request/${projectId}/1/10`, outsider)).statusCode).toBe(404);
    }
    expect((await get('/manual-translation/request/1/50', collaborator)).statusCode).toBe(403);
    expect((await get('/manual-translation/request/0/10')).statusCode).toBe(400);
    expect((await get('/manual-translation/request/1/101')).statusCode).toBe(400);

    const byProject = (await get(`/manual-translation/request/${projectId}/1/10`)).json<
      Answer<ManualRequestList>
    >().data;
    expect(byProject.total).toBe(mine.total);
  });

  it('shows one order with its strings in page order, and 404 to other organisations', async () => {
    const order = await createOk({ sourceHashes: entries.slice(0, 4).map((e) => e.sourceHash) });
    const res = await get(`/manual-translation/request/${order.id}`, desk);
    expect(res.statusCode).toBe(200);
    const detail = res.json<Answer<ManualRequestDetail>>().data;
    expect(detail.request.id).toBe(order.id);
    expect(detail.segments.map((s) => s.sourceHash)).toEqual(entries.slice(0, 4).map((e) => e.sourceHash));
    expect(detail.segments[0]!.text).toBe(entries[0]!.source);
    expect((await get(`/manual-translation/request/${order.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/manual-translation/request/${order.id}`, foreignDesk)).statusCode).toBe(404);
    expect((await get('/manual-translation/request/not-a-uuid')).statusCode).toBe(400);
  });

  it('moves an order through the status machine: approve, revert, approve again; reject; delete', async () => {
    const order = await createOk({ sourceHashes: [entries[5]!.sourceHash] });
    const act = (path: string, headers: Headers, extra: object = {}) =>
      f.post(path, { requestId: order.id, ...extra }, headers);

    expect((await act('/prabandhak/approve', f.admin)).statusCode).toBe(403);
    expect((await act('/prabandhak/approve', foreignDesk)).statusCode).toBe(404);
    const approved = await act('/prabandhak/approve', desk);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Answer<{ request: ManualRequest }>>().data.request).toMatchObject({
      status: 'processingManualTranslation',
      actions: ['revert'],
    });
    const again = await act('/prabandhak/approve', desk);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(MANUAL_TRANSLATION_MESSAGES.notApprovable);
    expect((await act('/manual-translation/reject', desk)).statusCode).toBe(409);
    const notDeletable = await act('/manual-translation/delete', f.admin);
    expect(notDeletable.statusCode).toBe(409);
    expect(notDeletable.json<{ message: string }>().message).toBe(MANUAL_TRANSLATION_MESSAGES.notDeletable);

    const reverted = await act('/manual-translation/revert', desk);
    expect(reverted.json<Answer<{ request: ManualRequest }>>()).toMatchObject({
      message: MANUAL_TRANSLATION_MESSAGES.reverted,
      data: { request: { status: 'reverted', actions: ['approve'] } },
    });
    const revertAgain = await act('/manual-translation/revert', desk);
    expect(revertAgain.statusCode).toBe(409);
    expect(revertAgain.json<{ message: string; data: { reason: string } }>()).toMatchObject({
      message: ERROR_MESSAGES.revertFailed,
      data: { reason: MANUAL_TRANSLATION_MESSAGES.notRevertable },
    });
    expect(
      (await act('/prabandhak/approve', desk)).json<Answer<{ request: ManualRequest }>>().data.request.status,
    ).toBe('processingManualTranslation');

    const second = await createOk({ sourceHashes: [entries[6]!.sourceHash] });
    const rejected = await f.post(
      '/manual-translation/reject',
      { requestId: second.id, reason: 'Out of scope' },
      desk,
    );
    expect(rejected.json<Answer<{ request: ManualRequest }>>().data.request).toMatchObject({
      status: 'rejectedManualTranslation',
      rejectionReason: 'Out of scope',
    });
    expect((await f.post('/manual-translation/delete', { requestId: second.id }, desk)).statusCode).toBe(403);
    expect(
      (await f.post('/manual-translation/delete', { requestId: second.id }, otherAdmin)).statusCode,
    ).toBe(404);
    const deleted = await f.post('/manual-translation/delete', { requestId: second.id });
    expect(deleted.json<Answer<{ requestId: string }>>()).toMatchObject({
      message: MANUAL_TRANSLATION_MESSAGES.deleted,
      data: { requestId: second.id },
    });
    expect((await get(`/manual-translation/request/${second.id}`)).statusCode).toBe(404);
    const leftovers = await f.t.handle.db
      .select()
      .from(manualTranslationRequestSegments)
      .where(eq(manualTranslationRequestSegments.requestId, second.id));
    expect(leftovers).toEqual([]);
    expect((await f.post('/manual-translation/delete', { requestId: 'nope' })).statusCode).toBe(400);
  });

  it('stores the translated batch file as PBK, skips foreign rows with reasons, and completes the order', async () => {
    const [a, b] = [entries[7]!.sourceHash, entries[8]!.sourceHash];
    const order = await createOk({ sourceHashes: [a, b] });
    const upload = (csv: string, headers: Headers = desk, requestId = order.id) => {
      const body = multipartBody({ requestId }, { name: 'batch.csv', type: 'text/csv', content: csv });
      return f.t.app.inject({
        method: 'POST',
        url: '/api/manual-translation/upload/batchFile',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const header = 'sourceHash,targetLang,source,target\n';
    const early = await upload(`${header}${a},hi,x,अनुवाद\n`);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(MANUAL_TRANSLATION_MESSAGES.notUploadable);
    await f.post('/prabandhak/approve', { requestId: order.id }, desk);

    expect((await upload(`${header}${a},hi,x,अनुवाद\n`, f.admin)).statusCode).toBe(403);
    expect((await upload(`${header}${a},hi,x,अनुवाद\n`, foreignDesk)).statusCode).toBe(404);
    const noHeader = await upload(`${a},hi,अनुवाद\n`);
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json<{ message: string }>().message).toBe(MANUAL_TRANSLATION_MESSAGES.uploadHeader);

    const first = await upload(
      `${header}${a},hi,x,"पहला, अनुवाद"\n${b},hi,x,दूसरा\n${a},ta,x,முதல்\n${'0'.repeat(64)},hi,x,बाहर\n${a},mr,x,मराठी\n${b},ta,x,\n`,
      translationAdmin,
    );
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<Answer<ManualBatchUpload>>().data;
    expect(result).toMatchObject({ written: 3, unchanged: 0, skipped: 3 });
    expect(result.problems).toEqual([
      'line 5: not a string of this request',
      'line 6: not a language of this request',
      'line 7: no translation',
    ]);
    expect(result.request.status).toBe('processingManualTranslation');
    const stored = await f.t.handle.db
      .select({ text: translations.text, type: translations.type })
      .from(translations)
      .where(
        and(
          eq(translations.projectId, projectId),
          eq(translations.sourceHash, a),
          eq(translations.targetLang, 'hi'),
        ),
      );
    expect(stored).toEqual([{ text: 'पहला, अनुवाद', type: 'PBK' }]);

    const last = (await upload(`${header}${b},ta,x,இரண்டாவது\n${b},hi,x,दूसरा\n`)).json<
      Answer<ManualBatchUpload>
    >().data;
    expect(last).toMatchObject({ written: 1, unchanged: 1, skipped: 0 });
    expect(last.request).toMatchObject({ status: 'completedManualTranslation', actions: [] });
    expect((await upload(`${header}${b},ta,x,மீண்டும்\n`)).statusCode).toBe(409);
  });

  it('keeps the orders of a deleted project as projectDeleted', async () => {
    const { projectId: doomed } = await f.createProject({
      targetLanguages: ['hi'],
      pageFiles: ['index.html'],
    });
    const res = await f.post('/manual-translation/request', {
      projectId: doomed,
      targetLanguages: ['hi'],
      filter: { newContent: false },
    });
    const order = res.json<Answer<{ request: ManualRequest }>>().data.request;
    // The deletion job removes the row; the order must survive it.
    await f.t.handle.db.delete(projects).where(eq(projects.id, doomed));
    const after = (await get(`/manual-translation/request/${order.id}`)).json<Answer<ManualRequestDetail>>()
      .data;
    expect(after.request).toMatchObject({ status: 'projectDeleted', projectId: null, actions: [] });
    expect(after.segments).toHaveLength(order.segmentCount);
  });
});
