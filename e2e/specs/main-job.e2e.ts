import { resolve } from 'node:path';
import { NMT_MESSAGES, PROXY_MESSAGES, type TmEntry } from '@bhasha/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pickOption,
  screenshot,
  startProductFixture,
  uniqueEmail,
  waitForToast,
  watchConsole,
  type ProductFixture,
} from '../support';
import { startApertium, type ApertiumServer } from '../support/apertium';
import { startTaggedSite, type TaggedSite } from '../support/tagged-site';
import { acceptTerms, createPaidOrganisation, postApi, signIn } from '../support/product-api';

/*
 * Issue 8 "End to end: the whole main job": an organisation admin creates a project for a website
 * (two English pages on loopback, Spanish target) in the dashboard, watches the crawl finish,
 * machine-translates every string with a real Apertium (eng→spa) from the editor, corrects one
 * string with the keyboard, gives the page a Spanish URL and opens its preview from the Scope
 * page, and then a visitor reads the page in Spanish twice: through the translating proxy (`/es/…`
 * on the product, following the site's links to the Spanish URL) and on the site itself with the
 * project's snippet. Preview, proxy and snippet all show the corrected string and Apertium's
 * Spanish for the others; the snippet's visit makes the domain "client verified" in the dashboard.
 */

const SITE_ROOT = resolve(import.meta.dirname, '../fixtures/lakeside-library');
const LANGUAGE = 'es';
/** The string the translator corrects (on /visit.html), and the correction. */
const EDITED_SOURCE = 'The library is closed on Sunday.';
const EDITED_TARGET = 'Los domingos la biblioteca permanece cerrada.';
/** The Spanish URL (slug) given to /visit.html on the Scope page. */
const SPANISH_PATH = '/horario';
/** Strings of /visit.html left to Apertium. */
const MACHINE_SOURCES = [
  'The library opens at nine in the morning.',
  'The library closes at six in the evening.',
  'The bus stops in front of the library.',
];

/** The words a progress legend entry of the editor shows ("Machine 12" → 12). */
async function wordsOf(
  page: Page,
  bucket: 'machine' | 'self' | 'newContent' | 'untranslated',
): Promise<number> {
  const text = await page.getByTestId(`progress-${bucket}`).innerText();
  return Number(text.replace(/\D/g, ''));
}

/**
 * Console errors of a visitor's page, and the addresses that answered an error. A missing
 * /favicon.ico is the only failed load allowed (its console line does not name the address).
 */
