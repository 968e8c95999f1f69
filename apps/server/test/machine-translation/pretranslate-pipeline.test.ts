import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMtProvider } from '@bhasha/mt';
import {
  pretranslate,
  providerEngine,
  type PretranslateMemory,
  type PretranslateResult,
} from '../../src/modules/machine-translation/pretranslate-pipeline';
import { startLibreTranslateServer } from './support/libretranslate-server';

/*
 * Pre-translation: the TM answers first (exact, then fuzzy, once per segment); only the misses
 * reach the engine, in full batches of its size, and every segment gets exactly one result.
 */
describe('the pre-translation pipeline', () => {
  let engine: Awaited<ReturnType<typeof startLibreTranslateServer>>;
  beforeAll(async () => {
    engine = await startLibreTranslateServer();
  });
  afterAll(async () => engine?.close());

  it('asks the TM first, sends only the misses in full batches, and answers every segment once', async () => {
    const segments = Array.from({ length: 260 }, (_, i) => ({ id: `s${i}`, text: `Sentence number ${i}` }));
    const asked = { exact: new Map<string, number>(), fuzzy: new Map<string, number>() };
    const count = (map: Map<string, number>, text: string) => map.set(text, (map.get(text) ?? 0) + 1);
    // Every 3rd segment is an exact match, every 3rd + 1 a fuzzy one, the rest (87) are new.
    const memory: PretranslateMemory = {
      exact({ text }) {
        count(asked.exact, text);
        return Number(text.split(' ').at(-1)) % 3 === 0
          ? { translation: `exact ${text}`, score: 100 }
          : undefined;
      },
      fuzzy({ text }) {
        count(asked.fuzzy, text);
        return Number(text.split(' ').at(-1)) % 3 === 1
          ? { translation: `fuzzy ${text}`, score: 80 }
          : undefined;
      },
    };
    const provider = createMtProvider({
      service: 'libretranslate',
      baseUrl: engine.baseUrl,
      maxConcurrency: 3,
    });
    const results: PretranslateResult[] = [];
    engine.received.length = 0;
    // Pages of 40: a chunk fills across pages, so the request count is still ⌈misses / 50⌉.
    const pages = Array.from({ length: Math.ceil(segments.length / 40) }, (_, i) =>
      segments.slice(i * 40, i * 40 + 40),
    );
    const stats = await pretranslate(pages, {
      memory,
      engine: providerEngine(provider, { sourceLang: 'en', targetLang: 'es' }),
      onResults: (batch) => {
        results.push(...batch);
      },
    });

    expect(stats).toMatchObject({ exact: 87, fuzzy: 87, machine: 86, unchanged: 0, fuzzyLookups: 173 });
    expect(results).toHaveLength(segments.length);
    expect(new Set(results.map((r) => r.segment.id)).size).toBe(segments.length);
    const byId = new Map(results.map((r) => [r.segment.id, r]));
    expect(byId.get('s3')).toMatchObject({ origin: 'exact', translation: 'exact Sentence number 3' });
    expect(byId.get('s4')).toMatchObject({
      origin: 'fuzzy',
      translation: 'fuzzy Sentence number 4',
      match: { score: 80 },
    });
    expect(byId.get('s5')).toMatchObject({ origin: 'machine', translation: '[es] Sentence number 5' });
    // ⌈86 / 50⌉ = 2 requests, holding exactly the misses.
    expect(engine.received.map((q) => q.length).sort()).toEqual([36, 50]);
    expect(stats.mtRequests).toBe(2);
    expect(Math.max(...asked.exact.values(), ...asked.fuzzy.values())).toBe(1);
    expect(asked.fuzzy.size).toBe(segments.length - 87);
  });

  it('rejects with the engine error and sends nothing more after it', async () => {
    const failing = await startLibreTranslateServer(() => ({
      status: 403,
      body: { error: 'Invalid API key' },
    }));
    try {
      const provider = createMtProvider({
        service: 'libretranslate',
        baseUrl: failing.baseUrl,
        maxConcurrency: 1,
        retry: { maxRetries: 0 },
      });
      const segments = Array.from({ length: 200 }, (_, i) => ({ id: `s${i}`, text: `New sentence ${i}` }));
      await expect(
        pretranslate([segments], {
          memory: { exact: () => undefined, fuzzy: () => undefined },
          engine: providerEngine(provider, { sourceLang: 'en', targetLang: 'es' }),
          onResults: () => undefined,
        }),
      ).rejects.toThrow(/credentials/);
      expect(failing.requests).toBeLessThanOrEqual(2);
    } finally {
      await failing.close();
    }
  });
});
