import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mtRuns, mtUsage, segments, translationRevisions, translations } from '@bhasha/db';
import { runMtStep } from '../../src/modules/machine-translation/mt-run-step';
import { sourceHash } from '@bhasha/engine';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { projectWithTexts, sentences, translate } from './support/memory-projects';
import { buildMtTestApp, type MtTestApp } from './support/mt-test-app';

/*
 * A worker that stops in the middle of a run (its step aborted while a chunk is in flight) and
 * the retry that follows: the run finishes, nothing is stored twice, and segments finished
 * before the stop are not sent to the engine again.
 */
describe('an NMT run interrupted in the middle', () => {
  let t: MtTestApp;
  let engine: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  const CHUNK = 10;
  let onRequest: ((index: number) => void) | undefined;

  beforeAll(async () => {
    // The test decides when the worker dies: on the n-th request the engine receives.
    engine = await startLibreTranslateServer((index) => {
      onRequest?.(index);
      return undefined;
    });
    t = await buildMtTestApp(
      { MT_ENGINES: JSON.stringify([{ id: 'libre', service: 'libretranslate', baseUrl: engine.baseUrl }]) },
      { chunkSize: CHUNK, lanes: 2 },
      // No worker: the test drives the steps itself, as a crashed and a restarted worker would.
      { work: false },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  it('finishes after the interruption without duplicates', async () => {
    const organisation = await t.createOrganisation();
    const { headers } = await t.createMember('organisationAdmin', organisation.id);
    const project = await t.createProject(organisation.id, ['docs/architecture/index.html']);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/apply',
      headers,
      payload: { projectId: project.id, targetLang: 'es', requestId: 'crash', origin: 'all' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [run] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.projectId, project.id));

    // The first worker dies while the engine holds its fifth request (two lanes: chunks are
    // stored while others are in flight, so at least two were stored by then).
    const crash = new AbortController();
    engine.received.length = 0;
    onRequest = (index) => {
      if (index === 4) crash.abort(new Error('worker killed'));
    };
    const interrupted = runMtStep(t.runtime, run!.id, crash.signal, () => undefined);
    await expect(interrupted).rejects.toThrow();
    onRequest = undefined;
    const [midway] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.id, run!.id));
    expect(midway!.status).toBe('running');
    expect(midway!.translated + midway!.unchanged + midway!.skipped).toBeGreaterThanOrEqual(CHUNK);
    expect(midway!.translated + midway!.unchanged + midway!.skipped).toBeLessThan(midway!.total);
    const sentBefore = engine.received.flat();

    // The retried job runs steps until the run is over.
    const retry = new AbortController();
    for (let steps = 0; steps < 20; steps += 1) {
      if ((await runMtStep(t.runtime, run!.id, retry.signal, () => undefined)) === 'finished') break;
    }
    const [finished] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.id, run!.id));
    const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
    expect(finished).toMatchObject({ status: 'completed', total: all.length });
    expect(finished!.translated + finished!.unchanged + finished!.skipped).toBe(all.length);

    const stored = await t.handle.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, project.id), eq(translations.type, 'MACHINE')));
    const revisions = await t.handle.db
      .select()
      .from(translationRevisions)
      .where(eq(translationRevisions.projectId, project.id));
    expect(stored.length).toBe(finished!.translated);
    expect(revisions.length).toBe(stored.length);
    expect(new Set(revisions.map((r) => r.segmentId)).size).toBe(revisions.length);

    // Only the chunks in flight at the crash (two lanes) may have been sent twice.
    const sentAfter = engine.received.flat().slice(sentBefore.length);
    const resent = sentAfter.filter((text) => sentBefore.includes(text));
    expect(resent.length).toBeLessThanOrEqual(2 * CHUNK);
  }, 120_000);

  it('with memory matches in the run: resumes without duplicates, and the engine never sees a memory match', async () => {
    const organisation = await t.createOrganisation('Memory restart');
    const { headers } = await t.createMember('organisationAdmin', organisation.id);
    const texts = sentences(2000, 120);
    // 50 of the run's 120 texts are translated in another project after the run's project was crawled.
    const earlier = await projectWithTexts(t, organisation.id, texts.slice(0, 50), 'Earlier');
    const { project } = await projectWithTexts(t, organisation.id, texts, 'Current');
    await translate(
      t,
      earlier.project,
      texts.slice(0, 50).map((text) => ({ text, translation: `usuario ${text}`, type: 'USER' as const })),
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/apply',
      headers,
      payload: { projectId: project.id, targetLang: 'es', requestId: 'memory-crash', origin: 'all' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [run] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.projectId, project.id));

    // The worker dies while the engine holds its fourth request.
    const crash = new AbortController();
    engine.received.length = 0;
    const firstIndex = engine.requests;
    onRequest = (index) => {
      if (index === firstIndex + 3) crash.abort(new Error('worker killed'));
    };
    await expect(runMtStep(t.runtime, run!.id, crash.signal, () => undefined)).rejects.toThrow();
    onRequest = undefined;
    const [midway] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.id, run!.id));
    expect(midway!.translated).toBeLessThan(midway!.total);
    const sentBefore = engine.received.flat();

    const retry = new AbortController();
    for (let steps = 0; steps < 20; steps += 1) {
      if ((await runMtStep(t.runtime, run!.id, retry.signal, () => undefined)) === 'finished') break;
    }
    const [finished] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.id, run!.id));
    expect(finished).toMatchObject({ status: 'completed', total: texts.length, translated: texts.length });

    // Every segment stored once, with one revision; the memory's 50 as USER exact matches.
    const stored = await t.handle.db
      .select()
      .from(translations)
      .where(eq(translations.projectId, project.id));
    expect(stored).toHaveLength(texts.length);
    const revisions = await t.handle.db
      .select()
      .from(translationRevisions)
      .where(eq(translationRevisions.projectId, project.id));
    expect(revisions).toHaveLength(texts.length);
    expect(new Set(revisions.map((r) => r.segmentId)).size).toBe(texts.length);
    expect(revisions.filter((r) => r.origin === 'exactMatch')).toHaveLength(50);
    const byHash = new Map(stored.map((row) => [row.sourceHash, row]));
    for (const text of texts.slice(0, 50))
      expect(byHash.get(sourceHash(text)), text).toMatchObject({ type: 'USER', text: `usuario ${text}` });

    // The engine never saw a memory match; only the chunks in flight at the crash went twice,
    // and the usage counts each segment the engine answered once.
    const sent = engine.received.flat();
    expect(sent.filter((text) => texts.slice(0, 50).includes(text))).toEqual([]);
    const resent = sent.slice(sentBefore.length).filter((text) => sentBefore.includes(text));
    expect(resent.length).toBeLessThanOrEqual(2 * CHUNK);
    const usage = await t.handle.db.select().from(mtUsage).where(eq(mtUsage.projectId, project.id));
    expect(usage.reduce((sum, row) => sum + row.segments, 0)).toBe(texts.length - 50);
  }, 120_000);
});
