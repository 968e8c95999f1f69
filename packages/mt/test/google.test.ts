import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, type GoogleConfig, type MtError } from '../src/index';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

// Cloud Translation v3: POST /v3/{parent}:translateText {contents, mimeType, sourceLanguageCode,
// targetLanguageCode} → {translations: [{translatedText}]}; errors {error: {code, message, status}}.
describe('Google Cloud Translation v3 adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<GoogleConfig> = {}): GoogleConfig => ({
    service: 'google',
    projectId: 'bhasha-prod',
    accessToken: 'ya29.secret-token',
    baseUrl: server.baseUrl,
    retry: FAST_RETRY,
    ...overrides,
  });
  const googleError = (code: number, status: string, message: string) => ({
    status: code,
    json: { error: { code, message, status } },
  });

  beforeEach(async () => {
    server = await startVendorServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends translateText with a bearer token and maps translations', async () => {
    server.handle((request) => ({
      json: {
        translations: (request.json().contents as string[]).map((text) => ({
          translatedText: text.replace('Hello', 'नमस्ते'),
        })),
      },
    }));
    const provider = createMtProvider(
      config({
        location: 'us-central1',
        model: 'projects/bhasha-prod/locations/us-central1/models/general/nmt',
      }),
    );
    const { results } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'od',
      segments: [{ id: '1', text: 'Hello <x1>A & B</x1>' }],
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v3/projects/bhasha-prod/locations/us-central1:translateText');
    expect(request?.headers.authorization).toBe('Bearer ya29.secret-token');
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request?.json()).toEqual({
      contents: ['Hello <x1>A &amp; B</x1>'],
      mimeType: 'text/html',
      sourceLanguageCode: 'en',
      targetLanguageCode: 'or',
      model: 'projects/bhasha-prod/locations/us-central1/models/general/nmt',
    });
    expect(results[0]).toMatchObject({ translation: 'नमस्ते <x1>A & B</x1>', status: 'translated' });
  });

  it('asks a token function for each request', async () => {
    let issued = 0;
    server.handle(() => ({ json: { translations: [{ translatedText: 'ok' }] } }));
    const provider = createMtProvider(config({ accessToken: () => Promise.resolve(`token-${++issued}`) }));
    await provider.translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'a' }] });
    await provider.translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'b' }] });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('splits at 1024 strings per request', async () => {
    server.handle((request) => ({
      json: { translations: (request.json().contents as string[]).map((text) => ({ translatedText: text })) },
    }));
    const segments = Array.from({ length: 1030 }, (_, i) => ({ id: String(i), text: `s${i}` }));
    const { usage } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments,
    });
    expect(server.requests.map((request) => request.json().contents.length)).toEqual([1024, 6]);
    expect(usage).toMatchObject({ requests: 2, segments: 1030 });
  });

  it('lists supported languages as pairs', async () => {
    server.handle(() => ({
      json: {
        languages: [
          { languageCode: 'en', supportSource: true, supportTarget: true },
          { languageCode: 'or', supportSource: true, supportTarget: true },
          { languageCode: 'xx', supportSource: true, supportTarget: false },
        ],
      },
    }));
    const pairs = await createMtProvider(config()).supportedPairs();
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v3/projects/bhasha-prod/locations/global/supportedLanguages',
    });
    expect(pairs).toEqual([
      { source: 'en', target: 'od' },
      { source: 'od', target: 'en' },
    ]);
  });

  it('maps Google error statuses', async () => {
    const provider = createMtProvider(config());
    const run = async () =>
      (await provider
        .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
        .catch((e: unknown) => e)) as MtError;
    server.handle(() =>
      googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
    );
    expect((await run()).code).toBe('AUTH');
    server.handle(() =>
      googleError(403, 'PERMISSION_DENIED', 'Cloud Translation API has not been used in project'),
    );
    expect((await run()).code).toBe('AUTH');
    server.handle(() => googleError(403, 'PERMISSION_DENIED', 'Daily Limit Exceeded'));
    expect((await run()).code).toBe('QUOTA');
    server.handle(() => googleError(400, 'INVALID_ARGUMENT', 'Target language is invalid.'));
    expect((await run()).message).toBe('Google Cloud Translation cannot translate from English to Hindi.');
  });

  it('retries RESOURCE_EXHAUSTED (per-minute quota) and UNAVAILABLE answers', async () => {
    let calls = 0;
    server.handle(() => {
      calls++;
      if (calls === 1)
        return googleError(
          429,
          'RESOURCE_EXHAUSTED',
          "Quota exceeded for quota metric 'v3 general model characters' and limit 'per minute per user'",
        );
      if (calls === 2) return googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.');
      return { json: { translations: [{ translatedText: 'नमस्ते' }] } };
    });
    const { results, usage } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [{ id: '1', text: 'Hi' }],
    });
    expect(results[0]?.translation).toBe('नमस्ते');
    expect(calls).toBe(3);
    expect(usage.requests).toBe(1);
  });
});