function watchVisitor(page: Page): () => string[] {
  const problems = watchConsole(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return () => {
    const unexpected = failed.filter((line) => !line.endsWith('/favicon.ico'));
    return [
      ...unexpected,
      ...problems.filter(
        (problem) => !problem.startsWith('Failed to load resource') || unexpected.length > 0,
      ),
    ];
  };
}

/** The page's visible text with runs of white space collapsed. */
async function visibleText(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

/** How many of the dashboard home's "Get started" steps show as done. */
const finishedSteps = (page: Page) =>
  page.getByTestId('dashboard-steps').locator('.ant-steps-item-finish').count();

describe('the whole main job in Chromium against the built product and a real Apertium', () => {
  let product: ProductFixture;
  let site: TaggedSite;
  let apertium: ApertiumServer;
  let baseUrl = '';
  const admin = { email: uniqueEmail('main-job'), password: 'Admin#Pass2026' };

  beforeAll(async () => {
    [apertium, site] = await Promise.all([startApertium(), startTaggedSite(SITE_ROOT)]);
    product = await startProductFixture({
      env: {
        ALLOW_PRIVATE_NETWORK_FETCH: 'true',
        APERTIUM_URL: apertium.baseUrl,
        MT_DEFAULT_ENGINE: 'apertium',
      },
    });
    baseUrl = product.server.url;
    await createPaidOrganisation(baseUrl, product.server.admin, {
      organisation: `Lakeside ${Date.now().toString(36)}`,
      name: 'Lakeside Admin',
      email: admin.email,
      password: admin.password,
    });
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    await site?.close();
    await apertium?.stop();
  });

  it('creates, crawls, machine-translates, corrects, and serves the page through the proxy and the snippet', async () => {
    const { page, problems } = await product.openPage('desktop');
    await signIn(page, baseUrl, admin.email, admin.password);
    await acceptTerms(page);
    // The home's "Get started" steps: nothing done yet, the first step is the current one.
    await page.goto(`${baseUrl}/app`);
    await expect.poll(() => finishedSteps(page)).toBe(0);

    // 1. The project, from the dashboard's wizard: English source (the default), Spanish target.
    await page.getByTestId('nav-projects').click();
    await page.getByTestId('projects-create').click();
    await page.getByTestId('wizard-name').fill('Lakeside library');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-url-0').fill(`${site.origin}/`);
    await page.getByTestId('wizard-next').click();
    await pickOption(page.getByTestId('wizard-target-languages'), 'Spanish');
    await page.keyboard.press('Escape');
    await page.getByTestId('wizard-submit').click();

    // 2. The crawl, watched on the overview until it finishes and the project is ready.
    await page.getByTestId('project-overview').waitFor();
    await page.waitForURL(/\/app\/projects\/[0-9a-f-]{36}/);
    const projectId = /\/app\/projects\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page
      .getByTestId('project-overview')
      .getByTestId('project-status')
      .filter({ hasText: 'Ready' })
      .waitFor({ timeout: 180_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'main-job-crawl-failed');
        throw new Error(
          `the crawl did not finish: ${String(error)}\n${product.server.output().slice(-3000)}`,
        );
      });
    await expect
      .poll(() => page.getByTestId('crawl-progress').getAttribute('aria-valuenow'), { timeout: 30_000 })
      .toBe('100');
    await expect.poll(async () => Number(await page.getByTestId('crawl-parsed-urls').innerText())).toBe(2);
    const snippetTag = (await page.getByTestId('integration-snippet-tag').innerText()).trim();
    expect(snippetTag).toContain(`data-project-id="${projectId}"`);
    await screenshot(page, 'main-job-crawled');

    // 3. The editor of Spanish: every string of the site on one page, all of it still new.
    await page.goto(`${baseUrl}/app/workspace/${projectId}/${LANGUAGE}`);
    const grid = page.getByTestId('segment-grid');
    const rows = grid.getByTestId('segment-row');
    await rows.first().waitFor();
    await page.getByTestId('language-progress').waitFor();
    const sources = await grid.getByTestId('segment-source').allInnerTexts();
    for (const text of [EDITED_SOURCE, ...MACHINE_SOURCES]) expect(sources).toContain(text);
    expect(await wordsOf(page, 'machine')).toBe(0);

    // Select the page, apply machine translation, and watch the progress until nothing is left.
    await page.getByRole('checkbox', { name: 'Select every string on this page' }).check();
    const bulk = page.getByTestId('bulk-actions');
    await bulk.getByRole('button', { name: 'Apply machine translation' }).click();
    await page.getByTestId('mt-dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Translate' }).click();
    await waitForToast(page, NMT_MESSAGES.accepted);
    await expect
      .poll(async () => [await wordsOf(page, 'newContent'), await wordsOf(page, 'untranslated')], {
        timeout: 120_000,
        interval: 500,
      })
      .toEqual([0, 0]);
    expect(await wordsOf(page, 'machine')).toBeGreaterThan(50);
    // The run's end is reported in the editor, not only through the counts.
    await page
      .getByTestId('mt-run-report')
      .and(page.locator('[data-status="completed"]'))
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'main-job-machine-translated');

    // Apertium's own Spanish is what the editor now holds for the strings nobody touched.
    const login = await postApi<{ token: string }>(baseUrl, 'auth', admin);
    expect(login.success, login.message).toBe(true);
    const tmOf = async (): Promise<TmEntry[]> => {
      const answer = await postApi<{ tm: TmEntry[] }>(
        baseUrl,
        'translation/filter',
        { projectId, targetLang: LANGUAGE, pageNumber: 1, pageSize: 200 },
        login.data.token,
      );
      expect(answer.success, answer.message).toBe(true);
      return answer.data.tm;
    };
    const machine = new Map<string, string>();
    for (const entry of await tmOf()) {
      if (!MACHINE_SOURCES.includes(entry.source)) continue;
      expect(entry.translationType).toBe('MACHINE');
      expect(entry.preProcessedTarget).toBe(await apertium.translate(entry.source, 'eng|spa'));
      expect(entry.preProcessedTarget).not.toBe(entry.source);
      machine.set(entry.source, entry.preProcessedTarget);
    }
    expect([...machine.keys()].sort()).toEqual([...MACHINE_SOURCES].sort());

    // 4. One string corrected with the keyboard: walk down to it, Enter, replace, Enter saves.
    const position = sources.indexOf(EDITED_SOURCE);
    await grid.focus();
    for (let step = 0; step < position; step += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('target-editor').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(EDITED_TARGET);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="row-saving"]').length === 0);
    expect(await page.getByTestId('row-save-failed').count()).toBe(0);
    const edited = rows.filter({
      has: page.getByTestId('segment-source').getByText(EDITED_SOURCE, { exact: true }),
    });
    await expect.poll(() => edited.getByTestId('segment-target').innerText()).toBe(EDITED_TARGET);
    await expect.poll(async () => wordsOf(page, 'self'), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'main-job-corrected');
    const saved = (await tmOf()).find((entry) => entry.source === EDITED_SOURCE);
    expect(saved?.translationType).toBe('USER');
    expect(saved?.preProcessedTarget).toBe(EDITED_TARGET);

    /** The Spanish page's text shows the correction and Apertium's Spanish, and no English of them. */
    const expectSpanish = (text: string) => {
      expect(text).toContain(EDITED_TARGET);
      expect(text).not.toContain(EDITED_SOURCE);
      for (const [source, target] of machine) {
        expect(text).toContain(target);
        expect(text).not.toContain(source);
      }
    };

    // 5. On the Scope page: a Spanish URL for /visit.html, then its preview in a new tab.
    await page.goto(`${baseUrl}/app/projects/${projectId}/scope`);
    const visitRow = page
      .getByTestId('scope-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: `${site.origin}/visit.html` });
    await visitRow.getByTestId('scope-open-preview').click();
    await page.getByRole('menuitem', { name: 'Preview in Spanish' }).waitFor();
    await screenshot(page, 'main-job-scope');
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Preview in Spanish' }).waitFor({ state: 'hidden' });
    await visitRow.getByTestId('scope-languages').click();
    const spanishRow = page.getByTestId('scope-languages-drawer').locator(`tr[data-language="${LANGUAGE}"]`);
    await spanishRow.getByTestId('translated-url-input').fill(SPANISH_PATH);
    await spanishRow.getByTestId('translated-url-save').click();
    await waitForToast(page, PROXY_MESSAGES.urlTranslationUpdated);
    await spanishRow.getByTestId('translated-url-remove').waitFor();
    await screenshot(page, 'main-job-translated-url');
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      spanishRow.getByTestId('scope-language-preview').click(),
    ]);
    await preview.waitForURL(/\/proxy-preview\//);
    await preview.waitForLoadState();
    expect(await preview.locator('html').getAttribute('lang')).toBe(LANGUAGE);
    expectSpanish(await visibleText(preview));
    await screenshot(preview, 'main-job-preview');
    await preview.close();

    // 6. The proxy serves a domain only once the organisation proved it controls it (ADR 0028):
    // the project page shows the verification file, the site publishes it, Verify.
    await page.goto(`${baseUrl}/app/projects/${projectId}`);
    const domains = page.getByTestId('domains-card');
    await expect
      .poll(() => domains.getByTestId('domain-ownership-status').first().getAttribute('data-status'))
      .toBe('pending');
    await domains.getByTestId('domain-ownership-toggle').first().click();
    const ownership = domains.getByTestId('domain-ownership-panel');
    const proof = (await ownership
      .getByText(/^bhasha-verification=/)
      .first()
      .textContent())!;
    site.addFile('/.well-known/bhasha-verification.txt', `${proof}\n`);
    await ownership.getByTestId('domain-ownership-verify').click();
    await expect
      .poll(() => domains.getByTestId('domain-ownership-status').first().getAttribute('data-status'))
      .toBe('verified');
    await screenshot(page, 'main-job-domain-verified');

    // 7. Through the proxy: /es/ on the product (the project's domain answers there); the site's
    // links lead to the Spanish URL, which serves the visit page.
    const visitor = await product.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const proxied = await visitor.newPage();
    const proxiedProblems = watchVisitor(proxied);
    const home = await proxied.goto(`${baseUrl}/${LANGUAGE}/`);
    expect(home?.status()).toBe(200);
    const visitLinks = proxied.locator('a[href*="visit"], a[href*="horario"]');
    expect(await visitLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      `/${LANGUAGE}${SPANISH_PATH}`,
      `/${LANGUAGE}${SPANISH_PATH}`,
    ]);
    await visitLinks.first().click();
    await proxied.waitForURL(`${baseUrl}/${LANGUAGE}${SPANISH_PATH}`);
    expect(await proxied.locator('html').getAttribute('lang')).toBe(LANGUAGE);
    expectSpanish(await visibleText(proxied));
    // The way home stays in Spanish too.
    expect(
      await proxied.getByRole('link', { name: machineOrSelf(await tmOf(), 'Home') }).getAttribute('href'),
    ).toBe(`/${LANGUAGE}/`);
    await screenshot(proxied, 'main-job-proxy');

    // 8. With the snippet: a copy of /visit.html carrying the project's tag, read in Spanish.
    const taggedUrl = site.addTaggedCopy('/visit.html', '/visit-with-snippet.html', snippetTag);
    const reader = await product.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await reader.addInitScript((code) => localStorage.setItem('bhasha:language', code), LANGUAGE);
    const withSnippet = await reader.newPage();
    const snippetProblems = watchVisitor(withSnippet);
    await withSnippet.goto(taggedUrl);
    await withSnippet.waitForFunction((text) => document.body.innerText.includes(text), EDITED_TARGET, {
      timeout: 30_000,
    });
    expect(await withSnippet.locator('html').getAttribute('lang')).toBe(LANGUAGE);
    expectSpanish(await visibleText(withSnippet));
    await screenshot(withSnippet, 'main-job-snippet');

    await visitor.close();
    await reader.close();

    // 8. The snippet's visit makes the site's domain "client verified" on the project's domains card.
    await page.goto(`${baseUrl}/app/projects/${projectId}`);
    const level = page.getByTestId('domains-card').getByTestId('verification-level');
    await expect
      .poll(
        async () => {
          await page.reload();
          return level.getAttribute('data-level', { timeout: 15_000 });
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe('3');
    await screenshot(page, 'main-job-domain-verified');

    // 9. Project, content, translations and a visit: every "Get started" step is done.
    await page.goto(`${baseUrl}/app`);
    await expect.poll(() => finishedSteps(page), { timeout: 15_000 }).toBe(4);
    await screenshot(page, 'main-job-home-steps-done');
    expect(problems.filter((problem) => !problem.includes('favicon'))).toEqual([]);
    expect(proxiedProblems()).toEqual([]);
    expect(snippetProblems()).toEqual([]);
  }, 480_000);
});

