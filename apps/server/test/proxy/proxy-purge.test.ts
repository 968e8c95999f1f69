import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSegments } from '@bhasha/engine';
import { buildProxyTestApp, type ProxyTestApp } from './support/proxy-test-app';

// A re-check interval far longer than the test: only the change notification can refresh the proxy.
const REVALIDATE_MS = 600_000;
const PAGE = `<!doctype html><html lang="en"><head><title>Ferry times</title></head><body><p>The ferry leaves at noon.</p></body></html>`;

let p: ProxyTestApp;
let host: string;
let projectId: string;
let paragraphHash: string;
let siteRoot: string;

/**
 * Runs SQL as another process would: on PostgreSQL through a connection of its own (not the
 * app's pool), on PGlite (one process) through the database directly, never through the app's
 * services, so nothing in the app is told about the change except by the database.
 */
async function writeElsewhere(text: string, values: unknown[]): Promise<void> {
  const url = (p.t.handle as { url?: string | null }).url;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
    return;
  }
  await p.t.handle.executeSql(text, values);
}

// How long a notification may take to arrive: generous, because a loaded CI machine (two suites
// on one PostgreSQL) has been seen to take over 3 s; still far below REVALIDATE_MS.
const NOTIFY_WAIT_MS = 15_000;

/** Visits the Hindi page until `done` holds or `ms` pass (a notification arrives asynchronously). */
async function visitUntil(done: (html: string) => boolean, ms = NOTIFY_WAIT_MS): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const html = (await p.visit(host, '/hi/')).body;
    if (done(html) || Date.now() > deadline) return html;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  p = await buildProxyTestApp({ env: { PROXY_REVALIDATE_MS: String(REVALIDATE_MS) } });
  const root = (siteRoot = mkdtempSync(join(tmpdir(), 'bhasha-purge-')));
  writeFileSync(join(root, 'index.html'), PAGE);
  const site = await p.startSite({ root });
  host = new URL(site.origin).host;
  projectId = await p.createProject(`${site.origin}/`);
  await p.addPage(projectId, `${site.origin}/`, join(root, 'index.html'));
  paragraphHash = extractSegments(PAGE).find(
    (segment) => segment.text === 'The ferry leaves at noon.',
  )!.sourceHash;
  await p.translate(projectId, 'hi', new Map([[paragraphHash, 'नाव दोपहर में जाती है।']]));
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('instant purge of the translating proxy (LISTEN/NOTIFY)', () => {
  it('shows a translation changed by another process at once, without waiting for the re-check', async () => {
    const first = await p.visit(host, '/hi/');
    expect(first.body).toContain('नाव दोपहर में जाती है।');
    // Cached now, and trusted for REVALIDATE_MS.
    expect((await p.visit(host, '/hi/')).headers['x-bhasha-cache']).toBe('hit');

    await writeElsewhere(
      `UPDATE translations SET text = $1, updated_at = now(), version = version + 1
        WHERE project_id = $2 AND target_lang = 'hi' AND source_hash = $3`,
      ['नाव शाम को जाती है।', projectId, paragraphHash],
    );
    const html = await visitUntil((body) => body.includes('नाव शाम को जाती है।'));
    expect(html).toContain('नाव शाम को जाती है।');
    expect(html).not.toContain('नाव दोपहर में जाती है।');
  });

  it('applies a project setting changed by another process at once (canonical to the source page)', async () => {
    const before = await p.visit(host, '/hi/');
    expect(before.body).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/hi\/">/);
    await writeElsewhere(
      `UPDATE projects SET settings = jsonb_set(settings, '{flags}', coalesce(settings->'flags', '{}'::jsonb) || '{"meta.canonical": false}'::jsonb)
        WHERE id = $1`,
      [projectId],
    );
    const html = await visitUntil((body) => !/<link rel="canonical" href="[^"]+\/hi\/">/.test(body));
    expect(html).not.toMatch(/<link rel="canonical" href="[^"]+\/hi\/">/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/">/);
  });

  it('serves a cleared cache version from another process at once (a fresh origin fetch)', async () => {
    await p.visit(host, '/hi/');
    expect((await p.visit(host, '/hi/')).headers['x-bhasha-cache']).toBe('hit');
    await writeElsewhere(
      `INSERT INTO delivery_settings (project_id, organisation_id, cache_version)
         SELECT id, organisation_id, 1 FROM projects WHERE id = $1
       ON CONFLICT (project_id) DO UPDATE SET cache_version = delivery_settings.cache_version + 1`,
      [projectId],
    );
    const deadline = Date.now() + NOTIFY_WAIT_MS;
    let cache: unknown;
    for (;;) {
      cache = (await p.visit(host, '/hi/')).headers['x-bhasha-cache'];
      if (cache !== 'hit' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(cache).toBe('miss');
  });

  it('sends nothing for project updates delivery does not read (crawl progress)', async () => {
    await p.visit(host, '/hi/');
    expect((await p.visit(host, '/hi/')).headers['x-bhasha-cache']).toBe('hit');
    await writeElsewhere(`UPDATE projects SET last_processed_url = 'x', updated_at = now() WHERE id = $1`, [
      projectId,
    ]);
    // Still trusted and cached: no notification, and nothing it depends on changed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await p.visit(host, '/hi/')).headers['x-bhasha-cache']).toBe('hit');
  });

  it('with the page cache off, renders memoised by origin bytes still follow the origin and the translations', async () => {
    await writeElsewhere(
      `UPDATE projects SET settings = settings || '{"cacheEnabled": false}'::jsonb WHERE id = $1`,
      [projectId],
    );
    const first = await visitUntil((body) => body.includes('नाव शाम को जाती है।'));
    expect(first).toContain('नाव शाम को जाती है।');
    const again = await p.visit(host, '/hi/');
    expect(again.headers['x-bhasha-cache']).toBe('miss');
    expect(again.body).toBe(first);
    // The origin page changes: the next visit shows it (the origin is fetched on every request).
    writeFileSync(join(siteRoot, 'index.html'), PAGE.replace('</p>', '</p><p>Tickets at the pier.</p>'));
    const changed = await p.visit(host, '/hi/');
    expect(changed.body).toContain('Tickets at the pier.');
    expect(changed.body).toContain('नाव शाम को जाती है।');
    // A translation changes: the same origin bytes render with the new text.
    await writeElsewhere(
      `UPDATE translations SET text = $1, updated_at = now() WHERE project_id = $2 AND target_lang = 'hi' AND source_hash = $3`,
      ['नाव रात को जाती है।', projectId, paragraphHash],
    );
    const retranslated = await visitUntil((body) => body.includes('नाव रात को जाती है।'));
    expect(retranslated).toContain('नाव रात को जाती है।');
    expect(retranslated).toContain('Tickets at the pier.');
  });
});
