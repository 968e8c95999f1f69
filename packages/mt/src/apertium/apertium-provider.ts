import { createBatchProvider } from '../core/batch-provider';
import { joinUrl, resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import { createLanguageMap } from '../core/language-map';
import type { MtLanguagePair, MtProvider } from '../mt-provider';
import { APERTIUM_CODES } from './apertium-codes';

/** Settings of an Apertium APY server (open source, runs offline). */
export interface ApertiumConfig extends MtCommonOptions {
  service: 'apertium';
  /** Where apertium-apy listens, e.g. `http://127.0.0.1:2737`. */
  baseUrl: string;
  /** Key for servers started with `--api-keys`. */
  apiKey?: string;
}

interface ApyTranslateAnswer {
  responseData?: { translatedText?: unknown };
}

interface ApyPairsAnswer {
  responseData?: Array<{ sourceLanguage?: unknown; targetLanguage?: unknown }>;
}

const LABEL = 'Apertium';

/** Apertium APY adapter: `/translate` one segment per call (APY takes one `q`), `/listPairs` for directions. */
export function createApertiumProvider(config: ApertiumConfig): MtProvider {
  const languages = createLanguageMap(APERTIUM_CODES);
  const http = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets: [config.apiKey],
    classify: (answer, detail) =>
      answer.status === 400 && /pair is (not installed|invalid)/i.test(answer.text)
        ? http.error('UNSUPPORTED_PAIR', `${detail}: ${answer.text.slice(0, 200)}`, answer)
        : undefined,
  });

  return createBatchProvider({
    id: 'apertium',
    label: LABEL,
    // APY's default deformatter is HTML: our placeholders travel as tags, text as escaped HTML.
    format: 'html',
    limits: resolveLimits(
      { maxSegmentsPerRequest: 1, maxCharactersPerRequest: 20_000, maxConcurrency: 4 },
      config,
    ),
    toVendorCode: (code) => languages.toVendor(code),
    async translateBatch(segments, context) {
      const translations: string[] = [];
      for (const segment of segments) {
        const form = new URLSearchParams({
          langpair: `${context.source}|${context.target}`,
          q: segment.text,
          markUnknown: 'no',
        });
        if (config.apiKey) form.set('key', config.apiKey);
        const body = (await http.sendJson(
          {
            url: joinUrl(config.baseUrl, 'translate'),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
          },
          context.signal,
        )) as ApyTranslateAnswer;
        const text = body.responseData?.translatedText;
        if (typeof text !== 'string') throw http.error('BAD_RESPONSE', 'responseData.translatedText missing');
        translations.push(text);
      }
      return { translations, requests: segments.length };
    },
    async fetchPairs(signal) {
      const body = (await http.sendJson(
        { url: joinUrl(config.baseUrl, 'listPairs'), method: 'GET' },
        signal,
      )) as ApyPairsAnswer;
      if (!Array.isArray(body.responseData))
        throw http.error('BAD_RESPONSE', 'listPairs: responseData is not a list');
      const pairs: MtLanguagePair[] = [];
      for (const entry of body.responseData) {
        if (typeof entry.sourceLanguage !== 'string' || typeof entry.targetLanguage !== 'string') continue;
        for (const source of languages.fromVendor(entry.sourceLanguage)) {
          for (const target of languages.fromVendor(entry.targetLanguage)) pairs.push({ source, target });
        }
      }
      return pairs;
    },
  });
}
