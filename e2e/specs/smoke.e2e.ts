import { AUTH_TEXTS } from '@bhasha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, watchConsole } from '../support/browser';
import { startProductServer, type ProductServer } from '../support/product-server';

describe('smoke: the built product in Chromium', () => {
  let server: ProductServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startProductServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the dashboard and shows the sign-in screen', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByTestId('sign-in-email').waitFor({ state: 'visible' });
    await expect(page.getByTestId('sign-in-password').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('sign-in-submit').isVisible()).resolves.toBe(true);
    await screenshot(page, 'smoke-sign-in');
    expect(problems).toEqual([]);
  });

  it('falls back to the dashboard for deep links and redirects unknown paths to /', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/screen`);
    await page.waitForURL(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("without SMTP_URL shows 'Whitelist Email Service' and disables the forgot-password input", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/forgotPassword`);
    const whitelist = page.getByTestId('forgot-password-whitelist');
    await whitelist.waitFor();
    expect(await whitelist.innerText()).toBe(AUTH_TEXTS.whitelistEmailService);
    expect(await page.getByTestId('forgot-password-email').isDisabled()).toBe(true);
    await screenshot(page, 'forgot-password-whitelist');
  });
});
