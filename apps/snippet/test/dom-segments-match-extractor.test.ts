import { extractSegments } from '@bhasha/engine';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_ORIGIN,
  buildCollectorBundle,
  launchChromium,
  readWebsiteFixture,
  servePages,
} from './support/snippet-browser';

const PAGES = [
  'orgpedia-cabsec/en/prime.html',
  'orgpedia-cabsec/hi/prime.html',
  'jitsi-handbook/handbook/docs/intro/index.html',
  'jitsi-handbook/handbook/docs/user-guide/user-guide-advanced/index.html',
];

interface Collected {
  kind: string;
  text: string;
  sourceHash: string;
  element: string;
  attribute?: string;
  placeholders: { id: number; kind: string; tag: string }[];
}

let browser: Browser;
let collector: string;

beforeAll(async () => {
  [browser, collector] = await Promise.all([launchChromium(), buildCollectorBundle()]);
});

afterAll(async () => {
  await browser?.close();
});

async function collectInChromium(html: string, options: Record<string, string[]> = {}): Promise<Collected[]> {
  const page = await browser.newPage();
  try {
    await servePages(page, { pages: { '/page.html': html }, bundle: '' });
    await page.goto(`${PAGE_ORIGIN}/page.html`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(collector);
    return await page.evaluate((given) => {
      const collect = (window as unknown as { collectForTest: (options: unknown) => Collected[] })
        .collectForTest;
      return collect(given);
    }, options);
  } finally {
    await page.close();
  }
}

function fromExtractor(
  html: string,
  options: { noTranslateSelectors?: string[]; ignorePatterns?: string[] } = {},
): Collected[] {
  return extractSegments(html, options).map((segment) => ({
    kind: segment.kind,
    text: segment.text,
    sourceHash: segment.sourceHash,
    element: segment.element,
    ...(segment.attribute === undefined ? {} : { attribute: segment.attribute }),
    placeholders: segment.placeholders.map(({ id, kind, tag }) => ({ id, kind, tag })),
  }));
}

describe('segments collected from the live DOM in Chromium equal extractSegments on the same HTML', () => {
  for (const path of PAGES) {
    it(path, async () => {
      const html = readWebsiteFixture(path);
      const expected = fromExtractor(html);
      const collected = await collectInChromium(html);
      expect(expected.length).toBeGreaterThan(40);
      expect(collected.map(({ attribute: _attribute, ...rest }) => rest)).toEqual(
        expected.map(({ attribute: _attribute, ...rest }) => rest),
      );
      expect(collected.map((segment) => segment.attribute ?? null)).toEqual(
        expected.map((segment) => segment.attribute ?? null),
      );
    });
  }

  it('applies the project’s no-translation selectors and ignore patterns the same way', async () => {
    const html = readWebsiteFixture('orgpedia-cabsec/en/prime.html');
    const options = { noTranslateSelectors: ['footer', 'nav a'], ignorePatterns: ['Search'] };
    const expected = fromExtractor(html, options);
    expect(expected.length).toBeLessThan(fromExtractor(html).length);
    expect(await collectInChromium(html, options)).toEqual(expected);
  });

  it('reads inline markup, entities, comments, notranslate and skipped elements alike', async () => {
    const html = `<!doctype html><html><head><title>Tea &amp; biscuits</title>
      <meta name="description" content="  A   page  about tea "></head><body>
      <p>Read the <a href="/docs" title="Docs home">manual</a> first, then <b>run <code>npm ci</code></b>.<br>Done?</p>
      <p>Hello <!-- greeting --> world&nbsp;again</p>
      <div translate="no">Brand name <span title="kept">here</span></div>
      <ul><li><a href="/">Home</a></li><li><a href="/a">About</a> <a href="/b">Blog</a></li></ul>
      <p class="x notranslate">Skipped</p><script>var text = "not me";</script>
      <input type="submit" value="Send now"><img src="a.png" alt="A cup of tea">
      <textarea placeholder="Your message">typed</textarea>
      <p><span><img src="i.png"></span> Icon text <em>with <strong>nesting</strong></em></p>
      </body></html>`;
    const expected = fromExtractor(html);
    expect(expected.map((segment) => segment.text)).toContain(
      'Read the <x1>manual</x1> first, then <x2>run <x3/></x2>.<x4/>Done?',
    );
    expect(await collectInChromium(html)).toEqual(expected);
  });
});
