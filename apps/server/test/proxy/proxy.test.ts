import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDBOOK_ROOT, WEBSITES, buildProxyTestApp, type ProxyTestApp } from './support/proxy-test-app';

/** Every element of a page: tag name, attributes, and the page's text (scripts and styles left out). */
function readPage(html: string) {
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  const texts: string[] = [];
  let comments = 0;
  let skip = 0;
  const parser = new Parser(
    {
      onopentag: (name, attributes) => {
        elements.push({ name, attributes });
        if (name === 'script' || name === 'style') skip += 1;
      },
      onclosetag: (name) => {
        if (name === 'script' || name === 'style') skip -= 1;
      },
      ontext: (text) => {
        if (skip === 0) texts.push(text);
      },
      oncomment: () => {
        comments += 1;
      },
      oncdatastart: () => {
        comments += 1;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  const text = texts.join('');
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  return { elements, text, comments, title };
}

const isSeoLink = (element: { name: string; attributes: Record<string, string> }) =>
  element.name === 'link' &&
  (element.attributes.rel === 'canonical' ||
    (element.attributes.rel === 'alternate' && 'hreflang' in element.attributes));

/** Tag and attribute names of every element, the proxy's own SEO links and `<html lang dir>` left out. */
function shape(html: string): string[] {
  return readPage(html)
    .elements.filter((element) => !isSeoLink(element))
    .map((element) => {
      const names = Object.keys(element.attributes).filter(
        (name) => element.name !== 'html' || (name !== 'lang' && name !== 'dir'),
      );
      return `${element.name}[${names.sort().join(',')}]`;
    });
}

function countShapes(shapes: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of shapes) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

const HANDBOOK_CSS =
  '@import url("/handbook/assets/css/print.css") print;\n' +
  '@font-face{font-family:Sans;src:url(/handbook/assets/fonts/sans.woff2) format("woff2")}\n' +
  '.navbar{background:url("/handbook/img/undraw_online.svg") no-repeat, url(../img/rel.png)}\n' +
  '.footer{background:url(https://cdn.example.org/x.png)}\n';
const FONT_BYTES = Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 0, 0, 0xff, 0xfe, 0x80]);

let p: ProxyTestApp;
let handbookHost: string;
let handbookProjectId: string;
let hashes: string[];
const hindi = new Map<string, string>();
let hits: Map<string, number>;

beforeAll(async () => {
  p = await buildProxyTestApp({ env: { PROXY_MAX_BYTES: String(400 * 1024) } });
  const site = await p.startSite({
    root: join(WEBSITES, 'jitsi-handbook'),
    routes: {
      '/handbook/data.json': (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end('{"hello":"world"}');
      },
      // The handbook's own style sheet (the fixture keeps only its pages): root-relative font,
      // image and @import, as Docusaurus writes them.
      '/handbook/assets/css/styles.af046f19.css': (_req, res) => {
        res.setHeader('content-type', 'text/css; charset=utf-8');
        res.end(HANDBOOK_CSS);
      },
      '/handbook/assets/fonts/sans.woff2': (_req, res) => {
        res.setHeader('content-type', 'font/woff2');
        res.end(FONT_BYTES);
      },
      '/handbook/huge.html': (_req, res) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<html><body>${'<p>Too much text here.</p>'.repeat(20_000)}</body></html>`);
      },
    },
  });
  hits = site.hits;
  handbookHost = new URL(site.origin).host;
  handbookProjectId = await p.createProject(`${site.origin}/handbook/`);
  hashes = await p.addPage(handbookProjectId, `${site.origin}/handbook/`, join(HANDBOOK_ROOT, 'index.html'));
  await p.addPage(
    handbookProjectId,
    `${site.origin}/handbook/help/`,
    join(HANDBOOK_ROOT, 'help', 'index.html'),
  );
  // Every other segment translated: the rest must show the source text.
  hashes.forEach((hash, index) => {
    if (index % 2 === 0) hindi.set(hash, `हिंदी ${index}`);
  });
  await p.translate(handbookProjectId, 'hi', hindi);
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('the translating proxy on a language path of a project domain', () => {
  it('serves the page in the language: text, title and meta translated, untranslated text kept, html lang and dir', async () => {
    const response = await p.visit(handbookHost, '/hi/handbook/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-language']).toBe('hi');
    const html = response.body;
    expect(html).toMatch(/<html lang="hi" dir="ltr" class="plugin-pages/);
    const page = readPage(html);
    for (const [index, hash] of hashes.entries()) {
      if (index % 2 === 0) expect(page.text + html).toContain(hindi.get(hash));
    }
    // The dashboard's security headers are not the customer's page's.
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('keeps every byte of the origin page outside translated text, links and the SEO tags', async () => {
    // Tamil has no translations: only links, lang/dir and the head tags may differ.
    const origin = await fetch(`http://${handbookHost}/handbook/`).then((r) => r.text());
    const response = await p.visit(handbookHost, '/ta/handbook/');
    const html = response.body;
    // The origin's own canonical and hreflang links are replaced by the proxy's.
    const normalise = (text: string) =>
      text
        .replace(/<link [^>]*(?:rel="canonical"|hreflang=)[^>]*>/g, '')
        .replace(/href="\/ta\//g, 'href="/')
        .replace(/ lang="[^"]*" dir="[^"]*"/, '');
    expect(normalise(html)).toBe(normalise(origin));
    expect(shape(html)).toEqual(shape(origin));
  });

  it('rewrites internal links to the same language and leaves external links and fragments alone', async () => {
    const html = (await p.visit(handbookHost, '/hi/handbook/')).body;
    const links = readPage(html)
      .elements.filter((element) => element.name === 'a')
      .map((element) => element.attributes.href ?? '');
    expect(links).toContain('/hi/handbook/docs/intro');
    expect(links).toContain('https://community.jitsi.org');
    expect(links).toContain('#__docusaurus_skipToContent_fallback');
    expect(links.filter((href) => href.startsWith('/handbook/'))).toEqual([]);
  });

  it('adds hreflang alternates for every published language, the source and x-default, and a self canonical', async () => {
    const html = (await p.visit(handbookHost, '/hi/handbook/')).body;
    const links = readPage(html).elements.filter(isSeoLink);
    const origin = `http://${handbookHost}`;
    expect(
      links.map((link) => [link.attributes.rel, link.attributes.hreflang ?? '', link.attributes.href]),
    ).toEqual([
      ['alternate', 'en', `${origin}/handbook/`],
      ['alternate', 'hi', `${origin}/hi/handbook/`],
      ['alternate', 'ta', `${origin}/ta/handbook/`],
      ['alternate', 'x-default', `${origin}/handbook/`],
      ['canonical', '', `${origin}/hi/handbook/`],
    ]);
    // In the head, before </head>.
    expect(html.indexOf('hreflang="x-default"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('points the canonical at the source page when the project turns meta.canonical off', async () => {
    const off = await p.api('/project/meta/update', {
      projectId: handbookProjectId,
      key: 'canonical',
      status: false,
    });
    expect(off.statusCode).toBe(200);
    const html = (await p.visit(handbookHost, '/hi/handbook/')).body;
    expect(html).toContain(`<link rel="canonical" href="http://${handbookHost}/handbook/">`);
    await p.api('/project/meta/update', { projectId: handbookProjectId, key: 'canonical', status: true });
    expect((await p.visit(handbookHost, '/hi/handbook/')).body).toContain(
      `<link rel="canonical" href="http://${handbookHost}/hi/handbook/">`,
    );
  });

  it('serves a language sitemap of the project’s pages with their alternates', async () => {
    const response = await p.visit(handbookHost, '/hi/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    expect(response.body).toContain(`<loc>http://${handbookHost}/hi/handbook/</loc>`);
    expect(response.body).toContain(`<loc>http://${handbookHost}/hi/handbook/help/</loc>`);
    expect(response.body).toContain(`hreflang="ta" href="http://${handbookHost}/ta/handbook/help/"`);
  });

  it('passes other content through and leaves languages the project does not publish to the app', async () => {
    const json = await p.visit(handbookHost, '/hi/handbook/data.json');
    expect(json.statusCode).toBe(200);
    expect(json.body).toBe('{"hello":"world"}');
    expect((await p.visit(handbookHost, '/fr/handbook/')).statusCode).not.toBe(200);
    expect((await p.visit(handbookHost, '/hi/handbook/', { 'x-bhasha-proxy': '1' })).statusCode).toBe(508);
  });

  it('refuses a page larger than the limit with a clear error page', async () => {
    const response = await p.visit(handbookHost, '/hi/handbook/huge.html');
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain('This page is too large to translate');
    expect(response.body).toContain(String(400 * 1024));
  });
});

describe('translated URL slugs', () => {
  it('serves the page at its translated path and writes that path into links', async () => {
    const added = await p.api('/scope/addUrlTranslations', {
      projectId: handbookProjectId,
      targetLang: 'hi',
      urlTranslations: [
        { url: `http://${handbookHost}/handbook/docs/intro`, translatedUrl: '/hi/handbook/parichay' },
      ],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.urlTranslations).toEqual([
      expect.objectContaining({
        targetLang: 'hi',
        url: '/handbook/docs/intro',
        translatedUrl: '/handbook/parichay',
      }),
    ]);
    const home = (await p.visit(handbookHost, '/hi/handbook/')).body;
    expect(home).toContain('href="/hi/handbook/parichay"');
    expect(home).not.toContain('href="/hi/handbook/docs/intro"');
    const before = hits.get('/handbook/docs/intro') ?? 0;
    const intro = await p.visit(handbookHost, '/hi/handbook/parichay');
    expect(intro.statusCode).toBe(200);
    expect(hits.get('/handbook/docs/intro')).toBe(before + 1);
    expect(intro.body).toContain(`<link rel="canonical" href="http://${handbookHost}/hi/handbook/parichay">`);

    const updated = await p.api('/scope/updateTranslatedUrl', {
      projectId: handbookProjectId,
      targetLang: 'hi',
      url: '/handbook/docs/intro',
      translatedUrl: '/handbook/parichay-naya',
    });
    expect(updated.json().data.urlTranslations[0].translatedUrl).toBe('/handbook/parichay-naya');
    expect((await p.visit(handbookHost, '/hi/handbook/')).body).toContain(
      'href="/hi/handbook/parichay-naya"',
    );
  });

  it('refuses a translated path another page of the language already uses, and URLs of other sites', async () => {
    const taken = await p.api('/scope/addUrlTranslations', {
      projectId: handbookProjectId,
      targetLang: 'hi',
      urlTranslations: [{ url: '/handbook/help/', translatedUrl: '/handbook/parichay-naya' }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Another page of this language already uses this translated URL');
    const foreign = await p.api('/scope/addUrlTranslations', {
      projectId: handbookProjectId,
      targetLang: 'hi',
      urlTranslations: [{ url: 'https://evil.example.com/x', translatedUrl: '/x' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This URL is not on one of the project’s domains');
  });
});

describe('the page cache', () => {
  it('answers repeated visits from memory and purges when a translation changes or the cache is cleared', async () => {
    const path = '/handbook/help/';
    const count = () => hits.get(path) ?? 0;
    const first = await p.visit(handbookHost, `/hi${path}`);
    const afterFirst = count();
    const second = await p.visit(handbookHost, `/hi${path}`);
    expect(second.headers['x-bhasha-cache']).toBe('hit');
    expect(count()).toBe(afterFirst);
    expect(second.body).toBe(first.body);

    await p.translate(handbookProjectId, 'hi', new Map([[hashes[0]!, 'बदला हुआ अनुवाद']]));
    const edited = await p.visit(handbookHost, `/hi${path}`);
    expect(edited.headers['x-bhasha-cache']).toBe('miss');
    expect(count()).toBe(afterFirst + 1);

    expect((await p.visit(handbookHost, `/hi${path}`)).headers['x-bhasha-cache']).toBe('hit');
    const cleared = await p.t.app.inject({
      method: 'GET',
      url: `/api/snippet/cache/clear?projectId=${handbookProjectId}`,
      headers: p.admin,
    });
    expect(cleared.statusCode).toBe(200);
    expect((await p.visit(handbookHost, `/hi${path}`)).headers['x-bhasha-cache']).toBe('miss');
  });

  it('shows an edited translation on the next visit', async () => {
    const hash = hashes[2]!;
    await p.translate(handbookProjectId, 'hi', new Map([[hash, 'संपादित खंड']]));
    expect((await p.visit(handbookHost, '/hi/handbook/')).body).toContain('संपादित खंड');
  });
});

describe('preview links', () => {
  it('open any page in any language with a signed token, and nothing with a forged one', async () => {
    const created = await p.api('/scope/getPreviewUrl', {
      projectId: handbookProjectId,
      targetLang: 'ta',
      url: '/handbook/',
    });
    expect(created.statusCode).toBe(200);
    const { previewUrl, expiresAt } = created.json().data as { previewUrl: string; expiresAt: string };
    expect(previewUrl).toMatch(/^http:\/\/render\.bhasha\.test\/proxy-preview\/[\w-]+\.[\w-]+\//);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const url = new URL(previewUrl);
    const preview = await p.visit(url.host, url.pathname);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.body).toMatch(/<html lang="ta"/);
    const token = url.pathname.split('/')[2]!;
    // Links stay inside the preview.
    expect(preview.body).toContain(
      `href="/proxy-preview/${token}/${new URL(`http://${handbookHost}`).hostname}/handbook/docs/intro"`,
    );

    const forged = `${token.slice(0, -2)}xx`;
    const refused = await p.visit(url.host, url.pathname.replace(token, forged));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This preview link has expired or is not valid');
  });

  it('load the page’s style sheets, scripts, images and fonts through the preview, CSS url() included', async () => {
    const created = await p.api('/scope/getPreviewUrl', {
      projectId: handbookProjectId,
      targetLang: 'hi',
      url: '/handbook/',
    });
    const url = new URL((created.json().data as { previewUrl: string }).previewUrl);
    const token = url.pathname.split('/')[2]!;
    const hostname = new URL(`http://${handbookHost}`).hostname;
    const prefix = `/proxy-preview/${token}/${hostname}`;
    const preview = await p.visit(url.host, url.pathname);
    expect(preview.statusCode).toBe(200);
    const html = preview.body;
    // Root-relative URLs would resolve against the render host (404 there): they go through the preview.
    expect(html).toContain(
      `<link rel="stylesheet" href="${prefix}/handbook/assets/css/styles.af046f19.css">`,
    );
    expect(html).toContain(`<script src="${prefix}/handbook/assets/js/main.0e3d819d.js" defer="defer">`);
    expect(html).toContain(`<link data-rh="true" rel="icon" href="${prefix}/handbook/img/favicon.svg">`);
    expect(html).toMatch(new RegExp(`<img src="${prefix}/handbook/img/logo.svg"`));
    expect(html).not.toMatch(/(?:src|href)="\/handbook\/(?:assets|img)\//);

    const css = await p.visit(url.host, `${prefix}/handbook/assets/css/styles.af046f19.css`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(
      `@import url("${prefix}/handbook/assets/css/print.css") print;\n` +
        `@font-face{font-family:Sans;src:url("${prefix}/handbook/assets/fonts/sans.woff2") format("woff2")}\n` +
        `.navbar{background:url("${prefix}/handbook/img/undraw_online.svg") no-repeat, url(../img/rel.png)}\n` +
        '.footer{background:url(https://cdn.example.org/x.png)}\n',
    );
    const font = await p.visit(url.host, `${prefix}/handbook/assets/fonts/sans.woff2`);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.equals(FONT_BYTES)).toBe(true);

    // On a language path the same URLs already reach the origin: the page keeps them as written,
    // and the style sheet passes through unchanged.
    const delivered = (await p.visit(handbookHost, '/hi/handbook/')).body;
    expect(delivered).toContain('<link rel="stylesheet" href="/handbook/assets/css/styles.af046f19.css">');
    expect((await p.visit(handbookHost, '/hi/handbook/assets/css/styles.af046f19.css')).body).toBe(
      HANDBOOK_CSS,
    );
  });

  it('is refused to members of other organisations', async () => {
    const stranger = await p.api('/scope/getPreviewUrl', {
      projectId: '00000000-0000-4000-8000-000000000000',
      targetLang: 'hi',
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('malicious translations', () => {
  it('1,000 generated attacks add no element, attribute, comment or CDATA section to the page', async () => {
    const origin = await fetch(`http://${handbookHost}/handbook/`).then((r) => r.text());
    const attacks = generateAttacks(1000);
    const originShape = shape(origin);
    const originComments = readPage(origin).comments;
    let used = 0;
    for (let round = 0; used < attacks.length; round += 1) {
      const texts = new Map<string, string>();
      for (const hash of hashes) texts.set(hash, attacks[used++ % attacks.length]!);
      await p.translate(handbookProjectId, 'hi', texts);
      const html = (await p.visit(handbookHost, '/hi/handbook/')).body;
      // A translation may drop or repeat the source's own inline tags, never add another kind.
      const allowed = countShapes(originShape);
      for (const [key, count] of countShapes(shape(html)))
        expect(count, key).toBeLessThanOrEqual(allowed.get(key) ?? 0);
      expect(readPage(html).comments).toBeLessThanOrEqual(originComments);
      expect(html).not.toMatch(/<script>alert|<img src=x|<svg onload/i);
      expect(round).toBeLessThan(1000);
    }
  }, 120_000);
});

/** Attack payloads: tags, event handlers, javascript: URLs, comment, CDATA, RCDATA and attribute break-outs, placeholder abuse. */
function generateAttacks(count: number): string[] {
  const cores = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    '</title><script>alert(1)</script>',
    '</textarea><script>alert(1)</script>',
    '--><script>alert(1)</script><!--',
    '<!--',
    ']]><script>alert(1)</script>',
    '<![CDATA[<script>alert(1)</script>]]>',
    'javascript:alert(1)',
    '<a href="javascript:alert(1)">click</a>',
    '" onmouseover="alert(1)',
    "' onfocus='alert(1)' autofocus='",
    '<x1 onclick=alert(1)>',
    '<x1>ok</x1><x99>bad</x99>',
    '</x1></x1></x1><script>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#60;script&#62;',
    '<style>body{display:none}</style>',
    '<iframe srcdoc="<script>alert(1)</script>">',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<form action="https://evil.example"><input name=p>',
    '\u2028<script>\u2029',
    '<scr<script>ipt>alert(1)</script>',
  ];
  const attacks: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const core = cores[i % cores.length]!;
    const other = cores[(i * 7 + 3) % cores.length]!;
    attacks.push(
      i % 3 === 0 ? core : i % 3 === 1 ? `अनुवाद ${i} ${core} ${other}` : `${core}<x1>${other}</x1>`,
    );
  }
  return attacks;
}
