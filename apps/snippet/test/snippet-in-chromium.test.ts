import { extractSegments, type Segment } from '@bhasha/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PAGE_ORIGIN,
  readWebsiteFixture,
  useSnippetInChromium,
  withSnippetTag,
} from './support/snippet-browser';

const JITSI_INTRO = 'jitsi-handbook/handbook/docs/intro/index.html';
const MARK = '⟦hi⟧ ';

const snippet = useSnippetInChromium();

/** The delivery API of a project (source en, targets hi and ar) with the given Hindi translations. */
function deliveryApi(hindi: Record<string, string>, popupCss = '') {
  return (method: string, path: string) => {
    if (method === 'GET' && path === '/settings') {
      return {
        status: 200,
        body: {
          success: true,
          message: '',
          data: {
            sourceLanguage: 'en',
            languages: ['hi', 'ar'],
            noTranslateSelectors: [],
            ignorePatterns: [],
            popupCss,
          },
        },
      };
    }
    if (method === 'GET' && path.startsWith('/translations?lang=')) {
      const translations = path.endsWith('=hi') ? hindi : {};
      return { status: 200, body: { success: true, message: '', data: { translations } } };
    }
    if (method === 'POST') return { status: 200, body: { success: true, message: '', data: {} } };
    return { status: 404, body: { success: false, message: 'Not found' } };
  };
}

function markedTranslations(segments: readonly Segment[]): Record<string, string> {
  return Object.fromEntries(segments.map((segment) => [segment.sourceHash, MARK + segment.text]));
}

/** The page's markup without the snippet's own switcher, as a crawler would read it. */
function pageMarkup(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as Element;
    for (const ui of Array.from(copy.querySelectorAll('[data-bhasha-ui]'))) ui.remove();
    return copy.outerHTML;
  });
}

