import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ERROR_MESSAGES,
  TRANSLATION_MESSAGES,
  formatSuggestionsProcessed,
  type Suggestion,
  type TmEntry,
} from '@bhasha/contract';
import { translationRevisions } from '@bhasha/db';
import { createSuggestionsRepository } from '../../src/modules/suggestions/suggestions.repository';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';
import { multipartBody } from '../support/multipart';
import { parseCsv } from '@bhasha/engine';

describe('suggestions and feedback', () => {
  let f: TranslationFixture;
  let projectId: string;
  let entries: TmEntry[];
  let ids: string[];

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId } = await f.createProject({ targetLanguages: ['hi'], pageFiles: ['index.html'] }));
    entries = (await f.post('/translation/filter', { projectId, targetLang: 'hi', pageSize: 10 })).json<{
      data: { tm: TmEntry[] };
    }>().data.tm;
    // Visitors' suggestions and feedback as the website snippet records them.
    const repository = createSuggestionsRepository(f.t.handle.db);
    const texts = ['सुझाव एक', '=cmd|calc', 'सुझाव तीन', 'सुझाव चार', '-सुझाव पाँच'];
    ids = [];
    for (const [i, text] of texts.entries()) {
      const row = await repository.insert({
        organisationId: f.organisationId,
        projectId,
        sourceHash: entries[i]!.sourceHash,
        sourceText: entries[i]!.source,
        targetLang: 'hi',
        text,
        url: 'https://handbook.example.in/',
        suggestedBy: 'visitor@example.in',
        createdAt: new Date(Date.now() + i * 1000),
      });
      ids.push(row.id);
    }
    await repository.insertFeedback({
      organisationId: f.organisationId,
      projectId,
      targetLang: 'hi',
      url: 'https://handbook.example.in/',
      rating: 4,
      comment: '+SUM(A1:A9) nice translation',
      createdBy: 'visitor@example.in',
    });
  });
  afterAll(async () => f.close());

  const list = async (payload: object = {}) =>
    (await f.post('/suggestion/filter', { projectId, ...payload })).json<{
      data: { suggestions: Suggestion[]; total: number };
    }>().data;

  it('filters suggestions by status, language and text, newest first', async () => {
    const all = await list({ pageSize: 2 });
    expect(all.total).toBe(5);
    expect(all.suggestions.map((s) => s.id)).toEqual([ids[4], ids[3]]);
    expect((await list({ status: 'new' })).total).toBe(5);
    expect((await list({ searchText: 'तीन' })).suggestions.map((s) => s.id)).toEqual([ids[2]]);
    expect((await list({ targetLang: 'ta' })).total).toBe(0);
    expect((await f.post('/suggestion/filter', { projectId, status: 'done' })).statusCode).toBe(400);
  });

  it('accept makes the suggestion a USER translation with a revision; twice is refused', async () => {
    const response = await f.post('/suggestion/accept', { projectId, suggestionId: ids[0] });
    expect(response.json()).toMatchObject({
      success: true,
      message: TRANSLATION_MESSAGES.suggestionAccepted,
      data: {
        suggestion: { status: 'accepted' },
        tm: { translationType: 'USER', preProcessedTarget: 'सुझाव एक' },
      },
    });
    const revisions = await f.t.handle.db
      .select({ origin: translationRevisions.origin })
      .from(translationRevisions)
      .where(
        and(
          eq(translationRevisions.projectId, projectId),
          eq(translationRevisions.sourceHash, entries[0]!.sourceHash),
        ),
      );
    expect(revisions).toEqual([{ origin: 'suggestion' }]);
    const again = await f.post('/suggestion/accept', { projectId, suggestionId: ids[0] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERROR_MESSAGES.suggestionAcceptFailed);
    const unknown = await f.post('/suggestion/accept', {
      projectId,
      suggestionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ERROR_MESSAGES.suggestionAcceptFailed);
    expect((await f.post('/suggestion/accept', { projectId, suggestionId: 'x' })).statusCode).toBe(400);
  });

  it('accept with an edited text saves the edit', async () => {
    const response = await f.post('/suggestion/accept', {
      projectId,
      suggestionId: ids[2],
      preProcessedTarget: 'संपादित',
    });
    expect(response.json().data.tm.preProcessedTarget).toBe('संपादित');
  });

  it('reject closes open suggestions; closed or unknown ones answer the spec text', async () => {
    const response = await f.post('/suggestion/reject', { projectId, suggestionIds: [ids[3]] });
    expect(response.json()).toMatchObject({ success: true, data: { rejected: 1 } });
    const closed = await f.post('/suggestion/reject', { projectId, suggestionIds: [ids[3]] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(ERROR_MESSAGES.suggestionRejectFailed);
    const unknown = await f.post('/suggestion/reject', {
      projectId,
      suggestionIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ERROR_MESSAGES.suggestionRejectFailed);
    expect((await f.post('/suggestion/reject', { projectId, suggestionIds: [] })).statusCode).toBe(400);
  });

  it('download gives suggestionReport.csv with formula cells escaped; upload applies the actions', async () => {
    const download = await f.post('/suggestion/download', { projectId });
    expect(download.headers['content-disposition']).toContain('suggestionReport.csv');
    expect(download.body).toContain(`'=cmd|calc`);
    expect(download.body).toContain(`'-सुझाव पाँच`);
    const [header, ...rows] = parseCsv(download.body, { maxRecords: 100, maxFieldLength: 10_000 });
    const at = (name: string) => header!.indexOf(name);
    // Accept the formula-looking one as it was, and the last one; leave the others.
    for (const row of rows) {
      if (row[at('suggestionId')] === ids[1] || row[at('suggestionId')] === ids[4])
        row[at('action')] = 'accept';
    }
    const csv = [header!, ...rows]
      .map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))
      .join('\r\n');
    const upload = multipartBody(
      { projectId },
      { name: 'suggestionReport.csv', type: 'text/csv', content: csv },
    );
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/suggestion/upload',
      headers: { ...f.admin, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(response.json()).toMatchObject({
      success: true,
      message: formatSuggestionsProcessed(2, 3),
      data: { updated: 2, noAction: 3, errors: [] },
    });
    const saved = (
      await f.post('/translation/filter', { projectId, targetLang: 'hi', types: ['USER'], pageSize: 50 })
    ).json<{
      data: { tm: TmEntry[] };
    }>().data.tm;
    // The apostrophe guard of the download is not saved into the translation.
    expect(saved.map((e) => e.preProcessedTarget).sort()).toEqual(
      ['-सुझाव पाँच', '=cmd|calc', 'संपादित', 'सुझाव एक'].sort(),
    );
  });

  it('upload refuses files that are not the suggestion CSV', async () => {
    const wrong = multipartBody({ projectId }, { name: 'x.csv', type: 'text/csv', content: 'a,b\n1,2\n' });
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/api/suggestion/upload',
      headers: { ...f.admin, 'content-type': wrong.contentType },
      payload: wrong.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TRANSLATION_MESSAGES.uploadColumnsMissing);
    const noFile = multipartBody({ projectId });
    const missing = await f.t.app.inject({
      method: 'POST',
      url: '/api/suggestion/upload',
      headers: { ...f.admin, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(TRANSLATION_MESSAGES.uploadFileRequired);
  });

  it('feedback/get pages the feedback; feedback/csv/get escapes formula cells', async () => {
    const response = await f.post('/feedback/get', { projectId });
    expect(response.json()).toMatchObject({ data: { totalRecords: 1, records: [{ rating: 4 }] } });
    const csv = await f.post('/feedback/csv/get', { projectId });
    expect(csv.headers['content-disposition']).toContain('feedbackReport.csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'feedbackId,targetLang,url,sourceHash,rating,comment,createdBy,createdAt',
    );
    expect(csv.body).toContain(`'+SUM(A1:A9) nice translation`);
    expect((await f.post('/feedback/get', { projectId, pageSize: 0 })).statusCode).toBe(400);
  });

  it('another organisation gets 404', async () => {
    const other = await f.t.createOrganisation('Other');
    const outsider = (await f.t.createMember('organisationAdmin', other.id)).headers;
    for (const [url, payload] of [
      ['/suggestion/filter', { projectId }],
      ['/suggestion/accept', { projectId, suggestionId: ids[4] }],
      ['/suggestion/reject', { projectId, suggestionIds: [ids[4]] }],
      ['/suggestion/download', { projectId }],
      ['/feedback/get', { projectId }],
      ['/feedback/csv/get', { projectId }],
    ] as const) {
      expect((await f.post(url, payload, outsider)).statusCode, url).toBe(404);
    }
  });
});
