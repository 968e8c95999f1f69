import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { segments, siteVisits } from '@bhasha/db';
import { extractSegments } from '@bhasha/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnippet } from '../../../snippet/scripts/build.mjs';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';

const PAGE = join(
  import.meta.dirname,
  '..',
  'fixtures',
  'websites',
  'jitsi-handbook',
  'handbook',
  'index.html',
);

let f: TranslationFixture;
let browser: Browser;
let server: string;
let projectId: string;
let pageUrl: string;
let rows: { sourceHash: string; text: string }[];

async function writeHindi(changes: { sourceHash: string; text: string }[]) {
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

beforeAll(async () => {
  await buildSnippet();
  f = await buildTranslationFixture();
  const created = await f.createProject({ pageFiles: ['index.html'] });
  projectId = created.projectId;
  pageUrl = created.pageUrls[0]!;
  rows = await f.t.handle.db
    .select({ sourceHash: segments.sourceHash, text: segments.text })
    .from(segments)
    .where(eq(segments.projectId, projectId));
  await writeHindi(rows.map((row) => ({ sourceHash: row.sourceHash, text: `हि: ${row.text}` })));
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      // The customer's page stands for a public site while this Bhasha server listens on loopback;
      // Chromium's Local Network Access checks would block that pairing, which production never has.
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await f?.close();
});

describe('the snippet against the real server', () => {
  it('shows the customer’s page in Hindi from the translation memory, and the edited text after an edit', async () => {
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
      .waitForFunction("document.documentElement.lang === 'hi'", undefined, { timeout: 8000 })
      .catch(() => {
        throw new Error(log.filter((line) => !line.startsWith('failed https')).join('\n'));
      });
    const title = extractSegments(html).find((segment) => segment.kind === 'title')!;
    expect(await page.title()).toBe(`हि: ${title.text}`);
    const heading = await page.locator('h1').first().textContent();
    expect(heading).toMatch(/^हि: /);

    const edited = rows.find((row) => `हि: ${row.text}` === heading)!;
    await writeHindi([{ sourceHash: edited.sourceHash, text: 'संपादित शीर्षक' }]);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction("document.documentElement.lang === 'hi'");
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('संपादित शीर्षक');
    expect(errors).toEqual([]);

    await expect
      .poll(async () => {
        const visits = await f.t.handle.db
          .select()
          .from(siteVisits)
          .where(eq(siteVisits.projectId, projectId));
        return visits.reduce((sum, row) => sum + row.visits, 0);
      })
      .toBe(2);
    await context.close();
  });
});
