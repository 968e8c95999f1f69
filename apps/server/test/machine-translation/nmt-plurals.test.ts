import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pages, segments, translations } from '@bhasha/db';
import { countWords, pluralForms, sourceHash } from '@bhasha/engine';
import { apertiumMissingReason, startApertium } from '@bhasha/mt/testing';
import { createSegmentsRepository } from '../../src/modules/crawl/segments.repository';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { buildMtTestApp, waitForRun, type MtTestApp } from './support/mt-test-app';

/*
 * A plural string of a mobile app is one segment whose text is an ICU plural message. Machine
 * translation sends its forms as plain texts and stores a plural with the target language's
 * categories; transliteration does the same without touching the ICU syntax.
 */

// NewPipe's `<plurals name="subscribers">` (`%s subscriber` / `%s subscribers`) as a segment.
const SUBSCRIBERS = '{count, plural, one {<x1/> subscriber} other {<x1/> subscribers}}';
const DELETED =
  '{count, plural, one {The file was <x1>deleted</x1>} other {<x2/> files were <x1>deleted</x1>}}';
const PLAIN = 'Save the file';

/**
 * A project whose segments are `texts`, stored through the crawler's segment repository. It takes
 * website kinds only; an app upload stores kind `plural`, which runs do not need: they read the text.
 */
async function projectWithSegments(t: MtTestApp, targetLanguages: string[], texts: readonly string[]) {
  const organisation = await t.createOrganisation();
  const { headers } = await t.createMember('organisationAdmin', organisation.id);
  const project = await t.createProject(organisation.id, [], targetLanguages);
  const url = 'https://handbook.example.org/app';
  const [page] = await t.handle.db
    .insert(pages)
    .values({
      organisationId: organisation.id,
      projectId: project.id,
      url,
      normalisedUrl: url,
      hostname: 'handbook.example.org',
    })
    .returning();
  await createSegmentsRepository(t.handle.db).replacePageSegments(
    { organisationId: organisation.id, projectId: project.id, pageId: page!.id },
    texts.map((text) => ({ text, kind: 'text', sourceHash: sourceHash(text), wordCount: countWords(text) })),
    new Date(),
  );
  const stored = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
  const idOf = (text: string) => stored.find((segment) => segment.text === text)!.id;
  return { headers, project, idOf };
}

async function translationsOf(t: MtTestApp, projectId: string, targetLang: string) {
  const rows = await t.handle.db
    .select({ source: segments.text, text: translations.text, type: translations.type })
    .from(translations)
    .innerJoin(segments, eq(segments.id, translations.segmentId))
    .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, targetLang)));
  return new Map(rows.map((row) => [row.source, row]));
}

