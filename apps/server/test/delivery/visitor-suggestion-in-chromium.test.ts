import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { segments } from '@bhasha/db';
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

beforeAll(async () => {
  await buildSnippet();
  f = await buildTranslationFixture();
  const created = await f.createProject({ pageFiles: ['index.html'] });
  projectId = created.projectId;
  pageUrl = created.pageUrls[0]!;
  const rows = await f.t.handle.db
    .select({ sourceHash: segments.sourceHash, text: segments.text })
    .from(segments)
    .where(eq(segments.projectId, projectId));
  await f.t.services.translationWriter.write(
    { organisationId: f.organisationId, projectId, authorId: f.adminUserId },
    rows.map((row) => ({
      sourceHash: row.sourceHash,
      text: `हि: ${row.text}`,
      targetLang: 'hi',
      type: 'USER' as const,
      origin: 'editor' as const,
    })),
  );
  await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      // The page stands for a public site while this server listens on loopback (see snippet-with-server).
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await f?.close();
});

describe('a visitor suggests a better translation through the snippet', () => {
  it('clicks a translated heading in suggestion mode, sends a suggestion, and it shows up in suggestion/filter', async () => {
    const html = (await readFile(PAGE, 'utf8')).replace(
      '</head>',
      `<script src="${server}/api/delivery/bhasha.js" data-project-id="${projectId}"></script></head>`,
    );
    const context = await browser.newContext();
    await context.addInitScript({
      content: "if (location.protocol.startsWith('http')) localStorage.setItem('bhasha:language', 'hi');",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(server)) return route.continue();
      if (url === pageUrl) return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
      return route.abort('blockedbyclient');
    });
    await page.goto(pageUrl, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction("document.documentElement.lang === 'hi'", undefined, { timeout: 15_000 });

    const suggest = page.getByRole('button', { name: 'Suggest a translation' });
    await suggest.click();
    expect(await suggest.getAttribute('aria-pressed')).toBe('true');
    const heading = page.locator('h1').first();
    const shown = (await heading.textContent())!;
    await heading.click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a better translation' });
    await dialog.waitFor();
    const field = dialog.getByLabel('Your translation');
    expect(await field.inputValue()).toBe(shown.trim());
    // Keyboard: focus starts in the dialog, on the translation.
    expect(await page.evaluate("document.activeElement && document.activeElement.getAttribute('name')")).toBe(
      'text',
    );
    await field.fill('जित्सी पुस्तिका');
    await dialog.getByLabel('Your name or e-mail (optional)').fill('Asha');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Thank you: your suggestion was sent');

    const list = await f.post('/suggestion/filter', { projectId, targetLang: 'hi', status: 'new' });
    expect(list.statusCode, list.body).toBe(200);
    const [suggestion] = list.json().data.suggestions as Record<string, unknown>[];
    expect(suggestion).toMatchObject({
      suggestion: 'जित्सी पुस्तिका',
      currentTarget: shown.trim(),
      status: 'new',
      suggestedBy: 'Asha',
    });
    expect(`हि: ${String(suggestion!.source)}`).toBe(shown.trim());
    await dialog.waitFor({ state: 'detached' });
    expect(await suggest.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });
});