describe('the snippet in Chromium', () => {
  it('translates every segment of a real page, sets lang and dir, and keeps inline links the same elements', async () => {
    const html = withSnippetTag(readWebsiteFixture(JITSI_INTRO));
    const source = extractSegments(html);
    const { page, calls, errors } = await snippet.open(
      { pages: { '/page.html': html }, api: deliveryApi(markedTranslations(source)) },
      'hi',
    );
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    const translated = extractSegments(await pageMarkup(page));
    expect(translated).toHaveLength(source.length);
    expect(translated.map((segment) => segment.text)).toEqual(source.map((segment) => MARK + segment.text));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.title()).toBe(MARK + source.find((segment) => segment.kind === 'title')!.text);
    expect(calls.filter((call) => call.path.startsWith('/translations'))).toHaveLength(1);
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/visits',
      body: { url: `${PAGE_ORIGIN}/page.html`, language: 'hi' },
    });
    expect(errors).toEqual([]);
  });

  it('translates the page once: mounting its own switcher does not make it re-read the page', async () => {
    // Counts, from the start of parsing, how often each text node's data changes: a re-read of the
    // page reverts every translated node and applies it again (three changes instead of one).
    const counter = `<script>(() => {
      const changes = new Map();
      window.__mostChanges = () => Math.max(0, ...changes.values());
      new MutationObserver((records) => {
        for (const record of records)
          if (record.type === 'characterData') changes.set(record.target, (changes.get(record.target) || 0) + 1);
      }).observe(document, { subtree: true, characterData: true });
    })();</script>`;
    const html = withSnippetTag(readWebsiteFixture(JITSI_INTRO)).replace('<head>', `<head>${counter}`);
    expect(html).toContain(counter);
    const { page, errors } = await snippet.open(
      { pages: { '/page.html': html }, api: deliveryApi(markedTranslations(extractSegments(html))) },
      'hi',
    );
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await page.waitForSelector('[data-bhasha-ui]', { state: 'attached' });
    // Well past the watcher's settle time (20 ms).
    await page.waitForTimeout(300);
    const most = await page.evaluate(() =>
      (window as unknown as { __mostChanges(): number }).__mostChanges(),
    );
    expect(most).toBe(1);
    expect(errors).toEqual([]);
  });

  it('moves the page’s own inline elements into the translation, so their listeners keep working', async () => {
    const html = withSnippetTag(
      '<!doctype html><html lang="en"><head><title>Links</title></head><body><p>Read the <a id="docs" href="#docs">manual</a> before you <b>start</b>.</p></body></html>',
    );
    const paragraph = extractSegments(html).find((segment) => segment.element === 'p')!;
    expect(paragraph.text).toBe('Read the <x1>manual</x1> before you <x2>start</x2>.');
    const { page } = await snippet.open({
      pages: { '/page.html': html },
      api: deliveryApi({ [paragraph.sourceHash]: '<x2>शुरू</x2> करने से पहले <x1>पुस्तिका</x1> पढ़ें।' }),
    });
    await page.evaluate(() => {
      const link = document.getElementById('docs')!;
      (window as unknown as { original: Element }).original = link;
      link.addEventListener('click', () => (document.body.dataset.clicked = 'yes'));
    });
    await page.waitForFunction(
      () => (window as unknown as { Bhasha?: { languages(): string[] } }).Bhasha?.languages().length === 3,
    );
    await page.evaluate(() =>
      (window as unknown as { Bhasha: { setLanguage(code: string): Promise<void> } }).Bhasha.setLanguage(
        'hi',
      ),
    );
    expect(await page.locator('p').textContent()).toBe('शुरू करने से पहले पुस्तिका पढ़ें।');
    expect(
      await page.evaluate(
        () => document.getElementById('docs') === (window as unknown as { original: Element }).original,
      ),
    ).toBe(true);
    await page.click('#docs');
    expect(await page.evaluate(() => document.body.dataset.clicked)).toBe('yes');
    // Back to English: the original nodes, in their original order.
    await page.evaluate(() =>
      (window as unknown as { Bhasha: { setLanguage(code: string): Promise<void> } }).Bhasha.setLanguage(
        'en',
      ),
    );
    expect(await page.locator('p').innerHTML()).toBe(
      'Read the <a id="docs" href="#docs">manual</a> before you <b>start</b>.',
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('renders translations full of markup as text: no element, attribute or script comes from them', async () => {
    const paragraphs = Array.from(
      { length: 1000 },
      (_, index) => `<p>Item ${index} has a <a href="/item/${index}">link</a> and <em>stress</em>.</p>`,
    ).join('');
    const html = withSnippetTag(
      `<!doctype html><html><head><title>Items</title></head><body>${paragraphs}</body></html>`,
    );
    const payloads = [
      '<script>window.pwned = 1</script>',
      '<img src=x onerror="window.pwned = 2">',
      '"><svg onload="window.pwned = 3">',
      '<a href="javascript:window.pwned = 4">click</a>',
      '--><script>window.pwned = 5</script><!--',
      ']]><iframe srcdoc="<script>parent.pwned = 6</script>"></iframe>',
      '<x1 onclick="window.pwned = 7">',
      '&lt;b&gt;&amp;<style>body{display:none}</style>',
      '<x99>unknown</x99><x1/><x2 href="javascript:alert(1)">',
      '<template><script>window.pwned = 8</script></template>',
    ];
    const segments = extractSegments(html).filter((segment) => segment.element === 'p');
    expect(segments).toHaveLength(1000);
    const hindi = Object.fromEntries(
      segments.map((segment, index) => {
        const payload = payloads[index % payloads.length]!;
        return [segment.sourceHash, `${payload} <x1>${payload}</x1> <x2>${index}</x2> ${payload}`];
      }),
    );
    const { page, errors } = await snippet.open(
      { pages: { '/page.html': html }, api: deliveryApi(hindi) },
      'hi',
    );
    const count = () =>
      page.evaluate(
        () => document.querySelectorAll('body *:not([data-bhasha-ui]):not([data-bhasha-ui] *)').length,
      );
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await page.waitForTimeout(200);
    // Only the page's own elements: every tenth payload repeats the link's marker (<x1/>) three
    // more times, which clones the page's own <a>, as restoreSegment does on the server.
    expect(await count()).toBe(3000 + 100 * 3);
    const hrefs = await page.evaluate(() =>
      Array.from(document.querySelectorAll('p a')).map((link) => link.getAttribute('href')),
    );
    expect(hrefs.every((href) => /^\/item\/\d+$/.test(href ?? ''))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(
      await page.evaluate(
        () => document.querySelectorAll('script, img, svg, iframe, style, template').length,
      ),
    ).toBe(
      // The snippet's own tag and its switcher style only.
      2,
    );
    const attributes = await page.evaluate(() =>
      Array.from(document.querySelectorAll('p *')).flatMap((element) => element.getAttributeNames()),
    );
    expect(new Set(attributes)).toEqual(new Set(['href']));
    expect(await page.locator('p').first().textContent()).toBe(
      `${payloads[0]} ${payloads[0]} 0 ${payloads[0]}`,
    );
    expect(errors).toEqual([]);
  });

  it('translates content added after load (single-page apps) and follows text changes', async () => {
    const html = withSnippetTag(
      '<!doctype html><html><head><title>App</title></head><body><main id="app"><p>Loading</p></main></body></html>',
    );
    const later = extractSegments(
      '<div><h2>Your cart</h2><button title="Remove all items">Empty cart</button></div><p>3 items</p>',
    );
    const hindi = Object.fromEntries([
      ...later.map((segment) => [segment.sourceHash, `${MARK}${segment.text}`]),
      ...extractSegments(html).map((segment) => [segment.sourceHash, `${MARK}${segment.text}`]),
    ]);
    const { page } = await snippet.open({ pages: { '/page.html': html }, api: deliveryApi(hindi) }, 'hi');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    expect(await page.locator('#app p').textContent()).toBe(`${MARK}Loading`);
    await page.evaluate(() => {
      const app = document.getElementById('app')!;
      app.replaceChildren();
      const panel = document.createElement('div');
      const heading = document.createElement('h2');
      heading.textContent = 'Your cart';
      const button = document.createElement('button');
      button.title = 'Remove all items';
      button.textContent = 'Empty cart';
      panel.append(heading, button);
      const status = document.createElement('p');
      status.textContent = 'Loading';
      app.append(panel, status);
      history.pushState({}, '', '/cart');
    });
    await page.waitForFunction(
      (mark) => document.querySelector('#app h2')?.textContent === `${mark}Your cart`,
      MARK,
    );
    expect(await page.locator('#app button').textContent()).toBe(`${MARK}Empty cart`);
    expect(await page.locator('#app button').getAttribute('title')).toBe(`${MARK}Remove all items`);
    expect(await page.locator('#app p').textContent()).toBe(`${MARK}Loading`);
    // A framework updating a text node it owns: the new text is read and translated again.
    await page.evaluate(() => {
      (document.querySelector('#app p')!.firstChild as Text).data = '3 items';
    });
    await page.waitForFunction(
      (mark) => document.querySelector('#app p')?.textContent === `${mark}3 items`,
      MARK,
    );
  });

  it('switches language from the keyboard through the pop-up, styled by the project CSS, and remembers it', async () => {
    const html = withSnippetTag(readWebsiteFixture('orgpedia-cabsec/en/prime.html'));
    const source = extractSegments(html);
    const css = '.bhasha-switcher__button{color:rgb(1, 2, 3)}';
    const { page } = await snippet.open({
      pages: { '/page.html': html },
      api: deliveryApi(markedTranslations(source), css),
    });
    const button = page.getByRole('button', { name: 'English' });
    await button.waitFor();
    expect(await button.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(1, 2, 3)');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('listbox');
    expect(await page.evaluate(() => localStorage.getItem('bhasha:language'))).toBe('hi');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    expect(await page.title()).toMatch(/^⟦hi⟧ /);
    // Arabic is written right to left; Escape closes the list without choosing.
    await page.getByRole('button', { name: 'हिन्दी' }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('listbox').isHidden()).toBe(true);
    await page.getByRole('button', { name: 'हिन्दी' }).press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  });

  it('reports segments the project does not know, once, in one batch', async () => {
    const html = withSnippetTag(
      '<!doctype html><html><head><title>Known title</title></head><body><p>Known text</p><p>Brand new paragraph</p><img src="x.png" alt="A new picture"></body></html>',
    );
    const known = extractSegments(html).filter((segment) => segment.text.startsWith('Known'));
    const { page, calls } = await snippet.open(
      { pages: { '/page.html': html }, api: deliveryApi(markedTranslations(known)) },
      'hi',
    );
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await expect
      .poll(() => calls.filter((call) => call.path === '/segments').length, { timeout: 5_000 })
      .toBe(1);
    expect(calls.find((call) => call.path === '/segments')!.body).toEqual({
      url: `${PAGE_ORIGIN}/page.html`,
      segments: [
        { text: 'Brand new paragraph', kind: 'text' },
        { text: 'A new picture', kind: 'attribute' },
      ],
    });
  });

  it('leaves the host page working when Bhasha is down, and defines no global but Bhasha', async () => {
    const page =
      '<!doctype html><html lang="en"><head><title>Shop</title></head><body><p id="out">Welcome</p><script>window.hostReady = true; document.getElementById("out").dataset.ready = "yes";</script></body></html>';
    const withTag = withSnippetTag(page);
    const { page: withSnippet, errors } = await snippet.open({
      pages: { '/page.html': withTag, '/plain.html': page },
    });
    await withSnippet.waitForLoadState('load');
    await withSnippet.waitForTimeout(300);
    expect(await withSnippet.evaluate(() => (window as unknown as { hostReady?: boolean }).hostReady)).toBe(
      true,
    );
    expect(await withSnippet.locator('#out').textContent()).toBe('Welcome');
    expect(await withSnippet.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(errors).toEqual([]);
    const globalsWith = await withSnippet.evaluate(() => Object.keys(window));
    await withSnippet.goto(`${PAGE_ORIGIN}/plain.html`, { waitUntil: 'load' });
    const globalsWithout = await withSnippet.evaluate(() => Object.keys(window));
    expect(globalsWith.filter((name) => !globalsWithout.includes(name))).toEqual(['Bhasha']);
  });
});
