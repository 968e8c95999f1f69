import { eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '@bhasha/contract';
import { pages, segments, siteVisits } from '@bhasha/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnippet } from '../../../snippet/scripts/build.mjs';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';

let f: TranslationFixture;
let projectId: string;
let origin: string;
let hashes: string[];

const get = (url: string, headers: Record<string, string> = {}) =>
  f.t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const postAsSnippet = (url: string, body: object, headers: Record<string, string>) =>
  f.t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: JSON.stringify(body),
  });

async function writeHindi(sourceHash: string, text: string) {
  await f.t.services.translationWriter.write(
    { organisationId: f.organisationId, projectId, authorId: f.adminUserId },
    [{ sourceHash, targetLang: 'hi', text, type: 'USER', origin: 'editor' }],
  );
}

beforeAll(async () => {
  f = await buildTranslationFixture();
  const created = await f.createProject({ pageFiles: ['index.html'] });
  projectId = created.projectId;
  origin = new URL(created.pageUrls[0]!).origin;
  const rows = await f.t.handle.db
    .select({ sourceHash: segments.sourceHash })
    .from(segments)
    .where(eq(segments.projectId, projectId));
  hashes = rows.map((row) => row.sourceHash);
});

afterAll(async () => {
  await f?.close();
});

describe('delivery settings for the snippet', () => {
  it('answers the project’s languages to its own domains, with CORS for that page only', async () => {
    const response = await get(`/delivery/${projectId}/settings`, { origin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.json().data).toEqual({
      sourceLanguage: 'en',
      languages: ['hi', 'ta'],
      noTranslateSelectors: [],
      ignorePatterns: [],
      swalekhSelectors: [],
      customFontSizes: {},
      popupCss: '',
    });
    const www = origin.replace('://', '://www.');
    expect((await get(`/delivery/${projectId}/settings`, { origin: www })).statusCode).toBe(200);
  });

  it('refuses pages of other sites and unknown projects', async () => {
    const foreign = await get(`/delivery/${projectId}/settings`, { origin: 'https://evil.example.com' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This page’s domain is not one of the project’s domains');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const unknown = await get('/delivery/00000000-0000-4000-8000-000000000000/settings', { origin });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('translations in one request, with ETags', () => {
  it('answers every Hindi translation, 304 while nothing changed, and the new text after an edit', async () => {
    await writeHindi(hashes[0]!, 'पहला');
    await writeHindi(hashes[1]!, 'दूसरा');
    const first = await get(`/delivery/${projectId}/translations?lang=hi`, { origin });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      language: 'hi',
      translations: { [hashes[0]!]: 'पहला', [hashes[1]!]: 'दूसरा' },
    });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"v0-/);

    const again = await get(`/delivery/${projectId}/translations?lang=hi`, { origin, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await writeHindi(hashes[1]!, 'दूसरा, बदला हुआ');
    const edited = await get(`/delivery/${projectId}/translations?lang=hi`, {
      origin,
      'if-none-match': etag,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    expect(edited.json().data.translations[hashes[1]!]).toBe('दूसरा, बदला हुआ');
  });

  it('refuses languages the project does not publish', async () => {
    for (const lang of ['fr', 'en']) {
      const response = await get(`/delivery/${projectId}/translations?lang=${lang}`, { origin });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This language is not a language of the project');
    }
  });

  it('GET snippet/cache/clear makes every cached answer stale, for the project’s own organisation only', async () => {
    const before = await get(`/delivery/${projectId}/translations?lang=hi`, { origin });
    const cleared = await get(`/snippet/cache/clear?projectId=${projectId}`, f.admin);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ success: true, message: 'Cache cleared successfully', data: null });
    const after = await get(`/delivery/${projectId}/translations?lang=hi`, {
      origin,
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toMatch(/^"v1-/);

    const other = await f.t.createOrganisation('Other Org');
    const stranger = await f.t.createMember('organisationAdmin', other.id);
    expect((await get(`/snippet/cache/clear?projectId=${projectId}`, stranger.headers)).statusCode).toBe(404);
  });
});

describe('the language switcher CSS', () => {
  it('is saved, fetched and delivered to the snippet', async () => {
    const css = '.bhasha-switcher__button { background: #123456; content: "→"; }';
    const saved = await f.post('/snippet/pop-up/css/update', { projectId, css });
    expect(saved.json()).toMatchObject({ success: true, data: { css } });
    expect((await f.post('/snippet/pop-up/css/fetch', { projectId })).json().data).toEqual({ css });
    expect((await get(`/delivery/${projectId}/settings`, { origin })).json().data.popupCss).toBe(css);
  });

  it('refuses CSS that could leave its <style> element or run script, however it is spelled', async () => {
    const unsafe = [
      'a{color:red}</style><script>alert(1)</script>',
      '</STYLE ><img src=x onerror=alert(1)>',
      'a{background:url(javascript:alert(1))}',
      'a{background:url("\\6a avascript:alert(1)")}',
      'a{background:url(java/**/script:alert(1))}',
      'a{width:expression(alert(1))}',
      'a{-moz-binding:url(x.xml#xss)}',
      'a{color:red}<!--',
    ];
    for (const css of unsafe) {
      const response = await f.post('/snippet/pop-up/css/update', { projectId, css });
      expect(response.statusCode, css).toBe(400);
      expect(response.json().message).toMatch(/^The pop-up CSS may not contain markup/);
    }
    expect((await f.post('/snippet/pop-up/css/fetch', { projectId })).json().data.css).toContain('#123456');
  });

  it('loads files only from the project’s own domains or data: URLs', async () => {
    const own = new URL(origin).host;
    const allowed = [
      `a{background:url(${origin}/flags/hi.svg)}`,
      `a{background:url("//${own}/flags/hi.svg")}`,
      'a{background:url(/flags/hi.svg)}',
      'a{background:url(data:image/png;base64,iVBORw0KGgo=)}',
    ];
    for (const css of allowed) {
      const response = await f.post('/snippet/pop-up/css/update', { projectId, css });
      expect(response.statusCode, css).toBe(200);
    }
    const foreign = [
      'a{background:url(https://tracker.example.net/pixel.gif)}',
      "a{background:url('//tracker.example.net/p.gif')}",
      '@import "https://cdn.example.net/evil.css";',
      'a{background:image-set("https://tracker.example.net/1x.png" 1x)}',
      'a{background:u\\72l(https://tracker.example.net/escaped.gif)}',
      '@font-face{font-family:x;src:url(ftp://files.example.net/f.woff)}',
    ];
    for (const css of foreign) {
      const response = await f.post('/snippet/pop-up/css/update', { projectId, css });
      expect(response.statusCode, css).toBe(400);
      expect(response.json().message).toBe(DELIVERY_MESSAGES.popupCssForeignUrl);
    }
  });
});

describe('new content reported by visitors’ browsers', () => {
  it('adds nothing the server cannot confirm on the page itself (here: a host it cannot fetch)', async () => {
    // Texts confirmed by the page are stored: forged-visitor-writes.test.ts, against a real site.
    const before = await f.t.handle.db.$count(segments, eq(segments.projectId, projectId));
    const report = {
      url: `${origin}/new-page?utm_source=mail`,
      segments: [
        { text: 'A brand new announcement', kind: 'text' },
        { text: 'Read the <x1>release notes</x1>', kind: 'text' },
      ],
    };
    const first = await postAsSnippet(`/delivery/${projectId}/segments`, report, { origin });
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe(origin);
    expect(first.json()).toMatchObject({
      message: DELIVERY_MESSAGES.pageNotConfirmed,
      data: { accepted: 0 },
    });
    expect(await f.t.handle.db.$count(segments, eq(segments.projectId, projectId))).toBe(before);
  });

  it('ignores pages taken out of scope and URLs of other sites; refuses requests without the project’s origin', async () => {
    const [page] = await f.t.handle.db
      .update(pages)
      .set({ inScope: false })
      .where(eq(pages.projectId, projectId))
      .returning({ url: pages.url });
    const outOfScope = { url: page!.url, segments: [{ text: 'Hidden page text', kind: 'text' }] };
    expect(
      (await postAsSnippet(`/delivery/${projectId}/segments`, outOfScope, { origin })).json().data,
    ).toEqual({
      accepted: 0,
    });
    const elsewhere = {
      url: 'https://elsewhere.example.com/',
      segments: [{ text: 'Elsewhere', kind: 'text' }],
    };
    expect(
      (await postAsSnippet(`/delivery/${projectId}/segments`, elsewhere, { origin })).json().data,
    ).toEqual({
      accepted: 0,
    });
    const report = { url: `${origin}/x`, segments: [{ text: 'Sneaky text', kind: 'text' }] };
    expect((await postAsSnippet(`/delivery/${projectId}/segments`, report, {})).statusCode).toBe(403);
    expect(
      (await postAsSnippet(`/delivery/${projectId}/segments`, report, { origin: 'https://evil.example.com' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses malformed reports with a clear message', async () => {
    const response = await f.t.app.inject({
      method: 'POST',
      url: `/api/delivery/${projectId}/segments`,
      headers: { 'content-type': 'text/plain', origin },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The body is not valid JSON');
  });
});

describe('visits', () => {
  it('counts page views per day, URL and language', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await postAsSnippet(
        `/delivery/${projectId}/visits`,
        { url: `${origin}/docs#top`, language: 'hi' },
        { origin },
      );
      expect(response.json().data).toEqual({ counted: true });
    }
    expect(
      (
        await postAsSnippet(
          `/delivery/${projectId}/visits`,
          { url: `${origin}/docs`, language: 'fr' },
          { origin },
        )
      ).json().data,
    ).toEqual({ counted: false });
    const rows = await f.t.handle.db
      .select({
        url: siteVisits.url,
        hostname: siteVisits.hostname,
        language: siteVisits.language,
        visits: siteVisits.visits,
      })
      .from(siteVisits)
      .where(eq(siteVisits.projectId, projectId));
    expect(rows).toEqual([
      { url: `${origin}/docs`, hostname: new URL(origin).hostname, language: 'hi', visits: 2 },
    ]);
  });
});

describe('bhasha.js', () => {
  it('is served to any page, cacheable, with a 304 for a current copy', async () => {
    await buildSnippet();
    const response = await get('/delivery/bhasha.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toContain('data-project-id');
    const again = await get('/delivery/bhasha.js', { 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });
});
