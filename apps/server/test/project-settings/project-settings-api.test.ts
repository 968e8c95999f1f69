import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_SETTING_MESSAGES } from '@bhasha/contract';
import type { CrawlTestApp } from '../crawl/support/crawl-test-app';
import { buildProjectWithMembers, type Headers } from '../projects/support/project-with-members';

describe('project delivery settings (custom-font-size, no-translation-node, swalekhIntegration)', () => {
  let t: CrawlTestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let collaborator: Headers;
  let projectId: string;

  beforeAll(async () => {
    ({ t, admin, collaborator, otherAdmin, projectId } = await buildProjectWithMembers({
      organisation: 'Settings Org',
      otherOrganisation: 'Other Org',
      baseUrl: 'https://settings.example.in',
      targetLanguages: ['hi', 'ta'],
    }));
  }, 300_000);
  afterAll(async () => t?.close());

  function post(url: string, headers: Headers, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }
  async function deliverySettings() {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/delivery/${projectId}/settings`,
      headers: { origin: 'https://settings.example.in' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { etag: response.headers.etag, data: response.json().data };
  }

  it('saves a font size per language, replaces it on a second save, lists and deletes by id', async () => {
    const before = await deliverySettings();
    const first = await post('/custom-font-size/add', admin, { projectId, language: 'hi', fontSize: 18 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(PROJECT_SETTING_MESSAGES.fontSizeSaved);
    await post('/custom-font-size/add', admin, { projectId, language: 'ta', fontSize: 16 });
    const again = await post('/custom-font-size/add', admin, { projectId, language: 'hi', fontSize: 20 });
    expect(again.json().data.id).toBe(first.json().data.id);

    const list = await post('/custom-font-size/get', admin, { projectId });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.totalCount).toBe(2);
    const sizes = list.json<{
      data: { customFontSizes: { id: string; language: string; fontSize: number }[] };
    }>().data.customFontSizes;
    expect(sizes.map((item) => [item.language, item.fontSize])).toEqual([
      ['hi', 20],
      ['ta', 16],
    ]);
    // The snippet's settings carry them, under a new ETag.
    const after = await deliverySettings();
    expect(after.data.customFontSizes).toEqual({ hi: 20, ta: 16 });
    expect(after.etag).not.toBe(before.etag);

    const tamil = sizes[1]!.id;
    const deleted = await post('/custom-font-size/delete', admin, { projectId, ids: [tamil] });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.deleted).toBe(1);
    expect((await deliverySettings()).data.customFontSizes).toEqual({ hi: 20 });
    const missing = await post('/custom-font-size/delete', admin, { projectId, ids: [tamil] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PROJECT_SETTING_MESSAGES.notFound);
  });

  it.each([
    [{ language: 'hi', fontSize: 7 }, PROJECT_SETTING_MESSAGES.fontSizeRange],
    [{ language: 'hi', fontSize: 41 }, PROJECT_SETTING_MESSAGES.fontSizeRange],
    [{ language: 'hi', fontSize: 16.5 }, PROJECT_SETTING_MESSAGES.fontSizeRange],
    [{ language: 'bn', fontSize: 16 }, PROJECT_SETTING_MESSAGES.languageNotInProject],
  ])('refuses font size %o with a clear message', async (body, message) => {
    const response = await post('/custom-font-size/add', admin, { projectId, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('VALIDATION_ERROR');
    expect(response.json().message).toBe(message);
  });

  it.each([
    ['no-translation-node', 'noTranslationNodes', 'noTranslateSelectors'],
    ['swalekhIntegration', 'swalekhIntegrations', 'swalekhSelectors'],
  ] as const)(
    '%s: adds checked selectors, refuses duplicates and unsupported ones, deletes by id',
    async (path, listKey, deliveryKey) => {
      for (const selector of ['.brand-name', '  footer > .legal  ', 'input[name="q"]']) {
        const response = await post(`/${path}/add`, admin, { projectId, selector });
        expect(response.statusCode, response.body).toBe(200);
      }
      const duplicate = await post(`/${path}/add`, admin, { projectId, selector: '.brand-name' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe(PROJECT_SETTING_MESSAGES.selectorExists);
      for (const selector of ['a:hover', 'h1 + p', '<script>', '']) {
        const refused = await post(`/${path}/add`, admin, { projectId, selector });
        expect(refused.statusCode, selector).toBe(400);
      }

      const list = await post(`/${path}/get`, admin, { projectId, pageSize: 2 });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.totalCount).toBe(3);
      const items = list.json<{ data: Record<string, { id: string; selector: string }[]> }>().data[listKey]!;
      expect(items.map((item) => item.selector)).toEqual(['.brand-name', 'footer > .legal']);
      expect((await deliverySettings()).data[deliveryKey]).toEqual([
        '.brand-name',
        'footer > .legal',
        'input[name="q"]',
      ]);

      const brand = items[0]!.id;
      const deleted = await post(`/${path}/delete`, admin, { projectId, ids: [brand] });
      expect(deleted.json().data.deleted).toBe(1);
      expect((await deliverySettings()).data[deliveryKey]).toEqual(['footer > .legal', 'input[name="q"]']);
    },
  );

  it('keeps other organisations out and lets collaborators read only', async () => {
    for (const path of ['custom-font-size', 'no-translation-node', 'swalekhIntegration']) {
      expect((await post(`/${path}/get`, otherAdmin, { projectId })).statusCode).toBe(404);
      expect((await post(`/${path}/get`, collaborator, { projectId })).statusCode).toBe(404);
    }
    const foreign = await post('/no-translation-node/add', otherAdmin, { projectId, selector: '.x' });
    expect(foreign.statusCode).toBe(404);
    const byCollaborator = await post('/custom-font-size/add', collaborator, {
      projectId,
      language: 'hi',
      fontSize: 16,
    });
    expect([403, 404]).toContain(byCollaborator.statusCode);
  });
});
