import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { headlessChromiumOptions } from '@bhasha/contract/testing';

export const artifactsDir = resolve(import.meta.dirname, '../artifacts');

/** Debian's Chromium, headless (shared options; Playwright gives it a fresh profile). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(headlessChromiumOptions());
}

/** Saves a full-page screenshot under e2e/artifacts for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Collects console errors and failed requests, so a spec can assert the page ran cleanly. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
