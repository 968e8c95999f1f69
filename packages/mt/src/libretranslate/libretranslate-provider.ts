import { createBatchProvider } from '../core/batch-provider';
import { joinUrl, resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import { createLanguageMap, type LanguageMap } from '../core/language-map';
import type { MtLanguagePair, MtProvider } from '../mt-provider';

/** Settings of a LibreTranslate server (self-hosted or libretranslate.com). */
export interface LibreTranslateConfig extends MtCommonOptions {
  service: 'libretranslate';
  baseUrl: string;
  apiKey?: string;
}

const LABEL = 'LibreTranslate';

/** LibreTranslate's codes where they differ from the product's (Argos models). */
const LIBRE_CODES = {
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
  'pt-BR': 'pb',
  fil: 'tl',
  od: 'or',
  'ja-JP': 'ja',
  'es-MX': 'es',
} as const;

function pairsFrom(body: unknown, languages: LanguageMap): MtLanguagePair[] {
  if (!Array.isArray(body)) return [];
  const pairs: MtLanguagePair[] = [];
  for (const entry of body as Array<{ code?: unknown; targets?: unknown }>) {
    if (typeof entry.code !== 'string' || !Array.isArray(entry.targets)) continue;
    for (const source of languages.fromVendor(entry.code)) {
      for (const vendorTarget of entry.targets) {
        if (typeof vendorTarget !== 'string') continue;
        for (const target of languages.fromVendor(vendorTarget))
          if (target !== source) pairs.push({ source, target });
      }
    }
  }
  return pairs;
}

/** LibreTranslate adapter: `POST /translate` with `q` as a list and `format: html`; `GET /languages`. */
export function createLibreTranslateProvider(config: LibreTranslateConfig): MtProvider {
  const languages = createLanguageMap(LIBRE_CODES);
  const http = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets: [config.apiKey],
    classify: (answer, detail) => {
      if (answer.status === 400 && /not supported|invalid (source|target)/i.test(detail))
        return http.error('UNSUPPORTED_PAIR', detail, answer);
      if (answer.status === 400 && /api key|api_key/i.test(detail)) return http.error('AUTH', detail, answer);
      return undefined;
    },
  });
  return createBatchProvider({
    id: 'libretranslate',
    label: LABEL,
    format: 'html',
    // Servers set their own --char-limit/--batch-limit; these defaults stay under the public instance's.
    limits: resolveLimits(
      { maxSegmentsPerRequest: 50, maxCharactersPerRequest: 5_000, maxConcurrency: 4 },
      config,
    ),
    toVendorCode: (code) => languages.toVendor(code),
    shouldCheckPairs: false,
    async translateBatch(segments, context) {
      const body = {
        q: segments.map((segment) => segment.text),
        source: context.source,
        target: context.target,
        format: 'html',
        ...(config.apiKey ? { api_key: config.apiKey } : {}),
      };
      const answer = (await http.sendJson(
        {
          url: joinUrl(config.baseUrl, 'translate'),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        context.signal,
      )) as { translatedText?: unknown };
      const translated = answer.translatedText;
      if (!Array.isArray(translated) || !translated.every((text) => typeof text === 'string')) {
        throw http.error('BAD_RESPONSE', 'translatedText is not a list of strings');
      }
      return { translations: translated };
    },
    async fetchPairs(signal) {
      const body = await http.sendJson({ url: joinUrl(config.baseUrl, 'languages'), method: 'GET' }, signal);
      if (!Array.isArray(body)) throw http.error('BAD_RESPONSE', '/languages did not answer a list');
      return pairsFrom(body, languages);
    },
  });
}
