import { eq } from 'drizzle-orm';
import { segments } from '@bhasha/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_MESSAGES } from '@bhasha/contract';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';

let f: TranslationFixture;
let projectId: string;
let origin: string;
let pageUrl: string;
let segment: { sourceHash: string; text: string };

const postAsSnippet = (path: string, body: object, headers: Record<string, string> = { origin }) =>
  f.t.app.inject({
    method: 'POST',
    url: `/api/delivery/${projectId}${path}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  f = await buildTranslationFixture();
  const created = await f.createProject({ pageFiles: ['index.html'] });
  projectId = created.projectId;
  pageUrl = created.pageUrls[0]!;
  origin = new URL(pageUrl).origin;
  const [row] = await f.t.handle.db
    .select({ sourceHash: segments.sourceHash, text: segments.text })
    .from(segments)
    .where(eq(segments.projectId, projectId))
    .limit(1);
  segment = row!;
  await f.t.services.translationWriter.write(
    { organisationId: f.organisationId, projectId, authorId: f.adminUserId },
    [
      {
        sourceHash: segment.sourceHash,
        targetLang: 'hi',
        text: 'पुराना अनुवाद',
        type: 'USER',
        origin: 'editor',
      },
    ],
  );
}, 300_000);

afterAll(async () => {
  await f?.close();
});

describe('visitor suggestions and feedback from the snippet', () => {
  it('files a suggestion as new, with the source and current translation from the database', async () => {
    const response = await postAsSnippet('/suggestions', {
      url: pageUrl,
      language: 'hi',
      sourceHash: segment.sourceHash,
      text: 'बेहतर अनुवाद',
      suggestedBy: 'Asha',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(VISITOR_MESSAGES.suggestionReceived);
    expect(response.headers['access-control-allow-origin']).toBe(origin);

    const list = await f.post('/suggestion/filter', { projectId, targetLang: 'hi', status: 'new' });
    expect(list.statusCode, list.body).toBe(200);
    const [suggestion] = list.json().data.suggestions as Record<string, unknown>[];
    expect(suggestion).toMatchObject({
      sourceHash: segment.sourceHash,
      source: segment.text,
      suggestion: 'बेहतर अनुवाद',
      currentTarget: 'पुराना अनुवाद',
      status: 'new',
      suggestedBy: 'Asha',
    });
  });

  it('refuses markup, unknown segments, foreign pages, languages the project does not publish, and writes without an origin', async () => {
    const base = { url: pageUrl, language: 'hi', sourceHash: segment.sourceHash, text: 'ठीक' };
    const markup = await postAsSnippet('/suggestions', {
      ...base,
      text: 'नमस्ते <img src=x onerror=alert(1)>',
    });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().message).toBe(VISITOR_MESSAGES.plainTextOnly);
    const unknown = await postAsSnippet('/suggestions', { ...base, sourceHash: 'a'.repeat(64) });
    expect(unknown.statusCode).toBe(404);
    const foreignPage = await postAsSnippet('/suggestions', { ...base, url: 'https://evil.example.com/x' });
    expect(foreignPage.statusCode).toBe(403);
    const foreignOrigin = await postAsSnippet('/suggestions', base, { origin: 'https://evil.example.com' });
    expect(foreignOrigin.statusCode).toBe(403);
    const noOrigin = await postAsSnippet('/suggestions', base, {});
    expect(noOrigin.statusCode).toBe(403);
    const language = await postAsSnippet('/suggestions', { ...base, language: 'fr' });
    expect(language.statusCode).toBe(400);
    const list = await f.post('/suggestion/filter', { projectId });
    expect(list.json().data.total).toBe(1);
  });

  it('files feedback with a rating into the feedback list', async () => {
    const response = await postAsSnippet('/feedback', {
      url: pageUrl,
      language: 'hi',
      rating: 4,
      comment: 'अनुवाद अच्छा है, पर शीर्षक अधूरा है',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(VISITOR_MESSAGES.feedbackReceived);
    const list = await f.post('/feedback/get', { projectId });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.totalRecords).toBe(1);
    expect(list.json().data.records[0]).toMatchObject({
      rating: 4,
      comment: 'अनुवाद अच्छा है, पर शीर्षक अधूरा है',
    });
  });
});
