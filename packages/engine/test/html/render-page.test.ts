import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSegments, planPage, renderPage, rewriteStartTag } from '../../src/index';
import { readWebsiteFixture } from './read-fixture';

const ROOT = fileURLToPath(new URL('../fixtures/websites/', import.meta.url));

function fixturePages(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? fixturePages(join(dir, entry.name))
      : entry.name.endsWith('.html')
        ? [relative(ROOT, join(dir, entry.name))]
        : [],
  );
}

describe('rewriteStartTag', () => {
  it('changes, adds and removes attributes and keeps every other byte', () => {
    const tag = `<img  src=a.png ALT='A "cat"' data-x=1\n title="t"/>`;
    expect(rewriteStartTag(tag, new Map([['alt', 'Ein <b>"Kater"</b> & Co']]))).toBe(
      `<img  src=a.png ALT="Ein &lt;b&gt;&quot;Kater&quot;&lt;/b&gt; &amp; Co" data-x=1\n title="t"/>`,
    );
    expect(
      rewriteStartTag(
        tag,
        new Map([
          ['lang', 'hi'],
          ['title', null],
        ]),
      ),
    ).toBe(`<img  src=a.png ALT='A "cat"' data-x=1 lang="hi"/>`);
    expect(
      rewriteStartTag(
        '<a href=/x/>',
        new Map([
          ['href', '/hi/x/'],
          ['lang', 'hi'],
        ]),
      ),
    ).toBe('<a href="/hi/x/" lang="hi">');
    expect(
      rewriteStartTag(
        '<html>',
        new Map([
          ['lang', 'ta'],
          ['dir', 'ltr'],
        ]),
      ),
    ).toBe('<html lang="ta" dir="ltr">');
  });
});

describe('planPage and renderPage', () => {
  const pages = fixturePages();

  it('finds the same segments as extractSegments and renders the page byte for byte when nothing changes', () => {
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      const html = readWebsiteFixture(page);
      const plan = planPage(html);
      expect(new Set(plan.sourceHashes), page).toEqual(
        new Set(extractSegments(html).map((s) => s.sourceHash)),
      );
      expect(renderPage(plan, { translate: () => undefined }), page).toBe(html);
    }
  });

  it('translates text, attributes and the title, rewrites links inside and outside segments, and adds head tags', () => {
    const html =
      '<!doctype html><html><head><title>Home &amp; away</title>' +
      '<link rel="canonical" href="https://a.example/x"></head><body>' +
      '<p>Read <a href="/docs" title="The docs">the manual</a> today.</p>' +
      '<img src="cat.png" alt="A cat"><ul><li><a href="/about">About</a></li></ul></body></html>';
    const plan = planPage(html);
    expect(plan.canonicalHref).toBe('https://a.example/x');
    const texts = new Map(extractSegments(html).map((s) => [s.sourceHash, s.text]));
    const hindi = new Map(
      [...texts].map(([hash, text]) => [
        hash,
        text.replace('Read', 'पढ़ें').replace(/^[A-Z][a-z]+/, (w) => `${w}-हि`),
      ]),
    );
    const out = renderPage(plan, {
      translate: (hash) => hindi.get(hash),
      rewriteLink: (value) => `/hi${value}`,
      htmlAttributes: { lang: 'hi', dir: 'ltr' },
      headHtml: '<link rel="canonical" href="https://a.example/hi/x">',
    });
    expect(out).toBe(
      '<!doctype html><html lang="hi" dir="ltr"><head><title>Home-हि &amp; away</title>' +
        '<link rel="canonical" href="https://a.example/hi/x"></head><body>' +
        '<p>पढ़ें <a href="/hi/docs" title="The-हि docs">the manual</a> today.</p>' +
        '<img src="cat.png" alt="A cat"><ul><li><a href="/hi/about">About-हि</a></li></ul></body></html>',
    );
  });
});

describe('loaded URLs (rewriteAsset)', () => {
  const toPreview = (value: string) => (value.startsWith('/') ? `/preview${value}` : undefined);

  it('rewrites style sheets, scripts, images, srcset, style attributes and elements, and nothing else', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/a.css"><link rel="canonical" href="/c">' +
      '<script src="/js/m.js" defer></script><style>@import "/i.css";\n/* url(/kept) */ ' +
      'body{background:url( /bg.png ) , url(rel.png), url("data:image/png;base64,xx")}</style></head>' +
      '<body><img src="/logo.svg" srcset="/s-1x.png 1x, rel-2x.png 2x,/s-3x.png 3x" alt="Logo">' +
      '<p>Read <span style="background:url(\'/dot.png\')">this</span> <img src=/in.png> now.</p>' +
      '<a href="/docs">Docs</a></body></html>';
    const plan = planPage(html);
    const texts = new Map(extractSegments(html).map((s) => [s.sourceHash, s.text]));
    expect(renderPage(plan, { translate: () => undefined, rewriteAsset: () => undefined })).toBe(html);
    const rendered = renderPage(plan, {
      translate: (hash) => texts.get(hash)?.replace('Read', 'Lies').replace('now', 'jetzt'),
      rewriteAsset: toPreview,
    });
    expect(rendered).toContain('<link rel="stylesheet" href="/preview/a.css">');
    expect(rendered).toContain('<script src="/preview/js/m.js" defer></script>');
    expect(rendered).toContain(
      '<style>@import "/preview/i.css";\n/* url(/kept) */ body{background:url("/preview/bg.png") , url(rel.png), url("data:image/png;base64,xx")}</style>',
    );
    expect(rendered).toContain(
      '<img src="/preview/logo.svg" srcset="/preview/s-1x.png 1x, rel-2x.png 2x,/preview/s-3x.png 3x" alt="Logo">',
    );
    // Inside a translated segment the placeholders carry the rewritten tags.
    expect(rendered).toContain(
      '<p>Lies <span style="background:url(&quot;/preview/dot.png&quot;)">this</span> <img src="/preview/in.png"> jetzt.</p>',
    );
    // Links and SEO links are not loaded URLs.
    expect(rendered).toContain('<a href="/docs">');
    expect(rendered).toContain('<link rel="canonical" href="/c">');
  });
});