const apply = (t: MtTestApp, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/translation/nmt/apply', headers, payload });

const missing = apertiumMissingReason();

describe.skipIf(missing !== null)(
  `plurals through a real Apertium (eng→spa)${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let apertium: Awaited<ReturnType<typeof startApertium>>;
    let t: MtTestApp;
    beforeAll(async () => {
      apertium = await startApertium();
      t = await buildMtTestApp({ APERTIUM_URL: apertium.baseUrl }, { chunkSize: 20 });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await apertium?.stop();
    });

    it('translates each form and writes Spanish’s categories, markers intact', async () => {
      const { headers, project, idOf } = await projectWithSegments(t, ['es'], [SUBSCRIBERS, DELETED, PLAIN]);
      const accepted = await apply(t, headers, {
        projectId: project.id,
        targetLang: 'es',
        requestId: 'plurals',
        idArr: [idOf(SUBSCRIBERS), idOf(DELETED), idOf(PLAIN)],
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const run = await waitForRun(t, headers, project.id, 'plurals');
      expect(run).toMatchObject({ status: 'completed', translated: 3 });

      const stored = await translationsOf(t, project.id, 'es');
      expect(stored.get(PLAIN)).toMatchObject({ type: 'MACHINE' });
      expect(stored.get(PLAIN)!.text).not.toMatch(/save|file/i);

      const subscribers = pluralForms(stored.get(SUBSCRIBERS)!.text)!;
      expect(subscribers.variable).toBe('count');
      // Spanish has `many` (a million); English has none, so it takes `other`.
      expect([...subscribers.forms.keys()]).toEqual(['one', 'many', 'other']);
      expect(subscribers.forms.get('many')).toBe(subscribers.forms.get('other'));
      for (const form of subscribers.forms.values()) {
        expect(form).toMatch(/^<x1\/> \S/);
        expect(form).not.toMatch(/subscriber|plural/);
      }

      const deleted = pluralForms(stored.get(DELETED)!.text)!;
      expect(deleted.forms.get('one')).toMatch(/<x1>[^<]+<\/x1>/);
      expect(deleted.forms.get('one')).not.toContain('<x2/>');
      expect(deleted.forms.get('other')).toMatch(/<x2\/>.*<x1>[^<]+<\/x1>/);
      expect(deleted.forms.get('other')).not.toMatch(/deleted|files/);
    }, 120_000);
  },
);

describe('plurals through a loopback engine', () => {
  let t: MtTestApp;
  let engine: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  let mangling: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  beforeAll(async () => {
    engine = await startLibreTranslateServer();
    // Loses the paired marker of every text that has one: beyond repair, the source stays.
    mangling = await startLibreTranslateServer((_, q) => ({
      status: 200,
      body: { translatedText: q.map((text) => `[ar] ${text.replace(/<\/?x1>/g, '')}`) },
    }));
    t = await buildMtTestApp({
      MT_ENGINES: JSON.stringify([
        { id: 'libre', service: 'libretranslate', baseUrl: engine.baseUrl, requestsPerMinute: 6000 },
        { id: 'mangling', service: 'libretranslate', baseUrl: mangling.baseUrl, requestsPerMinute: 6000 },
      ]),
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([engine?.close(), mangling?.close()]);
  });

  it('sends the forms as plain texts in one request and writes all six Arabic categories', async () => {
    const { headers, project, idOf } = await projectWithSegments(t, ['ar'], [SUBSCRIBERS, PLAIN]);
    await apply(t, headers, {
      projectId: project.id,
      targetLang: 'ar',
      requestId: 'arabic',
      idArr: [idOf(SUBSCRIBERS), idOf(PLAIN)],
      nmtService: 'libre',
    });
    const run = await waitForRun(t, headers, project.id, 'arabic');
    expect(run).toMatchObject({ status: 'completed', translated: 2 });
    // One request; the plural as its two forms, no ICU syntax.
    expect(engine.received).toHaveLength(1);
    expect([...engine.received[0]!].sort()).toEqual(['<x1/> subscriber', '<x1/> subscribers', PLAIN]);

    const stored = await translationsOf(t, project.id, 'ar');
    expect(stored.get(SUBSCRIBERS)!.text).toBe(
      '{count, plural, zero {[es] <x1/> subscribers} one {[es] <x1/> subscriber} two {[es] <x1/> subscribers} ' +
        'few {[es] <x1/> subscribers} many {[es] <x1/> subscribers} other {[es] <x1/> subscribers}}',
    );
  }, 60_000);

  it('leaves a plural untranslated when any of its forms comes back beyond repair', async () => {
    const { headers, project, idOf } = await projectWithSegments(t, ['ar'], [DELETED, PLAIN]);
    await apply(t, headers, {
      projectId: project.id,
      targetLang: 'ar',
      requestId: 'mangled',
      idArr: [idOf(DELETED), idOf(PLAIN)],
      nmtService: 'mangling',
    });
    const run = await waitForRun(t, headers, project.id, 'mangled');
    expect(run).toMatchObject({ status: 'completed', translated: 1, unchanged: 1 });
    const stored = await translationsOf(t, project.id, 'ar');
    expect(stored.get(PLAIN)!.text).toBe(`[ar] ${PLAIN}`);
    expect(stored.has(DELETED)).toBe(false);
  }, 60_000);

  it('transliterates each form, keeping the ICU syntax and writing the target’s categories', async () => {
    const { headers, project, idOf } = await projectWithSegments(t, ['hi'], [SUBSCRIBERS]);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/transliteration/applyTransliteration',
      headers,
      payload: { projectId: project.id, targetLang: 'hi', idArr: [idOf(SUBSCRIBERS)] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const stored = await translationsOf(t, project.id, 'hi');
    const plural = pluralForms(stored.get(SUBSCRIBERS)!.text)!;
    expect(plural.variable).toBe('count');
    expect([...plural.forms.keys()]).toEqual(['one', 'other']);
    for (const form of plural.forms.values()) expect(form).toMatch(/^<x1\/> [\u0900-\u097F]+$/);
  }, 60_000);
});
