import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCrawlTestApp, type CrawlTestApp } from '../crawl/support/crawl-test-app';

type Headers = Record<string, string>;
interface Slug {
  targetLang: string;
  url: string;
  translatedUrl: string;
}

/** scope/getUrlTranslations: the Scope page reads the slugs that addUrlTranslations and updateTranslatedUrl store. */
describe('the translated URL slugs of a project, listed', () => {
  let t: CrawlTestApp;
  let admin: Headers;
  let outsider: Headers;
  let projectId: string;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
    const other = await t.createOrganisation();
    outsider = (await t.createMember('organisationAdmin', other.id)).headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/new/multiOrigin',
      headers: admin,
      payload: { origins: ['https://slugs.example.in'], targetLanguages: ['hi', 'es'] },
    });
    projectId = created.json().data.project.id;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  it('answers none at first, then every stored slug per language, sorted, and forgets removed ones', async () => {
    const empty = await post('/scope/getUrlTranslations', { projectId });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({ urlTranslations: [], total: 0 });

    for (const [targetLang, urlTranslations] of [
      [
        'hi',
        [
          { url: 'https://slugs.example.in/contact', translatedUrl: '/hi/sampark' },
          { url: '/about', translatedUrl: '/hamare-baare-mein' },
        ],
      ],
      ['es', [{ url: '/about', translatedUrl: '/es/sobre-nosotros' }]],
    ] as const) {
      const added = await post('/scope/addUrlTranslations', { projectId, targetLang, urlTranslations });
      expect(added.statusCode).toBe(200);
    }

    const all = await post('/scope/getUrlTranslations', { projectId });
    expect(all.json().data.total).toBe(3);
    const rows = all.json<{ data: { urlTranslations: Slug[] } }>().data.urlTranslations;
    expect(rows.map((row) => [row.targetLang, row.url, row.translatedUrl])).toEqual([
      ['es', '/about', '/sobre-nosotros'],
      ['hi', '/about', '/hamare-baare-mein'],
      ['hi', '/contact', '/sampark'],
    ]);

    const hindi = await post('/scope/getUrlTranslations', { projectId, targetLang: 'hi' });
    expect(hindi.json().data.total).toBe(2);

    const removed = await post('/scope/updateTranslatedUrl', {
      projectId,
      targetLang: 'hi',
      url: '/contact',
      translatedUrl: '',
    });
    expect(removed.statusCode).toBe(200);
    const after = await post('/scope/getUrlTranslations', { projectId, targetLang: 'hi' });
    expect(after.json().data.urlTranslations).toEqual([
      expect.objectContaining({ targetLang: 'hi', url: '/about', translatedUrl: '/hamare-baare-mein' }),
    ]);
  });

  it("refuses another organisation's project and an invalid language", async () => {
    const foreign = await post('/scope/getUrlTranslations', { projectId }, outsider);
    expect([403, 404]).toContain(foreign.statusCode);
    const invalid = await post('/scope/getUrlTranslations', { projectId, targetLang: 'not a language' });
    expect(invalid.statusCode).toBe(400);
  });
});
