/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { freePort, headlessChromiumOptions } from '@bhasha/contract/testing';
import { report, reportInfo } from './measure';
import { percentile } from './percentiles';

const repoRoot = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 9);
const SIGN_IN_TARGET_KB = 250;
const EDITOR_TARGET_KB = 700;
const LOAD_TARGET_RATIO = 2;
const ADMIN = { email: 'admin@bench.bhasha.test', password: 'bench-admin-password' };

/**
 * The reference: the sign-in screen as a static page (the same heading, fields and button, its
 * styles inline, no script), served by the same server from the same folder, pre-compressed
 * the same way. What a browser needs at the least to show that screen.
 */
const STATIC_SIGN_IN = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bhasha</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f5f6fa;color:#1f2340}
.layout{display:flex;min-height:100vh}.banner{flex:0 0 44%;background:linear-gradient(160deg,#4f46e5,#1e1b4b)}
main{flex:1;display:flex;align-items:center;justify-content:center}
form{background:#fff;border-radius:12px;padding:32px;width:420px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:28px;margin:0 0 8px}p{color:#6b7280;margin:0 0 24px}label{display:block;margin:16px 0 6px}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #d9d9e3;border-radius:8px;font-size:16px}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:8px;background:#4338ca;color:#fff;font-size:16px}
</style></head>
<body><div class="layout"><aside class="banner"></aside><main>
<form data-testid="sign-in-form"><h1>Welcome back</h1><p>Sign in to manage your translations.</p>
<label for="email">E-mail</label><input id="email" type="email" data-testid="sign-in-email" placeholder="you@company.com">
<label for="password">Password</label><input id="password" type="password" data-testid="sign-in-password">
<button type="submit" data-testid="sign-in-submit">Log In</button></form>
</main></div></body></html>
`;

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

async function post<T>(origin: string, path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${origin}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token, timezone: new Date().toISOString() } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** The built server on a fresh data folder, serving a copy of the built dashboard plus the reference page. */
async function startProduct() {
  const dist = mkdtempSync(join(tmpdir(), 'bhasha-bench-web-'));
  cpSync(join(repoRoot, 'apps/web/dist'), dist, { recursive: true });
  writeFileSync(join(dist, 'reference.html'), STATIC_SIGN_IN);
  writeFileSync(join(dist, 'reference.html.br'), brotliCompressSync(STATIC_SIGN_IN));
  writeFileSync(join(dist, 'reference.html.gz'), gzipSync(STATIC_SIGN_IN));
  const dataDir = mkdtempSync(join(tmpdir(), 'bhasha-bench-data-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${errors}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An organisation admin who accepted the terms, with one website project: the editor's URL and the token. */
async function prepareEditor(origin: string) {
  const admin = await post<{ token: string }>(origin, 'auth', ADMIN);
  const owner = { email: `owner.${Date.now().toString(36)}@bench.bhasha.test`, password: 'Bench#Pass2026' };
  const created = await post(
    origin,
    'auth/newOrganisation',
    { organisation: 'Bench Org', name: 'Bench Owner', plan: 'paid', ...owner },
    admin.data.token,
  );
  if (!created.success) throw new Error(`organisation: ${created.message}`);
  const login = await post<{ token: string; user: { apikey?: string; role: string } }>(origin, 'auth', owner);
  const token = login.data.token;
  await post(
    origin,
    'user/edit',
    { apikey: login.data.user.apikey, updateObj: { contractAgreed: true } },
    token,
  );
  const project = await post<{ project: { id: string } }>(
    origin,
    'project/new',
    {
      name: 'Bench site',
      baseUrl: 'https://bench.example.in/',
      targetLanguages: ['hi'],
      scopeType: 'manual',
    },
    token,
  );
  if (!project.success) throw new Error(`project: ${project.message}`);
  return { url: `${origin}/app/workspace/${project.data.project.id}/hi`, token, role: login.data.user.role };
}

/**
 * Records, in page time, when the first element matching `selector` appeared. A string, not a
 * function: tsx's transform would add helpers the page does not have.
 */
const markWhenShown = (selector: string) => `(() => {
  const marks = (window.__bench = {});
  const check = () => {
    if (marks.shown === undefined && document.querySelector(${JSON.stringify(selector)})) {
      marks.shown = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true });
  document.addEventListener('DOMContentLoaded', check, { once: true });
})();`;

/**
 * One cold load (a fresh browser context: empty cache, no connections): milliseconds from
 * navigation start until `selector` is in the page, and bytes over the wire (headers and
 * compressed bodies) against the bodies' uncompressed size, until the network settles.
 */
async function coldLoad(
  browser: Browser,
  url: string,
  selector: string,
  session?: { token: string; role: string },
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (session)
    await context.addInitScript(
      ([token, role]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('role', btoa(role));
      },
      [session.token, session.role] as const,
    );
  await context.addInitScript({ content: markWhenShown(selector) });
  const page = await context.newPage();
  // The page's own errors, so a screen that never shows says why.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let transferred = 0;
  let decoded = 0;
  cdp.on('Network.loadingFinished', (event) => (transferred += event.encodedDataLength));
  cdp.on('Network.dataReceived', (event) => (decoded += event.dataLength));
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .waitForFunction(
      () => (window as unknown as { __bench: { shown?: number } }).__bench.shown !== undefined,
      undefined,
      { timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      const shot = join(tmpdir(), 'bhasha-bench-web-load-timeout.png');
      await page.screenshot({ path: shot });
      throw new Error(
        `${url} never showed ${selector} (screenshot: ${shot}); page errors:\n${pageErrors.join('\n') || 'none'}`,
        { cause: error },
      );
    });
  const shown = await page.evaluate(
    () => (window as unknown as { __bench: { shown: number } }).__bench.shown,
  );
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms: shown, transferred, decoded };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * Dashboard first load (issue 22, item 11): the sign-in page and the editor, each loaded cold in
 * Chromium from the built server on loopback, against the same screen as a static page of that
 * server. Needs `npm run build` first.
 */
export async function benchWebLoad(): Promise<void> {
  if (!existsSync(join(repoRoot, 'apps/server/dist/main.js')) || !existsSync(join(repoRoot, 'apps/web/dist')))
    throw new Error('web-load needs the built product: run `npm run build` first');
  const product = await startProduct();
  const browser = await chromium.launch(headlessChromiumOptions());
  try {
    const editor = await prepareEditor(product.origin);
    const targets = {
      reference: () => coldLoad(browser, `${product.origin}/reference.html`, '[data-testid="sign-in-email"]'),
      signIn: () => coldLoad(browser, `${product.origin}/sign-in`, '[data-testid="sign-in-email"]'),
      editor: () =>
        coldLoad(
          browser,
          editor.url,
          '[data-testid="segment-grid-empty"], [data-testid="segment-grid"] .ant-table-row',
          editor,
        ),
    };
    for (const load of Object.values(targets)) await load(); // warm-up: the server's and Chromium's first time
    const runs: Record<keyof typeof targets, Awaited<ReturnType<typeof coldLoad>>[]> = {
      reference: [],
      signIn: [],
      editor: [],
    };
    // Interleaved, so a busy moment of the shared machine hits all three alike.
    for (let run = 0; run < RUNS; run += 1)
      for (const [name, load] of Object.entries(targets))
        runs[name as keyof typeof targets].push(await load());
    const median = (name: keyof typeof targets, pick: (r: (typeof runs)['signIn'][number]) => number) =>
      percentile(runs[name].map(pick), 50);
    const referenceMs = median('reference', (r) => r.ms);
    for (const [name, label, targetKb] of [
      ['signIn', 'sign-in page', SIGN_IN_TARGET_KB],
      ['editor', 'editor', EDITOR_TARGET_KB],
    ] as const) {
      const ms = median(name, (r) => r.ms);
      const p90 = percentile(
        runs[name].map((r) => r.ms),
        90,
      );
      report(
        `${label} cold load`,
        ms / referenceMs,
        `≤ ${LOAD_TARGET_RATIO}× the static page`,
        ms / referenceMs <= LOAD_TARGET_RATIO,
        `median ${ms.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms of ${RUNS} runs, navigation start to the screen shown; ` +
          `reference: the same sign-in screen as a static page of the same server, ${referenceMs.toFixed(0)} ms`,
      );
      const transferred = median(name, (r) => r.transferred);
      const decoded = median(name, (r) => r.decoded);
      report(
        `${label} bytes transferred`,
        transferred / decoded,
        `≤ ${targetKb} KB transferred`,
        transferred <= targetKb * 1024,
        `${kb(transferred)} over the wire for ${kb(decoded)} of content (ratio = transferred / uncompressed); ` +
          `the static page: ${kb(median('reference', (r) => r.transferred))}`,
      );
    }
    reportInfo(
      'static reference page',
      1,
      `${referenceMs.toFixed(0)} ms, ${kb(median('reference', (r) => r.transferred))} transferred`,
    );
  } finally {
    await browser.close();
    await product.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchWebLoad();
