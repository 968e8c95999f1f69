import { LANGUAGE_CODES } from '@bhasha/contract';
import { createBatchProvider, type BatchContext, type WireSegment } from '../core/batch-provider';
import { joinUrl, resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import type { MtLanguagePair, MtProvider } from '../mt-provider';
import { buildTranslationPrompt } from './openai-prompt';
import { parseJsonArray } from './parse-json-array';

/** Settings of any OpenAI-compatible chat completions endpoint (OpenAI, Azure OpenAI, vLLM, Ollama…). */
export interface OpenAiConfig extends MtCommonOptions {
  service: 'openai';
  /** Display name in messages (default "AI translation"). */
  label?: string;
  /** API root that `/chat/completions` is appended to, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  temperature?: number;
  /** Extra request headers (e.g. `api-key` for Azure OpenAI); their values are treated as secrets. */
  headers?: Record<string, string>;
  /** Ask for `response_format: {type: "json_object"}` (servers that support JSON mode). */
  useJsonMode?: boolean;
  /** Appended to the system prompt (tone, audience). */
  instructions?: string;
  /** Product codes the model should be offered for (default: every language of the table). */
  languages?: string[];
}

interface ChatAnswer {
  choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>;
}

/** OpenAI-compatible adapter: one chat completion per batch, answer parsed as a JSON array. */
export function createOpenAiProvider(config: OpenAiConfig): MtProvider {
  const label = config.label ?? 'AI translation';
  const extraHeaders = config.headers ?? {};
  const http = createHttpClient({
    label: label,
    timeoutMs: config.timeoutMs ?? 120_000,
    retry: config.retry,
    secrets: [config.apiKey, ...Object.values(extraHeaders)],
    classify: (answer, detail) => {
      if (
        answer.status === 429 &&
        /insufficient_quota|exceeded your current quota|billing/i.test(answer.text)
      )
        return http.error('QUOTA', detail, answer);
      if (answer.status === 404 && /model/i.test(detail))
        return http.error(
          'BAD_RESPONSE',
          detail,
          answer,
          `${label} does not offer the model "${config.model}". Ask an administrator to check the engine settings.`,
        );
      return undefined;
    },
  });

  const complete = async (
    segments: WireSegment[],
    context: BatchContext,
  ): Promise<{ texts: string[] | undefined; isTruncated: boolean }> => {
    const body = {
      model: config.model,
      temperature: config.temperature ?? 0,
      messages: buildTranslationPrompt(segments, context.sourceLang, context.targetLang, config.instructions),
      ...(config.useJsonMode ? { response_format: { type: 'json_object' } } : {}),
    };
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    const answer = (await http.sendJson(
      { url: joinUrl(config.baseUrl, 'chat/completions'), headers, body: JSON.stringify(body) },
      context.signal,
    )) as ChatAnswer;
    const choice = answer.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') throw http.error('BAD_RESPONSE', 'choices[0].message.content missing');
    const texts = parseJsonArray(content);
    return {
      texts: texts?.length === segments.length ? texts : undefined,
      isTruncated: choice?.finish_reason === 'length',
    };
  };

  // A model that miscounts or runs out of tokens gets the batch again in halves, down to single items.
  const translateAll = async (
    segments: WireSegment[],
    context: BatchContext,
  ): Promise<{ translations: string[]; requests: number }> => {
    const { texts } = await complete(segments, context);
    if (texts) return { translations: texts, requests: 1 };
    if (segments.length === 1)
      throw http.error('BAD_RESPONSE', 'the model did not answer a JSON array with one translation');
    const middle = Math.ceil(segments.length / 2);
    const first = await translateAll(segments.slice(0, middle), context);
    const second = await translateAll(segments.slice(middle), context);
    return {
      translations: [...first.translations, ...second.translations],
      requests: 1 + first.requests + second.requests,
    };
  };

  return createBatchProvider({
    id: 'openai',
    label: label,
    format: 'text',
    limits: resolveLimits(
      { maxSegmentsPerRequest: 20, maxCharactersPerRequest: 6_000, maxConcurrency: 4 },
      config,
    ),
    toVendorCode: (code) =>
      ((config.languages ?? LANGUAGE_CODES) as readonly string[]).includes(code) ? code : undefined,
    translateBatch: (segments, context) => translateAll(segments, context),
    fetchPairs(): Promise<MtLanguagePair[]> {
      const codes = (config.languages ?? LANGUAGE_CODES) as readonly string[];
      return Promise.resolve(
        codes.flatMap((source) =>
          codes.filter((target) => target !== source).map((target) => ({ source, target })),
        ),
      );
    },
  });
}
