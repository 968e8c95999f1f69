import { extractSegments } from '@bhasha/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSnippetInChromium, withSnippetTag, type FakeSite } from './support/snippet-browser';

const snippet = useSnippetInChromium();

const PAGE = withSnippetTag(
  '<!doctype html><html lang="en"><head><title>Shop</title></head><body>' +
    '<p>Fresh mangoes every day.</p><p class="brand">Mango Mart</p>' +
    '<form><input name="q" placeholder="Search the shop"><input name="email" placeholder="Your e-mail"></form>' +
    '</body></html>',
);

interface Settings {
  noTranslateSelectors?: string[];
  swalekhSelectors?: string[];
  customFontSizes?: Record<string, unknown>;
}

/** Every segment in Hindi as `${prefix} ${text}`, so a segment left in English was skipped on purpose. */
function hindiOfPage(prefix = 'हि'): Record<string, string> {
  return Object.fromEntries(
    extractSegments(PAGE).map((segment) => [segment.sourceHash, `${prefix} ${segment.text}`]),
  );
}

/**
 * The delivery API of a project (source en, target hi) with `settings` over its defaults and the
 * Hindi translations `hindi()` gives at the time of each request; no settings while `isSettingsDown()`.
 */
function settingsApi(
  settings: Settings,
  hindi: () => Record<string, string>,
  isSettingsDown = () => false,
): FakeSite['api'] {
  return (method, path) => {
    if (method === 'GET' && path === '/settings') {
      if (isSettingsDown()) return undefined;
      const data = {
        sourceLanguage: 'en',
        languages: ['hi'],
        ignorePatterns: [],
        popupCss: '',
        ...settings,
      };
      return { status: 200, body: { success: true, message: '', data } };
    }
    if (method === 'GET' && path.startsWith('/translations?lang=hi'))
      return { status: 200, body: { success: true, message: '', data: { translations: hindi() } } };
    return { status: 200, body: { success: true, message: '', data: {} } };
  };
}

async function open(settings: Settings): Promise<{ page: Page; errors: string[] }> {
  const translations = hindiOfPage();
  const { page, errors } = await snippet.open(
    { pages: { '/page.html': PAGE }, api: settingsApi(settings, () => translations) },
    'hi',
  );
  await page.waitForFunction(() => document.documentElement.lang === 'hi');
  return { page, errors };
}

const rootFontSize = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
const setLanguage = (page: Page, code: string) =>
  page.evaluate(
    (language) =>
      (window as unknown as { Bhasha: { setLanguage(code: string): Promise<void> } }).Bhasha.setLanguage(
        language,
      ),
    code,
  );

describe('project delivery settings in the snippet', () => {
  it('skips no-translation nodes and translates the rest', async () => {
    const { page, errors } = await open({ noTranslateSelectors: ['.brand'] });
    expect(await page.locator('p').first().textContent()).toBe('हि Fresh mangoes every day.');
    expect(await page.locator('p.brand').textContent()).toBe('Mango Mart');
    expect(errors).toEqual([]);
  });

  it('applies the font size of the shown language, and takes it away for the source language', async () => {
    const { page } = await open({ customFontSizes: { hi: 22 } });
    expect(await rootFontSize(page)).toBe('22px');
    await setLanguage(page, 'en');
    expect(await rootFontSize(page)).toBe('16px');
    await setLanguage(page, 'hi');
    expect(await rootFontSize(page)).toBe('22px');
  });

  it('writes only checked numbers into CSS: a hostile setting changes nothing', async () => {
    const { page, errors } = await open({
      customFontSizes: { hi: '10px}body{display:none' as unknown as number },
    });
    expect(await rootFontSize(page)).toBe('16px');
    expect(await page.locator('body').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('marks Swalekh inputs with the shown language and tells the keyboard script', async () => {
    const { page } = await open({ swalekhSelectors: ['input[name="q"]'] });
    expect(await page.locator('input[name="q"]').getAttribute('data-bhasha-swalekh')).toBe('hi');
    expect(await page.locator('input[name="q"]').getAttribute('lang')).toBe('hi');
    expect(await page.locator('input[name="email"]').getAttribute('data-bhasha-swalekh')).toBeNull();
    const event = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('bhasha:swalekh', (e) =>
            resolve((e as CustomEvent<{ language: string }>).detail.language),
          ),
        ),
    );
    await setLanguage(page, 'en');
    expect(await page.locator('input[name="q"]').getAttribute('data-bhasha-swalekh')).toBeNull();
    await setLanguage(page, 'hi');
    expect(await event).toBe('hi');
  });
});

describe('settings remembered between page views', () => {
  it('translates a returning visitor’s page with the stored settings, without waiting for the settings request', async () => {
    const translations = hindiOfPage();
    let isSettingsDown = false;
    const { page, errors } = await snippet.open(
      {
        pages: { '/page.html': PAGE },
        api: settingsApi(
          { noTranslateSelectors: ['.brand'] },
          () => translations,
          () => isSettingsDown,
        ),
      },
      'hi',
    );
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    // The second view: the settings request fails, the stored copy (with its no-translation node) applies.
    isSettingsDown = true;
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    expect(await page.locator('p').first().textContent()).toBe('हि Fresh mangoes every day.');
    expect(await page.locator('p.brand').textContent()).toBe('Mango Mart');
    expect(errors).toEqual([]);
  });
});

describe('translations remembered between page views', () => {
  it('shows the stored translations at once and the fresh ones in place when they differ', async () => {
    let prefix = 'पुराना';
    const { page, errors } = await snippet.open(
      {
        pages: { '/page.html': PAGE },
        api: settingsApi({ noTranslateSelectors: [] }, () => hindiOfPage(prefix)),
      },
      'hi',
    );
    await expect.poll(() => page.locator('p').first().textContent()).toBe('पुराना Fresh mangoes every day.');
    prefix = 'नया';
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('p').first().textContent()).toBe('नया Fresh mangoes every day.');
    expect(await page.evaluate(() => document.querySelectorAll('p').length)).toBe(2);
    expect(errors).toEqual([]);
  });
});
