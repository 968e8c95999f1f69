import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mtRuns, mtUsage, segments, translations } from '@bhasha/db';
import type { MtEngine } from '../../src/modules/machine-translation/mt-engine-registry';
import { runMtStep } from '../../src/modules/machine-translation/mt-run-step';
import type { MtRuntime } from '../../src/modules/machine-translation/mt-runtime';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { buildMtTestApp, type MtTestApp } from './support/mt-test-app';

/*
 * Two failure windows of a run, driven step by step as a worker would:
 * - a user saves a translation while the engine is working on the segment (between the run's
 *   read and its write): the user's text must survive, whatever `tp` allowed at read time;
 * - the worker dies after the engine answered a chunk but before the chunk was stored: the
 *   resumed run stores the kept answer without asking the engine again and meters it once.
 */
describe('NMT runs: interleaved user saves and kill-and-resume metering', () => {
  let t: MtTestApp;
  let engine: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  const CHUNK = 10;
  const PAGE = 'docs/architecture/index.html';

  beforeAll(async () => {
    engine = await startLibreTranslateServer();
    t = await buildMtTestApp(
      { MT_ENGINES: JSON.stringify([{ id: 'libre', service: 'libretranslate', baseUrl: engine.baseUrl }]) },
      { chunkSize: CHUNK, lanes: 1 },
      { work: false },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  /** A run accepted over HTTP (no worker: the test runs its steps). */
  async function acceptRun(requestId: string, tp: 'untranslated' | 'machine') {
    const organisation = await t.createOrganisation();
    const { headers, user } = await t.createMember('organisationAdmin', organisation.id);
    const project = await t.createProject(organisation.id, [PAGE]);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/apply',
      headers,
      payload: { projectId: project.id, targetLang: 'es', requestId, origin: 'all', tp },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [run] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.projectId, project.id));
    return { organisation, user, project, run: run! };
  }

  async function runToEnd(runtime: MtRuntime, runId: string) {
    const signal = new AbortController().signal;
    for (let steps = 0; steps < 50; steps += 1)
      if ((await runMtStep(runtime, runId, signal, () => undefined)) === 'finished') return;
    throw new Error('the run did not finish in 50 steps');
  }

  it("keeps a user's translation saved while the engine was translating the segment (tp machine)", async () => {
    const { organisation, user, project, run } = await acceptRun('race', 'machine');
    const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
    const lettered = all.filter((s) => /\p{L}/u.test(s.text));
    const [withMachine, withNothing] = lettered;
    const ctx = { organisationId: organisation.id, projectId: project.id };
    // One segment starts with a MACHINE translation (tp 'machine' may replace it), one with none.
    await t.runtime.writer.write({ ...ctx, authorId: null }, [
      {
        sourceHash: withMachine!.sourceHash,
        targetLang: 'es',
        text: 'old machine text',
        type: 'MACHINE',
        origin: 'machine',
      },
    ]);

    // While the engine works on the chunk holding them, the user saves both segments.
    const real = t.runtime.engines.get('libre')!;
    let userSaved = false;
    const interleaving: MtEngine = {
      ...real,
      provider: {
        ...real.provider,
        async translate(request) {
          const ids = new Set(request.segments.map((s) => s.id));
          if (!userSaved && ids.has(withMachine!.id) && ids.has(withNothing!.id)) {
            userSaved = true;
            await t.runtime.writer.write({ ...ctx, authorId: user.id }, [
              {
                sourceHash: withMachine!.sourceHash,
                targetLang: 'es',
                text: 'user one',
                type: 'USER',
                origin: 'editor',
              },
              {
                sourceHash: withNothing!.sourceHash,
                targetLang: 'es',
                text: 'user two',
                type: 'USER',
                origin: 'editor',
              },
            ]);
          }
          return real.provider.translate(request);
        },
      },
    };
    const runtime: MtRuntime = {
      ...t.runtime,
      // The two segments must travel in one chunk: one lane, chunks as large as the page.
      settings: { ...t.runtime.settings, chunkSize: all.length },
      engines: { ...t.runtime.engines, get: (id) => (id === 'libre' ? interleaving : undefined) },
    };
    await runToEnd(runtime, run.id);
    expect(userSaved).toBe(true);

    const stored = await t.handle.db
      .select()
      .from(translations)
      .where(eq(translations.projectId, project.id));
    const byHash = new Map(stored.map((row) => [row.sourceHash, row]));
    expect(byHash.get(withMachine!.sourceHash)).toMatchObject({ text: 'user one', type: 'USER' });
    expect(byHash.get(withNothing!.sourceHash)).toMatchObject({ text: 'user two', type: 'USER' });
    const [finished] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.id, run.id));
    expect(finished).toMatchObject({ status: 'completed', total: all.length });
    // Both user-saved segments count as skipped; every other one was translated or left unchanged.
    expect(finished!.skipped).toBeGreaterThanOrEqual(2);
    expect(stored.filter((row) => row.type === 'MACHINE').length).toBe(finished!.translated);
  }, 120_000);

  it('meters a chunk answered before a crash once and never sends it again', async () => {
    const { project, run } = await acceptRun('kill-resume', 'untranslated');
    engine.received.length = 0;
    // The first worker dies right after the engine answered its second chunk: the answer is kept
    // and metered, but storing it fails the way a killed process would.
    let writes = 0;
    const dying: MtRuntime = {
      ...t.runtime,
      writer: {
        async write(ctx, changes, options) {
          writes += 1;
          if (writes === 2) throw new Error('worker killed');
          return t.runtime.writer.write(ctx, changes, options);
        },
      },
    };
    await expect(runMtStep(dying, run.id, new AbortController().signal, () => undefined)).rejects.toThrow(
      'worker killed',
    );
    expect(engine.received.length).toBe(2);

    await runToEnd(t.runtime, run.id);
    const sent = engine.received.flat();
    expect(new Set(sent).size, 'no text was sent to the engine twice').toBe(sent.length);

    const [finished] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.id, run.id));
    const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
    expect(finished).toMatchObject({ status: 'completed', total: all.length });
    const usage = await t.handle.db.select().from(mtUsage).where(eq(mtUsage.projectId, project.id));
    const characters = sent.reduce((sum, text) => sum + [...text].length, 0);
    expect(usage.reduce((sum, row) => sum + row.characters, 0)).toBe(characters);
    expect(usage.reduce((sum, row) => sum + row.calls, 0)).toBe(engine.received.length);
    expect(usage.reduce((sum, row) => sum + row.segments, 0)).toBe(sent.length);

    // The chunk kept at the crash was stored by the resumed run.
    const machine = await t.handle.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, project.id), eq(translations.type, 'MACHINE')));
    expect(machine.length).toBe(finished!.translated);
    expect(finished!.translated).toBeGreaterThan(CHUNK);
  }, 120_000);

  it('meters texts the engine was sent even when another worker already received their answers', async () => {
    const { project, run } = await acceptRun('resent', 'untranslated');
    engine.received.length = 0;
    // A worker taken for dead resumes the run while the first one still finishes its chunk: the
    // first chunk reaches the engine, but its answers were received by the other worker first.
    // The vendor bills every text it was sent, so the usage must count them again.
    let chunks = 0;
    const real = t.runtime.engines.get('libre')!;
    const overtaken: MtEngine = {
      ...real,
      provider: {
        ...real.provider,
        async translate(request) {
          const response = await real.provider.translate(request);
          chunks += 1;
          if (chunks === 1) {
            await t.handle.executeSql(
              `UPDATE mt_run_items SET state = 'received', result = NULL
               WHERE run_id = $1 AND segment_id = ANY($2::uuid[])`,
              [run.id, request.segments.map((segment) => segment.id)],
            );
          }
          return response;
        },
      },
    };
    await runToEnd(
      {
        ...t.runtime,
        engines: { ...t.runtime.engines, get: (id) => (id === 'libre' ? overtaken : undefined) },
      },
      run.id,
    );
    const sent = engine.received.flat();
    expect(chunks).toBeGreaterThan(1);
    const usage = await t.handle.db.select().from(mtUsage).where(eq(mtUsage.projectId, project.id));
    expect(usage.reduce((sum, row) => sum + row.calls, 0)).toBe(engine.received.length);
    expect(usage.reduce((sum, row) => sum + row.segments, 0)).toBe(sent.length);
    expect(usage.reduce((sum, row) => sum + row.characters, 0)).toBe(
      sent.reduce((sum, text) => sum + [...text].length, 0),
    );
  }, 120_000);
});
