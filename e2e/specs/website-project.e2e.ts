import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JITSI_HANDBOOK_ROOT,
  pickOption,
  screenshot,
  startProductFixture,
  startStaticSite,
  uniqueEmail,
  type ProductFixture,
  type StaticSite,
} from '../support';
import { acceptTerms, postJson, signIn } from '../support/product-api';

/*
 * Issue 5 end to end: an organisation admin adds a real website (the Jitsi handbook served on
 * loopback), watches the crawl progress move live over socket.io, then finds every page on the
 * Scope page and the word counts on the overview.
 */

/** Pages of the handbook (SOURCES.md): each links to the others, so the crawl reads nearly all of them. */
const HANDBOOK_PAGES = 75;

/** The crawl progress bar's value as the page shows it (antd sets aria-valuenow). */
async function readProgress(page: Page): Promise<number> {
  const value = await page
    .getByTestId('crawl-progress')
    .getAttribute('aria-valuenow', { timeout: 1_000 })
    .catch(() => null);
  return value === null ? -1 : Number(value);
}

describe('a website project in Chromium against the built product', () => {
  let product: ProductFixture;
  let site: StaticSite;
  const admin = { email: uniqueEmail('web-admin'), password: 'Admin#Pass2026' };

  beforeAll(async () => {
    // Each HTML answer waits a little so the crawl of 75 pages lasts long enough to watch.
    site = await startStaticSite(JITSI_HANDBOOK_ROOT, { htmlDelayMs: 250 });
    product = await startProductFixture({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'true' } });
    const login = await postJson<{ token: string }>(`${product.server.url}/api/auth`, product.server.admin);
    expect(login.success, login.message).toBe(true);
    const created = await postJson(
      `${product.server.url}/api/auth/newOrganisation`,
      {
        organisation: `Jitsi Docs ${Date.now().toString(36)}`,
        name: 'Jitsi Admin',
        email: admin.email,
        password: admin.password,
        plan: 'paid',
      },
      login.data.token,
    );
    expect(created.success, created.message).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    await site?.close();
  });

  it('creates a project, watches the crawl live, then sees the URLs and the word counts', async () => {
    const { page, problems } = await product.openPage('desktop');
    await signIn(page, product.server.url, admin.email, admin.password);
    await acceptTerms(page);

    // The wizard: type and name, the website, the languages.
    await page.getByTestId('nav-projects').click();
    await page.getByTestId('projects-create').click();
    await page.getByTestId('wizard-name').fill('Jitsi handbook');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-url-0').fill(`${site.origin}/handbook/`);
    await page.getByTestId('wizard-next').click();
    await pickOption(page.getByTestId('wizard-target-languages'), 'Hindi');
    await pickOption(page.getByTestId('wizard-target-languages'), 'Marathi');
    await page.keyboard.press('Escape');
    await screenshot(page, 'website-project-wizard');
    await page.getByTestId('wizard-submit').click();

    // The overview joins the project room; the bar moves without any reload.
    await page.getByTestId('project-overview').waitFor();
    await page.getByTestId('crawl-live').waitFor({ timeout: 15_000 });
    const seen: number[] = [];
    // Generous: the machine running the specs may be busy; a healthy crawl takes well under a minute.
    const deadline = Date.now() + 240_000;
    let shotTaken = false;
    for (;;) {
      const value = await readProgress(page);
      if (value >= 0 && value !== seen.at(-1)) seen.push(value);
      if (!shotTaken && value > 10 && value < 90) {
        await screenshot(page, 'website-project-crawling');
        shotTaken = true;
      }
      if (value === 100) break;
      if (Date.now() > deadline)
        throw new Error(
          `the crawl did not finish; progress seen: ${seen.join(', ')}\n${product.server.output().slice(-3000)}`,
        );
      await page.waitForTimeout(100);
    }
    // The crawler reports per batch of work (ADR 0013), so a quick crawl shows few steps; what
    // matters is that the bar moved between 0 and 100 without a reload.
    const intermediate = seen.filter((value) => value > 0 && value < 100);
    expect(intermediate.length, `progress seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(1);
    // The bar only moves forward.
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    // The project is ready to translate (spec §4 statuses), without a reload.
    await page
      .getByTestId('project-overview')
      .getByTestId('project-status')
      .filter({ hasText: 'Ready' })
      .waitFor();

    // Word counts arrive on the overview as the crawl reads the pages.
    const counts = page.getByTestId('word-count-card');
    const readSourceWords = async () =>
      Number((await counts.getByTestId('word-count-source').innerText()).replace(/\D/g, ''));
    // After the crawl the counts are fetched once more: wait until the number stops changing.
    let sourceWords = -1;
    for (let settle = Date.now() + 20_000; Date.now() < settle;) {
      const now = await readSourceWords();
      if (now > 0 && now === sourceWords) break;
      sourceWords = now;
      await page.waitForTimeout(1_500);
    }
    expect(sourceWords).toBeGreaterThan(10_000);
    await screenshot(page, 'website-project-overview');
    const parsedUrls = Number(await page.getByTestId('crawl-parsed-urls').innerText());
    expect(parsedUrls).toBeGreaterThan(HANDBOOK_PAGES * 0.75);
    const discovered = Number(await page.getByTestId('crawl-discovered').innerText());

    // The Scope page lists every page of the handbook, once.
    await page.getByTestId('project-scope-link').click();
    const table = page.getByTestId('scope-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    // Every URL the crawl found is listed, and no page of the site was requested twice.
    await page
      .getByTestId('scope-total')
      .filter({ hasText: `${discovered} URLs` })
      .waitFor();
    const repeated = [...site.hits.entries()].filter(
      ([path, hits]) => path.startsWith('/handbook/') && hits > 1,
    );
    expect(repeated).toEqual([]);
    await screenshot(page, 'website-project-scope');
    // On a 1366×768 laptop the ten columns are wider than the card: the actions of a row were
    // drawn past the card's edge, out of reach. The table scrolls inside the card now and keeps
    // its actions column in view.
    await page.setViewportSize({ width: 1366, height: 768 });
    const card = page.locator('.ant-card').filter({ has: table }).first();
    const lastAction = table.locator('tbody tr.ant-table-row').first().getByTestId('scope-versions');
    await expect
      .poll(async () => {
        const [actionBox, cardBox] = [await lastAction.boundingBox(), await card.boundingBox()];
        return (
          actionBox !== null && cardBox !== null && actionBox.x + actionBox.width <= cardBox.x + cardBox.width
        );
      })
      .toBe(true);
    await screenshot(page, 'website-project-scope-1366');
    await page.setViewportSize({ width: 1440, height: 900 });
    // At 1440 px the "Last read" column lay under the sticky actions column: it is in full view,
    // left of the actions, without scrolling the table.
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    await expect
      .poll(async () => {
        const [lastRead, actions] = [
          await firstRow.getByTestId('scope-last-read').boundingBox(),
          await firstRow.locator('td').last().boundingBox(),
        ];
        return lastRead !== null && actions !== null && lastRead.x + lastRead.width <= actions.x;
      })
      .toBe(true);
    await screenshot(page, 'website-project-scope-1440');
    await page.getByTestId('scope-search').locator('input').fill('user-guide');
    await page.getByTestId('scope-search').locator('input').press('Enter');
    await page.waitForFunction(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>('[data-testid="scope-table"] tbody tr.ant-table-row'),
      ).every((row) => (row.textContent ?? '').includes('user-guide')),
    );
    const rows = await table.locator('tbody tr.ant-table-row').count();
    expect(rows).toBeGreaterThan(3);

    // The preview shows the segments the extractor found on a page.
    await table.getByTestId('scope-preview').first().click();
    const preview = page.getByTestId('scope-preview-drawer');
    await preview.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await preview.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(3);
    await screenshot(page, 'website-project-preview');

    expect(problems.filter((problem) => !problem.includes('favicon'))).toEqual([]);
  }, 420_000);
});
