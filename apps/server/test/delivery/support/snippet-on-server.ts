import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { headlessChromiumOptions } from '@bhasha/contract/testing';
import { segments } from '@bhasha/db';
import { afterAll, beforeAll } from 'vitest';
import { buildSnippet } from '../../../../snippet/scripts/build.mjs';
import {
  HANDBOOK_ROOT,
  buildTranslationFixture,
  type TranslationFixture,
} from '../../translation/support/translation-fixture';

const PAGE = join(HANDBOOK_ROOT, 'index.html');

export interface SegmentText {
  sourceHash: string;
  text: string;
}

/** A customer's page opened in Chromium with the snippet of the real server. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The page's HTML as served, snippet tag included. */
  html: string;
  /** Uncaught errors of the page. */
  errors: string[];
}

/** The real server on loopback with a crawled handbook project in Hindi, and Chromium. */
export interface SnippetOnServer {
  f: TranslationFixture;
  projectId: string;
  /** The project's segments as crawled. */
  rows: SegmentText[];
  /** Saves these Hindi texts as USER translations through the translation writer. */
  writeHindi(changes: SegmentText[]): Promise<void>;
  /**
   * Opens the project's page (the handbook index, served from memory), with the snippet tag of this server and project, as a returning visitor who
   * chose Hindi, and waits until the page is in Hindi (the page's log is the error otherwise).
   */
  openInHindi(): Promise<OpenedPage>;
  close(): Promise<void>;
}

/**
 * Builds the snippet bundle, crawls the handbook index into a project whose every segment has a
 * Hindi translation `हि: {text}`, starts the server on a free loopback port and Chromium.
 */
export async function startSnippetOnServer(): Promise<SnippetOnServer> {
  await buildSnippet();
  const f = await buildTranslationFixture();
  const created = await f.createProject({ pageFiles: ['index.html'] });
  const projectId = created.projectId;
  const pageUrl = created.pageUrls[0]!;
  const rows = await f.t.handle.db
    .select({ sourceHash: segments.sourceHash, text: segments.text })
    .from(segments)
    .where(eq(segments.projectId, projectId));
  async function writeHindi(changes: SegmentText[]) {
    await f.t.services.translationWriter.write(
      { organisationId: f.organisationId, projectId, authorId: f.adminUserId },
      changes.map((change) => ({
        ...change,
        targetLang: 'hi',
        type: 'USER' as const,
        origin: 'editor' as const,
      })),
    );
  }
  await writeHindi(rows.map((row) => ({ sourceHash: row.sourceHash, text: `हि: ${row.text}` })));
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  const server = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch(
    headlessChromiumOptions([
      // The customer's page stands for a public site while this Bhasha server listens on loopback;
      // Chromium's Local Network Access checks would block that pairing, which production never has.
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ]),
  );

  async function openInHindi(): Promise<OpenedPage> {
    const html = (await readFile(PAGE, 'utf8')).replace(
      '</head>',
      `<script src="${server}/api/delivery/bhasha.js" data-project-id="${projectId}"></script></head>`,
    );
    const context = await browser.newContext();
    // A returning visitor who chose Hindi. Runs in every frame, about:blank included, where storage is denied.
    await context.addInitScript({
      content: "if (location.protocol.startsWith('http')) localStorage.setItem('bhasha:language', 'hi');",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // What the page went through, shown when the translation never arrives.
    const log: string[] = [];
    page.on('console', (message) => log.push(message.text()));
    page.on('requestfailed', (request) =>
      log.push(`failed ${request.url()} ${request.failure()?.errorText}`),
    );
    page.on('response', (response) => log.push(`${response.status()} ${response.url()}`));
    // The customer's site is served from memory; everything else of it is refused. The Bhasha
    // server is real, on loopback.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(server)) return route.continue();
      if (url === pageUrl) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
      return route.abort('blockedbyclient');
    });
    await page.goto(pageUrl, { waitUntil: 'domcontentloaded' });
    await page
      .waitForFunction("document.documentElement.lang === 'hi'", undefined, { timeout: 15_000 })
      .catch(() => {
        throw new Error(log.filter((line) => !line.startsWith('failed https')).join('\n'));
      });
    return { context, page, html, errors };
  }

  return {
    f,
    projectId,
    rows,
    writeHindi,
    openInHindi,
    async close() {
      await browser.close();
      await f.close();
    },
  };
}

/**
 * The setup of a test file: starts SnippetOnServer before its tests and closes it after them;
 * call the returned function inside a test.
 */
export function useSnippetOnServer(): () => SnippetOnServer {
  let started: SnippetOnServer | undefined;
  beforeAll(async () => {
    started = await startSnippetOnServer();
  }, 300_000);
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error('the server and Chromium are not started: call this inside a test');
    return started;
  };
}
