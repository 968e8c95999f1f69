import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, type HttpEngineConfig, type MtError } from '../src/index';
import { selectPath } from '../src/http/json-path';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

describe('selectPath', () => {
  it('reads keys, indexes and wildcards', () => {
    const doc = { a: [{ b: 'x' }, { b: 'y' }], c: { d: ['p', 'q'] } };
    expect(selectPath(doc, 'a[*].b')).toEqual(['x', 'y']);
    expect(selectPath(doc, '$.c.d[1]')).toEqual(['q']);
    expect(selectPath(doc, 'c.d')).toEqual([['p', 'q']]);
    expect(selectPath(doc, 'missing[*]')).toEqual([]);
  });
});

describe('generic HTTP engine adapter', () => {
  let server: VendorServer;
  // An IndicTrans2 REST server in the ULCA shape, with FLORES codes.
  const indicTrans = (overrides: Partial<HttpEngineConfig> = {}): HttpEngineConfig => ({
    service: 'http',
    label: 'IndicTrans2',
    url: `${server.baseUrl}/translate?src={{sourceLang}}&tgt={{targetLang}}`,
    headers: { authorization: 'Bearer http-secret' },
    body: {
      config: { language: { sourceLanguage: '{{sourceLang}}', targetLanguage: '{{targetLang}}' } },
      input: '{{items}}',
    },
    itemTemplate: { source: '{{text}}' },
    responsePath: 'output[*].target',
    languageCodes: { en: 'eng_Latn', hi: 'hin_Deva', ta: 'tam_Taml' },
    retry: FAST_RETRY,
    ...overrides,
  });

  beforeEach(async () => {
    server = await startVendorServer((request) => ({
      json: {
        output: (request.json().input as Array<{ source: string }>).map((item) => ({
          source: item.source,
          target: `[${item.source}]`,
        })),
      },
    }));
  });
  afterEach(async () => {
    await server.close();
  });

  it('renders the request template and reads translations by path', async () => {
    const { results } = await createMtProvider(indicTrans()).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [
        { id: '1', text: 'One <x1/>' },
        { id: '2', text: 'Two' },
      ],
    });
    const [request] = server.requests;
    expect(request?.path).toBe('/translate');
    expect(request?.query.get('src')).toBe('eng_Latn');
    expect(request?.headers.authorization).toBe('Bearer http-secret');
    expect(request?.json()).toEqual({
      config: { language: { sourceLanguage: 'eng_Latn', targetLanguage: 'hin_Deva' } },
      input: [{ source: 'One <x1/>' }, { source: 'Two' }],
    });
    expect(results.map((result) => result.translation)).toEqual(['[One <x1/>]', '[Two]']);
  });

  it('sends one request per text for single-text templates', async () => {
    server.handle((request) => ({ json: { translation: `T:${request.json().q}` } }));
    const provider = createMtProvider(
      indicTrans({
        body: { q: '{{text}}', from: '{{sourceLang}}', to: '{{targetLang}}' },
        responsePath: 'translation',
      }),
    );
    const { results, usage } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'ta',
      segments: [
        { id: '1', text: 'a' },
        { id: '2', text: 'b' },
      ],
    });
    expect(server.requests.map((request) => request.json())).toEqual([
      { q: 'a', from: 'eng_Latn', to: 'tam_Taml' },
      { q: 'b', from: 'eng_Latn', to: 'tam_Taml' },
    ]);
    expect(results.map((result) => result.translation)).toEqual(['T:a', 'T:b']);
    expect(usage.requests).toBe(2);
  });

  it('serves only the configured languages', async () => {
    const provider = createMtProvider(indicTrans());
    expect(await provider.supportedPairs()).toHaveLength(6);
    const error = (await provider
      .translate({ sourceLang: 'en', targetLang: 'fr', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(error.code).toBe('UNSUPPORTED_PAIR');
    expect(error.message).toBe('IndicTrans2 cannot translate from English to French.');
  });

  it('answers BAD_RESPONSE when the path finds no translations, without leaking header secrets', async () => {
    server.handle(() => ({ json: { result: 'http-secret' } }));
    const error = (await createMtProvider(indicTrans())
      .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(error.code).toBe('BAD_RESPONSE');
    server.handle(() => ({ status: 401, text: 'bad token http-secret' }));
    const auth = (await createMtProvider(indicTrans())
      .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(auth.code).toBe('AUTH');
    expect(auth.detail).toBe('bad token ***');
  });
});
