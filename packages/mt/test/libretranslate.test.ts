import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, isMtError, type MtError } from '../src/index';
import type { LibreTranslateConfig } from '../src/index';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

// LibreTranslate API: POST /translate {q, source, target, format, api_key} → {translatedText}; GET /languages.
const echo = (server: VendorServer): void =>
  server.handle((request) => ({
    json: { translatedText: (request.json().q as string[]).map((text) => `ES:${text}`) },
  }));

describe('LibreTranslate adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<LibreTranslateConfig> = {}): LibreTranslateConfig => ({
    service: 'libretranslate',
    baseUrl: server.baseUrl,
    apiKey: 'lt-secret-key',
    retry: FAST_RETRY,
    ...overrides,
  });

  beforeEach(async () => {
    server = await startVendorServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends the documented request and maps the answer, escaping HTML around placeholders', async () => {
    echo(server);
    const provider = createMtProvider(config());
    const { results, usage } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'zh-CN',
      segments: [
        { id: '1', text: 'Tom & Jerry <x1>run</x1>' },
        { id: '2', text: 'Hello' },
      ],
    });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/translate');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json()).toEqual({
      q: ['Tom &amp; Jerry <x1>run</x1>', 'Hello'],
      source: 'en',
      target: 'zh-Hans',
      format: 'html',
      api_key: 'lt-secret-key',
    });
    expect(results).toEqual([
      { id: '1', translation: 'ES:Tom & Jerry <x1>run</x1>', status: 'translated', issues: [] },
      { id: '2', translation: 'ES:Hello', status: 'translated', issues: [] },
    ]);
    expect(usage).toEqual({
      requests: 1,
      segments: 2,
      characters: 'Tom &amp; Jerry <x1>run</x1>'.length + 5,
    });
  });

  it('batches by segment count and characters', async () => {
    echo(server);
    const provider = createMtProvider(config({ maxSegmentsPerRequest: 2, maxCharactersPerRequest: 12 }));
    const segments = ['aaaa', 'bbbb', 'cccc', 'dddddddddd', 'e'].map((text, i) => ({ id: String(i), text }));
    const { results, usage } = await provider.translate({ sourceLang: 'en', targetLang: 'es', segments });
    expect(server.requests.map((request) => request.json().q)).toEqual([
      ['aaaa', 'bbbb'],
      ['cccc'],
      ['dddddddddd', 'e'],
    ]);
    expect(results.map((result) => result.translation)).toEqual([
      'ES:aaaa',
      'ES:bbbb',
      'ES:cccc',
      'ES:dddddddddd',
      'ES:e',
    ]);
    expect(usage.requests).toBe(3);
  });

  it('never sends segments without letters, and returns over-long ones untouched with a flag', async () => {
    echo(server);
    const provider = createMtProvider(config({ maxCharactersPerRequest: 10 }));
    const { results } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [
        { id: 'n', text: '42 <x1/> %' },
        { id: 'l', text: 'far too long for this engine' },
      ],
    });
    expect(server.requests).toHaveLength(0);
    expect(results[0]).toMatchObject({ translation: '42 <x1/> %', status: 'translated' });
    expect(results[1]).toMatchObject({ translation: 'far too long for this engine', status: 'source' });
  });

  it('lists pairs from /languages in product codes', async () => {
    server.handle(() => ({
      json: [
        { code: 'en', name: 'English', targets: ['en', 'hi', 'zh-Hans', 'pb'] },
        { code: 'hi', name: 'Hindi', targets: ['en'] },
      ],
    }));
    const pairs = await createMtProvider(config()).supportedPairs();
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/languages' });
    expect(pairs).toEqual([
      { source: 'en', target: 'hi' },
      { source: 'en', target: 'zh-CN' },
      { source: 'en', target: 'pt-BR' },
      { source: 'hi', target: 'en' },
    ]);
  });

  it('maps errors to codes with user-facing messages and no credentials', async () => {
    const provider = createMtProvider(config());
    const run = async () =>
      (await provider
        .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
        .catch((error: unknown) => error)) as MtError;

    server.handle(() => ({ status: 400, json: { error: 'hi is not supported' } }));
    const unsupported = await run();
    expect(unsupported.code).toBe('UNSUPPORTED_PAIR');
    expect(unsupported.message).toBe('LibreTranslate cannot translate from English to Hindi.');

    server.handle(() => ({ status: 403, json: { error: 'Invalid API key lt-secret-key' } }));
    const auth = await run();
    expect(isMtError(auth, 'AUTH')).toBe(true);
    expect(JSON.stringify(auth.toJSON()) + auth.message + String(auth.stack)).not.toContain('lt-secret-key');
    expect(auth.detail).toContain('***');

    server.handle(() => ({ status: 200, json: { translatedText: 'not a list' } }));
    expect((await run()).code).toBe('BAD_RESPONSE');
  });

  it('retries 429 honouring Retry-After, and 5xx with backoff', async () => {
    const provider = createMtProvider(config());
    server.handle((request, index) =>
      index === 0
        ? { status: 429, headers: { 'retry-after': '1' }, json: { error: 'Slowdown: 30 per 1 minute' } }
        : index === 1
          ? { status: 503, text: 'busy' }
          : { json: { translatedText: ['Hola'] } },
    );
    const started = Date.now();
    const { results, usage } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [{ id: '1', text: 'Hello' }],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(3);
    expect(results[0]?.translation).toBe('Hola');
    expect(usage.requests).toBe(1);
  });

  it('gives up at once when Retry-After is beyond the retry budget, and after maxRetries otherwise', async () => {
    const provider = createMtProvider(config());
    server.handle(() => ({ status: 429, headers: { 'retry-after': '3600' }, json: { error: 'Slowdown' } }));
    const limited = (await provider
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);

    server.handle(() => ({ status: 502, text: 'bad gateway' }));
    const down = (await provider
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(down.code).toBe('UNAVAILABLE');
    expect(server.requests).toHaveLength(1 + 1 + FAST_RETRY.maxRetries);
  });

  it('keeps at most maxConcurrency requests in flight', async () => {
    server.handle((request) => ({ delayMs: 40, json: { translatedText: request.json().q } }));
    const provider = createMtProvider(config({ maxConcurrency: 2, maxSegmentsPerRequest: 1 }));
    const segments = Array.from({ length: 8 }, (_, i) => ({ id: String(i), text: `text ${i}` }));
    await Promise.all([
      provider.translate({ sourceLang: 'en', targetLang: 'es', segments }),
      provider.translate({ sourceLang: 'en', targetLang: 'es', segments }),
    ]);
    expect(server.requests).toHaveLength(16);
    expect(server.maxInFlight).toBe(2);
  });

  it('times out slow answers as UNAVAILABLE and honours the caller abort signal', async () => {
    server.handle(() => ({ delayMs: 500, json: { translatedText: ['late'] } }));
    const provider = createMtProvider(config({ timeoutMs: 100, retry: { ...FAST_RETRY, maxRetries: 0 } }));
    const timedOut = (await provider
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(timedOut.code).toBe('UNAVAILABLE');
    expect(timedOut.message).toContain('did not answer');

    const controller = new AbortController();
    const pending = createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [{ id: '1', text: 'Hi' }],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(pending).rejects.toThrow('job cancelled');
  });

  it('reports an unreachable server as UNAVAILABLE', async () => {
    await server.close();
    const provider = createMtProvider(config({ retry: { ...FAST_RETRY, maxRetries: 1 } }));
    const error = (await provider
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('LibreTranslate is not reachable right now. Please try again later.');
    server = await startVendorServer();
  });

  it('refuses codes outside the product table before any request', async () => {
    const error = (await createMtProvider(config())
      .translate({ sourceLang: 'en', targetLang: 'klingon', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(error.code).toBe('UNSUPPORTED_PAIR');
    expect(server.requests).toHaveLength(0);
  });
});
