import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TRANSLATION_EVENTS, projectRoomOf, type TranslationChangedEvent } from '@bhasha/contract';
import { mtRuns, mtUsage, translationRevisions, translations } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { createProjectsRepository } from '../../src/modules/projects/projects.repository';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { keepInMemory, projectWithTexts, sentences, translate } from './support/memory-projects';
import { buildMtTestApp, waitForRun, type MtTestApp } from './support/mt-test-app';

/*
 * The nmt.apply job asks the organisation's translation memory before the engine (ADR 0023):
 * exact matches (another project's translation of the same text, or a kept memory entry) are
 * stored with their own type and origin exactMatch, fuzzy ones only when the project allows, and
 * only the misses reach the engine, in full chunks: ⌈misses / 50⌉ requests for the whole run.
 */
describe('NMT apply with the translation memory first', () => {
  let t: MtTestApp;
  let engine: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  const CHUNK = 50;

  beforeAll(async () => {
    engine = await startLibreTranslateServer();
    t = await buildMtTestApp(
      { MT_ENGINES: JSON.stringify([{ id: 'libre', service: 'libretranslate', baseUrl: engine.baseUrl }]) },
      // Pages of 100 items: the run reads two pages, and a chunk fills across them.
      { chunkSize: CHUNK, lanes: 2 },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  async function runOn(projectId: string, headers: Record<string, string>, requestId: string, tp: string) {
    engine.received.length = 0;
    const requestsBefore = engine.requests;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/translation/nmt/apply',
      headers,
      payload: { projectId, targetLang: 'es', requestId, origin: 'all', tp },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const run = await waitForRun(t, headers, projectId, requestId);
    return { run, requests: engine.requests - requestsBefore, sent: engine.received.flat() };
  }

  it('stores exact matches with their type, sends only the misses, ⌈misses / 50⌉ requests', async () => {
    const organisation = await t.createOrganisation('Memory first');
    const { headers } = await t.createMember('organisationAdmin', organisation.id);
    const texts = sentences(0, 180);
    // The organisation's memory: 20 USER, 10 PBK and 10 MACHINE translations in another project,
    // and 5 kept entries of a deleted project. The run's project is crawled before they exist.
    const earlier = await projectWithTexts(t, organisation.id, texts.slice(0, 40), 'Earlier');
    const { project, segments } = await projectWithTexts(t, organisation.id, texts, 'Current');
    await translate(t, earlier.project, [
      ...texts.slice(0, 20).map((text) => ({ text, translation: `usuario ${text}`, type: 'USER' as const })),
      ...texts.slice(20, 30).map((text) => ({ text, translation: `pbk ${text}`, type: 'PBK' as const })),
      ...texts
        .slice(30, 40)
        .map((text) => ({ text, translation: `maquina ${text}`, type: 'MACHINE' as const })),
    ]);
    for (const text of texts.slice(40, 45)) await keepInMemory(t, organisation.id, text, `guardado ${text}`);
    const eventsBefore = t.events.length;

    const { run, requests, sent } = await runOn(project.id, headers, 'memory-first', 'untranslated');

    const misses = texts.length - 45;
    expect(run).toMatchObject({ status: 'completed', total: texts.length, translated: texts.length });
    expect(requests).toBe(Math.ceil(misses / CHUNK));
    expect([...sent].sort()).toEqual(texts.slice(45).sort());

    const stored = await t.handle.db
      .select()
      .from(translations)
      .where(eq(translations.projectId, project.id));
    const byHash = new Map(stored.map((row) => [row.sourceHash, row]));
    const expectOne = (text: string, type: string, translation: string) =>
      expect(byHash.get(sourceHash(text)), text).toMatchObject({ type, text: translation });
    expectOne(texts[0]!, 'USER', `usuario ${texts[0]}`);
    expectOne(texts[25]!, 'PBK', `pbk ${texts[25]}`);
    expectOne(texts[35]!, 'MACHINE', `maquina ${texts[35]}`);
    expectOne(texts[42]!, 'USER', `guardado ${texts[42]}`);
    expectOne(texts[100]!, 'MACHINE', `[es] ${texts[100]}`);
    expect(stored).toHaveLength(texts.length);

    // One revision per stored translation, with where it came from.
    const revisions = await t.handle.db
      .select()
      .from(translationRevisions)
      .where(eq(translationRevisions.projectId, project.id));
    expect(revisions).toHaveLength(texts.length);
    const origins = new Map<string, number>();
    for (const revision of revisions) origins.set(revision.origin, (origins.get(revision.origin) ?? 0) + 1);
    expect(Object.fromEntries(origins)).toEqual({ exactMatch: 45, machine: misses });

    // Open editors heard of every stored translation; only the engine's segments were metered.
    const changed = t.events
      .slice(eventsBefore)
      .filter(
        (e) => e.room === projectRoomOf(project.id) && e.event === TRANSLATION_EVENTS.translationChanged,
      )
      .flatMap((e) => (e.payload as TranslationChangedEvent).entries.map((entry) => entry.segmentId));
    expect(new Set(changed)).toEqual(new Set(segments.map((segment) => segment.id)));
    const usage = await t.handle.db.select().from(mtUsage).where(eq(mtUsage.projectId, project.id));
    expect(usage.reduce((sum, row) => sum + row.segments, 0)).toBe(misses);
    expect(usage.reduce((sum, row) => sum + row.calls, 0)).toBe(requests);
  }, 120_000);

  it('under tp machine, passes over machine-made exact matches but keeps human ones', async () => {
    const organisation = await t.createOrganisation('Refresh');
    const { headers } = await t.createMember('organisationAdmin', organisation.id);
    const texts = sentences(500, 60);
    const earlier = await projectWithTexts(t, organisation.id, texts.slice(0, 20), 'Earlier');
    const { project } = await projectWithTexts(t, organisation.id, texts, 'Current');
    await translate(t, earlier.project, [
      ...texts.slice(0, 10).map((text) => ({ text, translation: `usuario ${text}`, type: 'USER' as const })),
      ...texts
        .slice(10, 20)
        .map((text) => ({ text, translation: `maquina ${text}`, type: 'MACHINE' as const })),
    ]);
    const { run, sent } = await runOn(project.id, headers, 'refresh', 'machine');
    expect(run).toMatchObject({ status: 'completed', translated: texts.length });
    expect([...sent].sort()).toEqual(texts.slice(10).sort());
    const stored = await t.handle.db
      .select()
      .from(translations)
      .where(eq(translations.projectId, project.id));
    const byHash = new Map(stored.map((row) => [row.sourceHash, row]));
    expect(byHash.get(sourceHash(texts[5]!))).toMatchObject({ type: 'USER', text: `usuario ${texts[5]}` });
    expect(byHash.get(sourceHash(texts[15]!))).toMatchObject({ type: 'MACHINE', text: `[es] ${texts[15]}` });
  }, 120_000);

  it('applies fuzzy matches of human translations only when the project allows them', async () => {
    const known = [
      'Visitors can buy tickets for the museum at the main entrance.',
      'Our support team answers every email within two working days.',
      'The library stays open late on Thursdays during the exam season.',
      'Please switch off your phone before the concert begins.',
      'Fresh bread is delivered to the bakery every morning at six.',
      'The mountain trail is closed after heavy rain for your safety.',
      'Children under twelve travel free when accompanied by an adult.',
      'Orders placed before noon are shipped on the same day.',
      'The swimming pool will be cleaned on the first Monday of each month.',
      'Guests may borrow bicycles from the hotel reception free of charge.',
    ];
    // Close, not equal: one word more.
    const similar = known.map((text) => text.replace(/\.$/, ' today.'));
    /** An organisation whose memory holds `known` (5 USER, 5 MACHINE) and a project of `similar`. */
    async function organisationWithSimilar(name: string, settings: { mtFuzzyThreshold?: number }) {
      const organisation = await t.createOrganisation(name);
      const { headers } = await t.createMember('organisationAdmin', organisation.id);
      const earlier = await projectWithTexts(t, organisation.id, known, 'Earlier');
      await translate(t, earlier.project, [
        ...known.slice(0, 5).map((text) => ({ text, translation: `usuario ${text}`, type: 'USER' as const })),
        ...known.slice(5).map((text) => ({ text, translation: `maquina ${text}`, type: 'MACHINE' as const })),
      ]);
      const current = await projectWithTexts(t, organisation.id, similar, 'Current');
      await createProjectsRepository(t.handle.db).update(current.project.id, { settings }, new Date());
      return { headers, project: current.project };
    }

    const allowed = await organisationWithSimilar('Fuzzy allowed', { mtFuzzyThreshold: 80 });
    const withFuzzy = await runOn(allowed.project.id, allowed.headers, 'fuzzy-allowed', 'untranslated');
    expect(withFuzzy.run).toMatchObject({ status: 'completed', translated: similar.length });
    // Machine-made translations of similar texts are not reused: the engine does better.
    expect([...withFuzzy.sent].sort()).toEqual(similar.slice(5).sort());
    const [stored] = await t.handle.db
      .select()
      .from(translations)
      .where(
        and(
          eq(translations.projectId, allowed.project.id),
          eq(translations.sourceHash, sourceHash(similar[2]!)),
        ),
      );
    expect(stored).toMatchObject({ type: 'MACHINE', text: `usuario ${known[2]}` });
    const [revision] = await t.handle.db
      .select()
      .from(translationRevisions)
      .where(eq(translationRevisions.segmentId, stored!.segmentId));
    expect(revision!.origin).toBe('fuzzyMatch');

    // The default: exact matches only, every similar text goes to the engine.
    const strict = await organisationWithSimilar('Fuzzy default', {});
    const withoutFuzzy = await runOn(strict.project.id, strict.headers, 'fuzzy-default', 'untranslated');
    expect(withoutFuzzy.run).toMatchObject({ status: 'completed', translated: similar.length });
    expect([...withoutFuzzy.sent].sort()).toEqual([...similar].sort());
    const [finished] = await t.handle.db.select().from(mtRuns).where(eq(mtRuns.projectId, strict.project.id));
    expect(finished!.translated).toBe(similar.length);
  }, 120_000);
});