describe('machine translation language pairs in Chromium against a real Apertium (eng-spa, urd-hin)', () => {
  let product: ProductFixture;
  let site: TaggedSite;
  let apertium: ApertiumServer;
  let baseUrl = '';
  const owner = { email: uniqueEmail('mt-pairs'), password: 'Admin#Pass2026' };
  let token = '';
  let projectId = '';

  beforeAll(async () => {
    [apertium, site] = await Promise.all([startApertium(), startTaggedSite(SITE_ROOT)]);
    product = await startProductFixture({
      env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true', APERTIUM_URL: apertium.baseUrl },
    });
    baseUrl = product.server.url;
    await createPaidOrganisation(baseUrl, product.server.admin, {
      organisation: `Lakeside Hindi ${Date.now().toString(36)}`,
      name: 'Lakeside Admin',
      ...owner,
    });
    const login = await postApi<{ token: string }>(baseUrl, 'auth', owner);
    expect(login.success, login.message).toBe(true);
    token = login.data.token;
    // English → Hindi and Spanish, crawled through the API (the wizard has its own spec above).
    const created = await postApi<{ project: { id: string } }>(
      baseUrl,
      'project/new',
      { name: 'Lakeside library', baseUrl: `${site.origin}/`, targetLanguages: ['hi', 'es'] },
      token,
    );
    expect(created.success, created.message).toBe(true);
    projectId = created.data.project.id;
    const crawl = await postApi(baseUrl, 'project/crawl', { projectId }, token);
    expect(crawl.success, crawl.message).toBe(true);
    for (let deadline = Date.now() + 120_000; ;) {
      const details = await postApi<{ project: { status: string } }>(
        baseUrl,
        'project/details',
        { projectId },
        token,
      );
      if (details.data.project.status === 'parsed') break;
      if (Date.now() > deadline) throw new Error(`the crawl did not finish: ${details.data.project.status}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    await site?.close();
    await apertium?.stop();
  });

  it('says Apertium cannot do English → Hindi before the run, transliterates instead, and reports a failed run', async () => {
    const { page, problems } = await product.openPage('desktop');
    await signIn(page, baseUrl, owner.email, owner.password);
    await acceptTerms(page);

    // The overview names the languages the project's engine cannot translate into.
    await page.goto(`${baseUrl}/app/projects/${projectId}`);
    await expect
      .poll(() => page.getByTestId('mt-engine-unsupported').innerText(), { timeout: 15_000 })
      .toContain('Apertium cannot translate from English into: Hindi.');
    await screenshot(page, 'mt-pairs-overview');

    // In the Hindi editor the run is refused before it starts, and transliteration is offered.
    await page.goto(`${baseUrl}/app/workspace/${projectId}/hi`);
    const grid = page.getByTestId('segment-grid');
    const targets = grid.getByTestId('segment-target');
    await grid.getByTestId('segment-row').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select every string on this page' }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Apply machine translation' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByTestId('mt-dialog-unsupported').innerText())
      .toContain('Apertium cannot translate from English to Hindi');
    expect(await dialog.getByTestId('mt-dialog-unsupported').innerText()).toContain(
      'Transliteration can write the strings in Hindi script instead.',
    );
    expect(await dialog.getByRole('button', { name: 'Translate' }).isDisabled()).toBe(true);
    await screenshot(page, 'mt-pairs-dialog');
    // The server refuses the same run with the same reason, so no client can start it.
    const refused = await postApi(
      baseUrl,
      'translation/nmt/apply',
      { projectId, targetLang: 'hi', requestId: 'e2e-hindi', origin: 'all' },
      token,
    );
    expect(refused).toMatchObject({
      success: false,
      message:
        'Apertium cannot translate from English to Hindi. No engine of this server can; transliteration can write the strings in Hindi script.',
    });
    await dialog.getByTestId('mt-dialog-transliterate').click();
    await waitForToast(page, 'transliterated').catch(async (error: unknown) => {
      await screenshot(page, 'mt-pairs-transliterate-failed');
      throw error;
    });
    await expect
      .poll(
        async () => (await targets.allInnerTexts()).filter((text) => /[\u0900-\u097F]/u.test(text)).length,
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(3);
    await screenshot(page, 'mt-pairs-transliterated');

    // Spanish while Apertium is down: the run is accepted (the engine serves the pair) and fails;
    // the editor says so with the engine's reason, and so does the bell.
    await apertium.stop();
    await page.goto(`${baseUrl}/app/workspace/${projectId}/es`);
    await grid.getByTestId('segment-row').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select every string on this page' }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Apply machine translation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Translate' }).click();
    await waitForToast(page, NMT_MESSAGES.accepted);
    const report = page.getByTestId('mt-run-report');
    await report.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 180_000 });
    const reason = 'Apertium is not reachable right now. Please try again later.';
    expect(await report.innerText()).toContain(reason);
    await page.getByTestId('notification-bell').click();
    await page
      .getByTestId('notification-panel')
      .getByText(`Machine translation of Lakeside library into Spanish failed: ${reason}`)
      .waitFor();
    await screenshot(page, 'mt-pairs-failed-run');
    expect(problems.filter((problem) => !problem.includes('favicon'))).toEqual([]);
  }, 360_000);
});

/** The Spanish of a short source string as the TM holds it (the link text the proxy shows). */
function machineOrSelf(tm: TmEntry[], source: string): string {
  const entry = tm.find((candidate) => candidate.source === source);
  if (!entry?.preProcessedTarget) throw new Error(`no translation of "${source}" in the TM`);
  return entry.preProcessedTarget;
}
