/// <reference lib="dom" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { headlessChromiumOptions } from '@bhasha/contract/testing';
import { report } from './measure';
import { percentile } from './percentiles';
import { buildSnippetBenchPage, translationsFor } from './snippet/snippet-page';

const PROJECT_ID = '5b0c7a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const SEGMENTS = Number(process.env.SNIPPET_SEGMENTS ?? 500);
const RUNS = Number(process.env.SNIPPET_RUNS ?? 15);
const TARGET_MS = 100;

async function buildBundle(): Promise<string> {
  const script = fileURLToPath(new URL('../../apps/snippet/scripts/build.mjs', import.meta.url));
  const { buildSnippet } = (await import(pathToFileURL(script).href)) as { buildSnippet(): Promise<string> };
  return readFileSync(await buildSnippet(), 'utf8');
}

/** The customer's site and the delivery API on loopback, answering from memory. */
function startServer(pages: Record<string, string>, bundle: string, translations: Record<string, string>) {
  const settings = JSON.stringify({
    success: true,
    message: '',
    data: {
      sourceLanguage: 'en',
      languages: ['hi'],
      noTranslateSelectors: [],
      ignorePatterns: [],
      swalekhSelectors: [],
      customFontSizes: {},
      popupCss: '',
    },
  });
  const dictionary = JSON.stringify({ success: true, message: '', data: { language: 'hi', translations } });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (type: string, body: string, cacheControl = 'no-store') => {
      response.writeHead(200, {
        'content-type': type,
        'access-control-allow-origin': '*',
        'cache-control': cacheControl,
      });
      response.end(body);
    };
    if (pages[url.pathname]) return send('text/html; charset=utf-8', pages[url.pathname]!);
    // As the server sends it (delivery.routes.ts: five minutes, then revalidated by ETag): a
    // returning visitor's browser has the bundle cached (BENCH_SNIPPET_NO_STORE=1: fetched every time).
    if (url.pathname === '/api/delivery/bhasha.js')
      return send(
        'text/javascript',
        bundle,
        process.env.BENCH_SNIPPET_NO_STORE ? 'no-store' : 'public, max-age=300',
      );
    if (url.pathname === `/api/delivery/${PROJECT_ID}/settings`) return send('application/json', settings);
    if (url.pathname === `/api/delivery/${PROJECT_ID}/translations`)
      return send('application/json', dictionary);
    request.resume();
    return send('application/json', '{"success":true,"message":"","data":{}}');
  });
  return new Promise<{ port: number; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** Marks, in page time, DOMContentLoaded and the moment the page became Hindi (the snippet sets lang last). */
const MEASURE = () => {
  const marks: Record<string, number> = {};
  (window as unknown as { __bench: Record<string, number> }).__bench = marks;
  document.addEventListener('DOMContentLoaded', () => (marks.dcl = performance.now()), { once: true });
  new MutationObserver(() => {
    if (marks.translated === undefined && document.documentElement?.lang === 'hi')
      marks.translated = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['lang'] });
};

async function measure(browser: Browser, url: string, expectTranslation: boolean) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('bhasha:language', 'hi'));
  await context.addInitScript(MEASURE);
  const page = await context.newPage();
  if (expectTranslation) {
    // A returning visitor: the first view stores the settings; the second one is measured.
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await page.reload({ waitUntil: 'domcontentloaded' });
  } else {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  }
  if (expectTranslation)
    await page.waitForFunction(
      () => (window as unknown as { __bench: { translated?: number } }).__bench.translated !== undefined,
    );
  const marks = await page.evaluate(() => {
    const found = { ...(window as unknown as { __bench: Record<string, number> }).__bench };
    for (const entry of performance.getEntriesByType('mark')) found[entry.name] = entry.startTime;
    return found;
  });
  const untranslated = expectTranslation
    ? await page.evaluate(
        () => document.body.innerText.split('\n').filter((line) => /^[A-Z]/.test(line.trim())).length,
      )
    : 0;
  await context.close();
  return {
    dcl: marks.dcl ?? NaN,
    translated: marks.translated ?? NaN,
    settings: marks['bhasha:settings'] ?? NaN,
    dictionary: marks['bhasha:dictionary'] ?? NaN,
    start: marks['bhasha:start'] ?? NaN,
    untranslated,
  };
}

/**
 * Snippet speed (issue 8): a generated page of SEGMENTS segments in Chromium, every segment in
 * the TM; the time from DOMContentLoaded to the whole page translated, for a returning visitor
 * whose language (and the project's settings) the browser remembers; the dictionary is fetched. Reference in the same run: the same page without the snippet,
 * from navigation start to DOMContentLoaded.
 */
export async function benchSnippet(): Promise<void> {
  const bundle = await buildBundle();
  const probe = buildSnippetBenchPage(SEGMENTS, '');
  const translations = translationsFor(probe);
  const server = await startServer({ '/bare.html': probe }, bundle, translations);
  const apiOrigin = `http://127.0.0.1:${server.port}`;
  const tag = `<script src="${apiOrigin}/api/delivery/bhasha.js" data-project-id="${PROJECT_ID}"></script>`;
  const withSnippet = buildSnippetBenchPage(SEGMENTS, tag);
  const server2 = await startServer({ '/page.html': withSnippet }, bundle, translations);
  const browser = await chromium.launch(headlessChromiumOptions());
  try {
    // The page is served from localhost, the API from 127.0.0.1: cross-origin, as on a customer's site.
    const pageUrl = `http://localhost:${server2.port}/page.html`;
    const bareUrl = `http://localhost:${server.port}/bare.html`;
    await measure(browser, pageUrl, true); // warm-up (bundle compile cache, fonts)
    const afterDcl: number[] = [];
    // From the snippet's start (DOMContentLoaded seen) to the page translated: its own synchronous work.
    const ownWork: number[] = [];
    const bareDcl: number[] = [];
    let untranslated = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const bare = await measure(browser, bareUrl, false);
      bareDcl.push(bare.dcl);
      const snippet = await measure(browser, pageUrl, true);
      afterDcl.push(Math.max(0, snippet.translated - snippet.dcl));
      ownWork.push(snippet.translated - snippet.start);
      if (process.env.SNIPPET_TRACE)
        process.stdout.write(
          `  run ${run}: settings ${snippet.settings.toFixed(0)}, dictionary ${snippet.dictionary.toFixed(0)}, DOMContentLoaded ${snippet.dcl.toFixed(0)}, snippet starts ${snippet.start.toFixed(0)}, translated ${snippet.translated.toFixed(0)} ms\n`,
        );
      untranslated = Math.max(untranslated, snippet.untranslated);
    }
    const median = percentile(afterDcl, 50);
    const p90 = percentile(afterDcl, 90);
    const worst = Math.max(...afterDcl);
    const bareMedian = percentile(bareDcl, 50);
    report(
      `snippet translated after DOMContentLoaded (${SEGMENTS} segments)`,
      median / bareMedian,
      `≤ ${TARGET_MS} ms after DOMContentLoaded`,
      worst <= TARGET_MS && untranslated === 0,
      `median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, worst ${worst.toFixed(1)} ms of ${RUNS} runs; ` +
        `reference: the page without the snippet reaches DOMContentLoaded in ${bareMedian.toFixed(1)} ms (ratio = snippet / that); ` +
        `${Object.keys(translations).length} translations, ${untranslated} lines left in English; ` +
        `the snippet's own work (collect, look up, apply) median ${percentile(ownWork, 50).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await server.close();
    await server2.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchSnippet();
