import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMtProvider, isMtError, type MtProvider } from '../src/index';
import { startApertium, type ApertiumServer } from '../src/testing/apertium-server';

describe('Apertium APY adapter (real apertium-apy on loopback)', () => {
  let server: ApertiumServer;
  let provider: MtProvider;

  beforeAll(async () => {
    server = await startApertium();
    provider = createMtProvider({ service: 'apertium', baseUrl: server.baseUrl });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('lists its installed pairs in product codes', async () => {
    const pairs = await provider.supportedPairs();
    expect(pairs).toEqual(
      expect.arrayContaining([
        { source: 'en', target: 'es' },
        { source: 'es', target: 'en' },
        { source: 'ur', target: 'hi' },
        { source: 'hi', target: 'ur' },
      ]),
    );
    expect(await provider.supportsPair('en', 'es')).toBe(true);
    expect(await provider.supportsPair('en', 'fr')).toBe(false);
  });

  it('translates English to Spanish keeping inline placeholders in place and in order', async () => {
    const { results, usage } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [
        { id: 'a', text: 'Click <x1>this link</x1> to see the red house.' },
        { id: 'b', text: 'The <x1>big <x2>red</x2></x1> house is here.' },
        { id: 'c', text: 'Tom & Jerry are <x1>good</x1> friends.' },
        { id: 'd', text: 'The cat is <x1/> here and <x2>there</x2>.' },
        { id: 'e', text: '2024' },
      ],
    });
    const [a, b, c, d, e] = results;
    expect(a).toMatchObject({
      id: 'a',
      translation: 'Clic <x1>este enlace</x1> para ver la casa roja.',
      status: 'translated',
    });
    expect(b?.translation).toBe('La <x1>casa <x2>roja</x2></x1> grande es aquí.');
    expect(c?.translation).toContain('Tom & Jerry');
    expect(c?.translation).toMatch(/<x1>[^<]+<\/x1>/);
    // Apertium moves `<x2>` after the word it wrapped; the adapter puts the word back inside.
    expect(d?.translation).toBe('El gato es <x1/> aquí y <x2>allá</x2>.');
    expect(d?.status).toBe('repaired');
    const sources = ['Click', 'The', 'Tom', 'The'];
    results.slice(0, 4).forEach((result, i) => {
      expect(result.status, sources[i]).not.toBe('source');
    });
    expect(e).toMatchObject({ translation: '2024', status: 'translated' });
    expect(usage).toMatchObject({ requests: 4, segments: 4 });
    expect(usage.characters).toBeGreaterThan(100);
  });

  it('keeps glossary terms and renders fixed translations', async () => {
    const { results } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [{ id: 'g', text: 'Bhasha Cloud makes the red house beautiful.' }],
      glossary: [{ source: 'Bhasha Cloud' }, { source: 'house', target: 'CASA' }],
    });
    expect(results[0]?.translation).toContain('Bhasha Cloud');
    expect(results[0]?.translation).toContain('CASA');
    expect(results[0]?.translation).not.toMatch(/<x\d/);
  });

  it('translates Urdu to Hindi', async () => {
    const { results } = await provider.translate({
      sourceLang: 'ur',
      targetLang: 'hi',
      segments: [{ id: 'u', text: 'میرا نام احمد ہے' }],
    });
    expect(results[0]?.translation).toBe('मेरा नाम अहमद है');
  });

  it('answers UNSUPPORTED_PAIR for a pair that is not installed', async () => {
    const error: unknown = await provider
      .translate({ sourceLang: 'en', targetLang: 'fr', segments: [{ id: 'x', text: 'Hello' }] })
      .catch((e: unknown) => e);
    expect(isMtError(error, 'UNSUPPORTED_PAIR')).toBe(true);
    expect((error as Error).message).toBe('Apertium cannot translate from English to French.');
  });
});
