import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NMT_MESSAGES } from '@bhasha/contract';
import { checkAaptStringRules, readResourceFile } from '@bhasha/engine';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pickOption,
  screenshot,
  startProductFixture,
  uniqueEmail,
  waitForToast,
  type ProductFixture,
} from '../support';
import { startApertium, type ApertiumServer } from '../support/apertium';
import { acceptTerms, createPaidOrganisation, signIn } from '../support/product-api';

/*
 * Issue 26 end to end: an organisation admin creates a mobile app project in the dashboard,
 * uploads an Android strings.xml (an excerpt of Tusky's), machine-translates it into Spanish with
 * a real Apertium from the editor, writes a Hindi plural form by hand in the plural editor,
 * downloads both languages' files from the files page and reads them back: every key is there,
 * escapes pass aapt's string rules, and the Hindi plural has exactly Hindi's categories.
 */

const STRINGS_XML = resolve(import.meta.dirname, '../fixtures/mobile-app/res/values/strings.xml');
const PLURAL_KEY = 'notification_title_summary';
const HINDI_FORMS = { one: '<x1/> नई गतिविधि', other: '<x1/> नई गतिविधियाँ' };

async function wordsOf(page: Page, bucket: 'machine' | 'newContent' | 'untranslated'): Promise<number> {
  return Number((await page.getByTestId(`progress-${bucket}`).innerText()).replace(/\D/g, ''));
}

/** Clicks a download control and answers the downloaded file's bytes and suggested name. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

describe('a mobile app project in Chromium against the built product and a real Apertium', () => {
  let product: ProductFixture;
  let apertium: ApertiumServer;
  let baseUrl = '';
  const admin = { email: uniqueEmail('mobile-app'), password: 'Admin#Pass2026' };

  beforeAll(async () => {
    apertium = await startApertium();
    product = await startProductFixture({
      env: { APERTIUM_URL: apertium.baseUrl, MT_DEFAULT_ENGINE: 'apertium' },
    });
    baseUrl = product.server.url;
    await createPaidOrganisation(baseUrl, product.server.admin, {
      organisation: `Tusky ${Date.now().toString(36)}`,
      name: 'Tusky Admin',
      email: admin.email,
      password: admin.password,
    });
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    await apertium?.stop();
  });

  it('uploads strings.xml, translates it, fixes a plural and downloads files that build', async () => {
    const { page, problems } = await product.openPage('desktop');
    await signIn(page, baseUrl, admin.email, admin.password);
    await acceptTerms(page);

    // 1. The project: type Mobile App, a name, Spanish and Hindi; the wizard lands on its files.
    await page.goto(`${baseUrl}/app/projects`);
    await page.getByTestId('projects-create').click();
    await page.getByTestId('wizard-type').getByText('Mobile App').click();
    await page.getByTestId('wizard-name').fill('Tusky');
    await page.getByTestId('wizard-next').click();
    await pickOption(page.getByTestId('wizard-target-languages'), 'Spanish');
    await pickOption(page.getByTestId('wizard-target-languages'), 'Hindi');
    await page.keyboard.press('Escape');
    await page.getByTestId('wizard-submit').click();
    await page.getByTestId('app-files-page').waitFor();
    const projectId = /\/app\/projects\/([0-9a-f-]{36})\/files/.exec(page.url())![1]!;

    // 2. The upload: every string of the file is new content, the table shows the file.
    await page.getByTestId('app-file-dragger').locator('input[type=file]').setInputFiles(STRINGS_XML);
    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('upload-result-added').innerText()).toBe('13');
    await page.getByTestId('app-files-table').getByText('strings.xml').first().waitFor();
    await screenshot(page, 'mobile-app-files-uploaded');

    // 3. Spanish by machine: every string on the editor's page, one run, nothing left.
    await page.goto(`${baseUrl}/app/workspace/${projectId}/es`);
    const grid = page.getByTestId('segment-grid');
    await grid.getByTestId('segment-row').first().waitFor();
    await expect
      .poll(async () =>
        (await grid.getByTestId('segment-context-key').allInnerTexts()).map((key) => key.trim()),
      )
      .toContain(PLURAL_KEY);
    await page.getByRole('checkbox', { name: 'Select every string on this page' }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Apply machine translation' }).click();
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
    await screenshot(page, 'mobile-app-spanish');

    // 4. Hindi by hand: the plural string asks for Hindi's categories, one and other.
    await page.goto(`${baseUrl}/app/workspace/${projectId}/hi`);
    const pluralRow = grid
      .getByTestId('segment-row')
      .filter({ has: page.getByTestId('segment-context-key').getByText(PLURAL_KEY, { exact: true }) });
    await pluralRow.getByTestId('segment-target').click();
    const editor = pluralRow.getByTestId('plural-editor');
    await editor.waitFor();
    expect(await editor.locator('[data-testid^="plural-input-"]').count()).toBe(2);
    await editor.getByTestId('plural-input-one').fill(HINDI_FORMS.one);
    await editor.getByTestId('plural-input-other').fill(HINDI_FORMS.other);
    await editor.getByTestId('plural-input-other').press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="row-saving"]').length === 0);
    await screenshot(page, 'mobile-app-hindi-plural');

    // 5. The files, downloaded from the files page and read back as an Android build would.
    await page.goto(`${baseUrl}/app/projects/${projectId}/files`);
    await page.getByTestId('app-files-table').waitFor();
    const source = readResourceFile('strings.xml', readFileSync(STRINGS_XML));
    for (const language of ['es', 'hi'] as const) {
      const file = await download(page, async () => {
        await page.getByTestId('app-file-download').first().click();
        await page
          .getByRole('menuitem', { name: new RegExp(language === 'es' ? 'Spanish' : 'Hindi') })
          .click();
      });
      expect(file.name).toMatch(/strings\.xml$/);
      const text = file.bytes.toString('utf8');
      expect(checkAaptStringRules(text)).toEqual([]);
      const written = readResourceFile('strings.xml', file.bytes);
      expect(written.units.map((unit) => unit.key)).toEqual(source.units.map((unit) => unit.key));
      const plural = written.units.find((unit) => unit.key === PLURAL_KEY)!;
      if (language === 'hi') {
        expect(text).toContain('<item quantity="one">%1$d नई गतिविधि</item>');
        expect(text).toContain('<item quantity="other">%1$d नई गतिविधियाँ</item>');
      } else {
        expect(plural.text).not.toContain('new interaction');
        expect(text).not.toContain("What\\'s happening?");
      }
    }
    await screenshot(page, 'mobile-app-files');
    expect(problems.filter((problem) => !problem.includes('favicon'))).toEqual([]);
  }, 400_000);
});
