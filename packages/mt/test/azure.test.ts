import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, type AzureConfig, type MtError } from '../src/index';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

// Translator v3: POST /translate?api-version=3.0&from&to&textType=html, body [{Text}] →
// [{translations: [{text, to}]}]; errors {error: {code: 6 digits, message}}.
describe('Azure Translator v3 adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<AzureConfig> = {}): AzureConfig => ({
    service: 'azure',
    key: 'azure-secret-key',
    region: 'centralindia',
    baseUrl: server.baseUrl,
    retry: FAST_RETRY,
    ...overrides,
  });
  const reply = (texts: string[]) => ({
    json: texts.map((text) => ({ translations: [{ text, to: 'hi' }] })),
  });
  const azureError = (
    status: number,
    code: number,
    message: string,
    headers: Record<string, string> = {},
  ) => ({ status, headers, json: { error: { code, message } } });

  beforeEach(async () => {
    server = await startVendorServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends the documented request with key, region and html text type', async () => {
    server.handle((request) =>
      reply((request.json() as Array<{ Text: string }>).map((item) => `HI ${item.Text}`)),
    );
    const { results } = await createMtProvider(config({ category: 'general' })).translate({
      sourceLang: 'en',
      targetLang: 'zh-TW',
      segments: [
        { id: 'a', text: 'One < two <x1/>' },
        { id: 'b', text: 'Bye' },
      ],
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/translate');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      'api-version': '3.0',
      from: 'en',
      to: 'zh-Hant',
      textType: 'html',
      category: 'general',
    });
    expect(request?.headers['ocp-apim-subscription-key']).toBe('azure-secret-key');
    expect(request?.headers['ocp-apim-subscription-region']).toBe('centralindia');
    expect(request?.headers['x-clienttraceid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.json()).toEqual([{ Text: 'One &lt; two <x1/>' }, { Text: 'Bye' }]);
    expect(results.map((result) => result.translation)).toEqual(['HI One < two <x1/>', 'HI Bye']);
  });

  it('keeps to 1000 elements per request', async () => {
    server.handle((request) => reply((request.json() as Array<{ Text: string }>).map((item) => item.Text)));
    const segments = Array.from({ length: 1001 }, (_, i) => ({ id: String(i), text: `t${i}` }));
    await createMtProvider(config()).translate({ sourceLang: 'en', targetLang: 'hi', segments });
    expect(server.requests.map((request) => request.json().length)).toEqual([1000, 1]);
  });

  it('lists languages (any to any) in product codes', async () => {
    server.handle(() => ({
      json: {
        translation: {
          en: { name: 'English' },
          'zh-Hans': { name: 'Chinese Simplified' },
          or: { name: 'Odia' },
        },
      },
    }));
    const pairs = await createMtProvider(config()).supportedPairs();
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/languages' });
    expect(server.requests[0]?.query.get('scope')).toBe('translation');
    expect(pairs).toContainEqual({ source: 'od', target: 'zh-CN' });
    expect(pairs).toContainEqual({ source: 'en', target: 'od' });
    expect(pairs).toHaveLength(6);
  });

  it('maps Azure error codes', async () => {
    const provider = createMtProvider(config());
    const run = async () =>
      (await provider
        .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
        .catch((e: unknown) => e)) as MtError;
    server.handle(() =>
      azureError(401, 401000, 'The request is not authorized because credentials are missing or invalid.'),
    );
    expect((await run()).code).toBe('AUTH');
    server.handle(() =>
      azureError(
        403,
        403001,
        'The operation is not allowed because the subscription has exceeded its free quota.',
      ),
    );
    expect((await run()).code).toBe('QUOTA');
    server.handle(() => azureError(400, 400036, 'The target language is not valid.'));
    expect((await run()).code).toBe('UNSUPPORTED_PAIR');
  });

  it('retries 429001 after Retry-After', async () => {
    let calls = 0;
    server.handle(() =>
      ++calls === 1
        ? azureError(
            429,
            429001,
            'The server rejected the request because the client has exceeded request limits.',
            { 'retry-after': '1' },
          )
        : reply(['नमस्ते']),
    );
    const started = Date.now();
    const { results } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [{ id: '1', text: 'Hello' }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls).toBe(2);
    expect(results[0]?.translation).toBe('नमस्ते');
  });
});
