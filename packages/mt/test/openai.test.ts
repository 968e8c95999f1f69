import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, type MtError, type OpenAiConfig } from '../src/index';
import { parseJsonArray } from '../src/openai/parse-json-array';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

// Chat completions: POST {base}/chat/completions {model, messages, temperature} →
// {choices: [{message: {role, content}, finish_reason}], usage}; errors {error: {message, type, code}}.
describe('parseJsonArray', () => {
  it('reads bare, fenced, wrapped and object-item answers', () => {
    expect(parseJsonArray('["a","b"]')).toEqual(['a', 'b']);
    expect(parseJsonArray('Here you go:\n```json\n["a", "b"]\n```\nHope it helps')).toEqual(['a', 'b']);
    expect(parseJsonArray('{"translations": ["a"]}')).toEqual(['a']);
    expect(parseJsonArray('[{"id": 1, "translation": "a"}, {"text": "b"}]')).toEqual(['a', 'b']);
    expect(parseJsonArray('Sure! ["<x1>a</x1>", "b [c]"] done')).toEqual(['<x1>a</x1>', 'b [c]']);
    expect(parseJsonArray('no json here')).toBeUndefined();
    expect(parseJsonArray('[1, 2]')).toBeUndefined();
  });
});

describe('OpenAI-compatible adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<OpenAiConfig> = {}): OpenAiConfig => ({
    service: 'openai',
    baseUrl: `${server.baseUrl}/v1`,
    apiKey: 'sk-secret',
    model: 'gpt-4o-mini',
    retry: FAST_RETRY,
    ...overrides,
  });
  const chat = (content: string, finishReason = 'stop') => ({
    json: {
      id: 'c1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    },
  });
  const inputs = (body: { messages: Array<{ content: string }> }): string[] =>
    JSON.parse(body.messages[1]!.content);

  beforeEach(async () => {
    server = await startVendorServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends a prompt that protects placeholders and glossary terms, and parses the JSON array', async () => {
    server.handle((request) =>
      chat('```json\n' + JSON.stringify(inputs(request.json()).map((text) => `HI:${text}`)) + '\n```'),
    );
    const { results } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [
        { id: '1', text: 'Open <x1>Bhasha Cloud</x1> & relax' },
        { id: '2', text: 'Plain' },
      ],
      glossary: [{ source: 'Bhasha Cloud', target: 'भाषा क्लाउड' }],
    });
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-secret');
    const body = request?.json();
    expect(body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0 });
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toContain('from English (en) to Hindi (hi)');
    expect(body.messages[0].content).toContain('exactly 2 item(s)');
    expect(body.messages[0].content).toContain('<x1>, </x1> and <x2/>');
    expect(body.messages[0].content).toContain('item 1: <x2/> stands for "भाषा क्लाउड"');
    expect(inputs(body)).toEqual(['Open <x1><x2/></x1> & relax', 'Plain']);
    expect(results.map((result) => result.translation)).toEqual([
      'HI:Open <x1>भाषा क्लाउड</x1> & relax',
      'HI:Plain',
    ]);
  });

  it('splits a batch when the model miscounts, and flags a dropped placeholder', async () => {
    server.handle((request) => {
      const texts = inputs(request.json());
      if (texts.length > 1) return chat('["only one"]');
      return chat(
        JSON.stringify([
          texts[0] === 'Read <x1>the terms</x1> now' ? 'Lea los términos ahora' : `T:${texts[0]}`,
        ]),
      );
    });
    const { results, usage } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [
        { id: '1', text: 'Read <x1>the terms</x1> now' },
        { id: '2', text: 'Hello' },
      ],
    });
    expect(usage.requests).toBe(3);
    expect(results[0]).toMatchObject({ translation: 'Read <x1>the terms</x1> now', status: 'source' });
    expect(results[1]).toMatchObject({ translation: 'T:Hello', status: 'translated' });
  });

  it('answers BAD_RESPONSE when even a single item is not a JSON array', async () => {
    server.handle(() => chat('I cannot help with that.'));
    const error = (await createMtProvider(config())
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(error.code).toBe('BAD_RESPONSE');
  });

  it('tells quota from rate limits and retries the latter', async () => {
    server.handle(() => ({
      status: 429,
      json: {
        error: {
          message: 'You exceeded your current quota',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      },
    }));
    const quota = (await createMtProvider(config())
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(quota.code).toBe('QUOTA');
    expect(server.requests).toHaveLength(1);

    let calls = 0;
    server.handle(() =>
      ++calls === 1
        ? {
            status: 429,
            headers: { 'retry-after': '0' },
            json: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
          }
        : chat('["Hola"]'),
    );
    const { results } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'es',
      segments: [{ id: '1', text: 'Hi' }],
    });
    expect(results[0]?.translation).toBe('Hola');

    server.handle(() => ({
      status: 401,
      json: {
        error: {
          message: 'Incorrect API key provided: sk-secret',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    }));
    const auth = (await createMtProvider(config())
      .translate({ sourceLang: 'en', targetLang: 'es', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(auth.code).toBe('AUTH');
    expect(auth.detail).not.toContain('sk-secret');
  });
});
