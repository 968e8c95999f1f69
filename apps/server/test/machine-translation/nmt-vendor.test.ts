import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { segments, translations } from '@bhasha/db';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { buildMtTestApp, waitForRun, type MtTestApp } from './support/mt-test-app';

/*
 * Runs against loopback servers speaking LibreTranslate's API: metering equals what the engine
 * received; a rate-limited or refusing engine ends the run with the adapter's message and keeps
 * what was already stored.
 */
describe('NMT runs against a loopback vendor', () => {
  let t: MtTestApp;
  let healthy: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  let limited: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  let refusing: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  const PAGE = 'docs/architecture/index.html';

  beforeAll(async () => {
    healthy = await startLibreTranslateServer();
    // Two answers, then "too many requests" for good.
    limited = await startLibreTranslateServer((index) =>
      index < 2
        ? undefined
        : { status: 429, body: { error: 'Slowdown: 1 per 1 minute' }, headers: { 'retry-after': '0' } },
    );
    refusing = await startLibreTranslateServer(() => ({ status: 403, body: { error: 'Invalid API key' } }));
    const retry = { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 100 };
    t = await buildMtTestApp(
      {
        MT_ENGINES: JSON.stringify([
          {
            id: 'libre',
            service: 'libretranslate',
            baseUrl: healthy.baseUrl,
            apiKey: 'secret-libre-key',
            requestsPerMinute: 6000,
          },
          { id: 'limited', service: 'libretranslate', baseUrl: limited.baseUrl, retry },
          { id: 'refusing', service: 'libretranslate', baseUrl: refusing.baseUrl, retry },
        ]),
      },
      { chunkSize: 10 },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([healthy?.close(), limited?.close(), refusing?.close()]);
  });

  async function freshProject() {
    const organisation = await t.createOrganisation();
    const { headers } = await t.createMember('organisationAdmin', organisation.id);
    const project = await t.createProject(organisation.id, [PAGE]);
    return { headers, project };
  }

  const apply = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/translation/nmt/apply', headers, payload });

  it('meters exactly the calls, characters and words sent to the engine', async () => {
    const { headers, project } = await freshProject();
    const response = await apply(headers, {
      projectId: project.id,
      targetLang: 'es',
      requestId: 'meter',
      origin: 'all',
      nmtService: 'libre',
    });
    expect(response.statusCode, response.body).toBe(200);
    const run = await waitForRun(t, headers, project.id, 'meter');
    expect(run.status).toBe('completed');

    const sentTexts = healthy.received.flat();
    const characters = sentTexts.reduce((sum, text) => sum + [...text].length, 0);
    const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
    const sentSegments = all.filter((s) => /\p{L}/u.test(s.text.replace(/<\/?x\d+\/?>/g, '')));
    const usage = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/usage',
      headers,
      payload: { projectId: project.id },
    });
    expect(usage.json().data.totals).toEqual({
      nmtCalls: healthy.received.length,
      nmtCharacterCount: characters,
      nmtWordCount: sentSegments.reduce((sum, s) => sum + s.wordCount, 0),
    });
    expect(sentTexts.length).toBe(sentSegments.length);
    // The API key stays on the server: not in the engine list.
    const engines = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/engines',
      headers,
      payload: {},
    });
    expect(engines.body).not.toContain('secret-libre-key');
    expect(engines.body).not.toContain(healthy.baseUrl);
  }, 60_000);

  it('ends a run the engine keeps rate-limiting with its message, keeping what was stored', async () => {
    const { headers, project } = await freshProject();
    await apply(headers, {
      projectId: project.id,
      targetLang: 'es',
      requestId: 'limited',
      origin: 'all',
      nmtService: 'limited',
    });
    const run = await waitForRun(t, headers, project.id, 'limited', 90_000);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('LibreTranslate is receiving too many requests. Please try again in a minute.');
    const stored = await t.handle.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, project.id), eq(translations.type, 'MACHINE')));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBe(run.translated);
    expect(stored.every((row) => row.text.startsWith('[es] '))).toBe(true);
  }, 120_000);

  it('ends a run at once when the engine refuses the credentials', async () => {
    const { headers, project } = await freshProject();
    await apply(headers, {
      projectId: project.id,
      targetLang: 'es',
      requestId: 'refused',
      origin: 'all',
      nmtService: 'refusing',
    });
    const run = await waitForRun(t, headers, project.id, 'refused', 30_000);
    expect(run).toMatchObject({
      status: 'failed',
      translated: 0,
      error:
        "LibreTranslate rejected Bhasha's credentials. Ask an administrator to check the engine's API key.",
    });
    // No retry and no further chunk: at most the chunks already in flight (one per lane) were sent.
    expect(refusing.requests).toBeGreaterThanOrEqual(1);
    expect(refusing.requests).toBeLessThanOrEqual(
      t.runtime.engines.get('refusing')!.provider.limits.maxConcurrency,
    );
  }, 60_000);
});
