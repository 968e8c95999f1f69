import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { headlessChromiumOptions } from '@bhasha/contract/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildSnippet } from '../../scripts/build.mjs';

export const PAGE_ORIGIN = 'https://customer.test';
export const API_ORIGIN = 'https://bhasha.test';
export const PROJECT_ID = '7d1f0a52-3c1e-4a8e-9a37-2f3b5c6d7e80';

/** Debian's Chromium, headless (the options every workspace's browser tests share). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(headlessChromiumOptions());
}

/** The server tests' website pages (apps/server/test/fixtures/websites, SOURCES.md there). */
const SHARED_WEBSITES = new URL('../../../server/test/fixtures/websites/', import.meta.url);
/** Pages only the snippet tests use (test/fixtures/websites, SOURCES.md there). */
const OWN_WEBSITES = new URL('../fixtures/websites/', import.meta.url);

/**
 * Reads a website page by its path below the fixture folders: the server tests' copy, shared so a
 * page is stored once, or one of the few pages kept here that the crawler's subset leaves out.
 */
export function readWebsiteFixture(path: string): string {
  const own = fileURLToPath(new URL(path, OWN_WEBSITES));
  return readFileSync(existsSync(own) ? own : fileURLToPath(new URL(path, SHARED_WEBSITES)), 'utf8');
}

/** The production bundle, built the way `npm run build` builds it. */
export async function buildSnippetBundle(): Promise<string> {
  return readFileSync(await buildSnippet(), 'utf8');
}

/** The test-only bundle exposing `collectForTest`. */
export async function buildCollectorBundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./collect-entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The snippet's tag as a customer pastes it. */
export const SNIPPET_TAG = `<script src="${API_ORIGIN}/api/delivery/bhasha.js" data-project-id="${PROJECT_ID}"></script>`;

/** Puts the snippet's tag at the end of `<head>` (or at the start when there is none). */
export function withSnippetTag(html: string): string {
  const at = html.search(/<\/head>/i);
  return at < 0 ? SNIPPET_TAG + html : html.slice(0, at) + SNIPPET_TAG + html.slice(at);
}

/** A request the page sent to the delivery API. */
export interface ApiCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export interface FakeSite {
  /** HTML served per path of PAGE_ORIGIN. */
  readonly pages: Record<string, string>;
  readonly bundle: string;
  /** Answers the delivery API (path after /api/snippet/:id), or undefined to drop the connection (server down). */
  readonly api?: (
    method: string,
    path: string,
    body: unknown,
  ) => { status: number; body: unknown } | undefined;
}

/**
 * Serves a customer's page and the snippet from memory to a Chromium page. Nothing reaches the
 * network: the page's own scripts, styles and images are refused, so its DOM is exactly its HTML.
 */
export async function servePages(page: Page, site: FakeSite): Promise<ApiCall[]> {
  const calls: ApiCall[] = [];
  await page.route('**/*', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin === PAGE_ORIGIN && site.pages[url.pathname] !== undefined) {
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: site.pages[url.pathname] });
    }
    if (url.origin === API_ORIGIN && url.pathname === '/api/delivery/bhasha.js') {
      return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: site.bundle });
    }
    const prefix = `/api/delivery/${PROJECT_ID}`;
    if (url.origin === API_ORIGIN && url.pathname.startsWith(prefix)) {
      if (request.method() === 'OPTIONS') {
        return route.fulfill({
          status: 204,
          headers: {
            'access-control-allow-origin': PAGE_ORIGIN,
            'access-control-allow-methods': 'GET, POST',
            'access-control-allow-headers': 'content-type',
          },
        });
      }
      const path = url.pathname.slice(prefix.length) + url.search;
      const body: unknown = request.postData() ? JSON.parse(request.postData()!) : undefined;
      calls.push({ method: request.method(), path, body });
      const answer = site.api?.(request.method(), path, body);
      if (!answer) return route.abort('connectionrefused');
      return route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': PAGE_ORIGIN },
        body: JSON.stringify(answer.body),
      });
    }
    return route.abort('blockedbyclient');
  });
  return calls;
}

/** Collects uncaught errors and console errors other than refused sub-resources. */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  return problems;
}

/** A visitor's page opened by `SnippetInChromium.open`, with what it sent and the errors it logged. */
export interface OpenedSite {
  readonly page: Page;
  readonly calls: ApiCall[];
  readonly errors: string[];
}

export interface SnippetInChromium {
  /**
   * Opens `${PAGE_ORIGIN}/page.html` of `site` (with the production bundle) in a fresh context,
   * closed after the test; `language` is the visitor's stored choice, as a returning visitor.
   */
  open(site: Omit<FakeSite, 'bundle'>, language?: string): Promise<OpenedSite>;
}

/**
 * The browser setup of a snippet test file: one Chromium and the production bundle for the
 * file's tests (built before them, closed after them), and a fresh context per opened site.
 * Call at the top of the test file.
 */
export function useSnippetInChromium(): SnippetInChromium {
  let browser: Browser | undefined;
  let bundle = '';
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [browser, bundle] = await Promise.all([launchChromium(), buildSnippetBundle()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(site, language) {
      if (!browser) throw new Error('Chromium is not running: open() belongs in a test');
      const context = await browser.newContext();
      contexts.push(context);
      if (language)
        await context.addInitScript((code) => localStorage.setItem('bhasha:language', code), language);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const calls = await servePages(page, { ...site, bundle });
      await page.goto(`${PAGE_ORIGIN}/page.html`, { waitUntil: 'domcontentloaded' });
      return { page, calls, errors };
    },
  };
}
