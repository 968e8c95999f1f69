import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, type DeeplConfig, type MtError } from '../src/index';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

// DeepL v2: POST /v2/translate, `Authorization: DeepL-Auth-Key …`, {text: [...], source_lang,
// target_lang, tag_handling} → {translations: [{detected_source_language, text}]}; 456 = quota.
describe('DeepL v2 adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<DeeplConfig> = {}): DeeplConfig => ({
    service: 'deepl',
    authKey: 'deepl-secret:fx',
    baseUrl: server.baseUrl,
    retry: FAST_RETRY,
    ...overrides,
  });
  const reply = (texts: string[]) => ({
    json: { translations: texts.map((text) => ({ detected_source_language: 'EN', text })) },
  });

  beforeEach(async () => {
    server = await startVendorServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends text lists with XML tag handling and DeepL language codes', async () => {
    server.handle((request) => reply((request.json().text as string[]).map((text) => `DE ${text}`)));
    const provider = createMtProvider(config({ formality: 'more', glossaryId: 'g-1' }));
    const { results } = await provider.translate({
      sourceLang: 'de',
      targetLang: 'en',
      segments: [{ id: '1', text: 'A & <x1>B</x1>' }],
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/translate');
    expect(request?.headers.authorization).toBe('DeepL-Auth-Key deepl-secret:fx');
    expect(request?.json()).toEqual({
      text: ['A &amp; <x1>B</x1>'],
      source_lang: 'DE',
      target_lang: 'EN-US',
      tag_handling: 'xml',
      formality: 'more',
      glossary_id: 'g-1',
    });
    expect(results[0]?.translation).toBe('DE A & <x1>B</x1>');

    await provider.translate({ sourceLang: 'en', targetLang: 'pt-BR', segments: [{ id: '1', text: 'x' }] });
    expect(server.requests[1]?.json()).toMatchObject({ source_lang: 'EN', target_lang: 'PT-BR' });
  });

  it('sends at most 50 texts per request', async () => {
    server.handle((request) => reply(request.json().text as string[]));
    const segments = Array.from({ length: 120 }, (_, i) => ({ id: String(i), text: `t${i}` }));
    const { usage } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'de',
      segments,
    });
    expect(server.requests.map((request) => request.json().text.length)).toEqual([50, 50, 20]);
    expect(usage.requests).toBe(3);
  });

  it('lists source × target languages', async () => {
    server.handle((request) =>
      request.query.get('type') === 'source'
        ? {
            json: [
              { language: 'EN', name: 'English' },
              { language: 'PT', name: 'Portuguese' },
            ],
          }
        : {
            json: [
              { language: 'EN-GB', name: 'English (British)' },
              { language: 'EN-US', name: 'English (American)' },
              { language: 'PT-BR', name: 'Portuguese (Brazilian)' },
            ],
          },
    );
    const pairs = await createMtProvider(config()).supportedPairs();
    expect(
      server.requests.every(
        (request) =>
          request.path === '/v2/languages' &&
          request.headers.authorization === 'DeepL-Auth-Key deepl-secret:fx',
      ),
    ).toBe(true);
    expect(pairs).toEqual([
      { source: 'en', target: 'pt-BR' },
      { source: 'pt-BR', target: 'en' },
      { source: 'pt', target: 'en' },
    ]);
  });

  it('maps 403, 456, unsupported target and retries 429/529', async () => {
    const provider = createMtProvider(config());
    const run = async () =>
      (await provider
        .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
        .catch((e: unknown) => e)) as MtError;
    server.handle(() => ({ status: 403, json: { message: 'Wrong endpoint' } }));
    expect((await run()).code).toBe('AUTH');
    server.handle(() => ({ status: 456, json: { message: 'Quota exceeded' } }));
    const quota = await run();
    expect(quota.code).toBe('QUOTA');
    expect(quota.message).toBe("The DeepL quota is used up. Try again later or raise the engine's quota.");
    server.handle(() => ({ status: 400, json: { message: "Value for 'target_lang' not supported." } }));
    expect((await run()).message).toBe('DeepL cannot translate from English to Hindi.');

    let calls = 0;
    server.handle(() =>
      ++calls === 1
        ? { status: 429, json: { message: 'Too many requests' } }
        : calls === 2
          ? { status: 529, json: { message: 'Too many requests' } }
          : reply(['नमस्ते']),
    );
    const { results } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [{ id: '1', text: 'Hi' }],
    });
    expect(results[0]?.translation).toBe('नमस्ते');
    expect(calls).toBe(3);
  });

  it('reads the account usage from /v2/usage', async () => {
    server.handle(() => ({ json: { character_count: 180118, character_limit: 1250000 } }));
    const quota = await createMtProvider(config()).quota?.();
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v2/usage' });
    expect(quota).toEqual({ characterCount: 180118, characterLimit: 1250000 });
  });
});
