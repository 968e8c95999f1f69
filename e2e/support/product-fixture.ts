import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchConsole } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { startProductServer, type ProductServer } from './product-server';

/** The screen sizes the public screens are checked at (a laptop, a desktop, a phone). */
export const VIEWPORTS = {
  laptop: { width: 1280, height: 800 },
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The built product with real e-mail (a loopback SMTP server), and a Chromium to drive it. */
export interface ProductFixture {
  server: ProductServer;
  mail: MailCatcher;
  browser: Browser;
  /** A fresh browser context (own storage) with one page on it; console errors are collected. */
  openPage(viewport?: ViewportName): Promise<{ page: Page; problems: string[] }>;
  stop(): Promise<void>;
}

/** Starts the mail catcher, the product (SMTP_URL pointing at the catcher) and the browser. */
export async function startProductFixture(
  options: { env?: Record<string, string> } = {},
): Promise<ProductFixture> {
  const mail = await startMailCatcher();
  const [server, browser] = await Promise.all([
    startProductServer({ smtpUrl: mail.url, ...(options.env ? { env: options.env } : {}) }),
    launchBrowser(),
  ]);
  return {
    server,
    mail,
    browser,
    async openPage(viewport = 'desktop') {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      const page = await context.newPage();
      return { page, problems: watchConsole(page) };
    },
    async stop() {
      await browser.close();
      await server.stop();
      await mail.close();
    },
  };
}
