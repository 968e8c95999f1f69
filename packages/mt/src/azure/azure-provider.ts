import { randomUUID } from 'node:crypto';
import { createBatchProvider } from '../core/batch-provider';
import { joinUrl, resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import { createLanguageMap, crossPairs } from '../core/language-map';
import type { MtErrorCode } from '../mt-error';
import type { MtProvider } from '../mt-provider';

/** Settings of Azure AI Translator (Text Translation v3). */
export interface AzureConfig extends MtCommonOptions {
  service: 'azure';
  /** Ocp-Apim-Subscription-Key. */
  key: string;
  /** Resource region (Ocp-Apim-Subscription-Region), required for regional and multi-service resources. */
  region?: string;
  /** Custom Translator category id. */
  category?: string;
  /** Default `https://api.cognitive.microsofttranslator.com`. */
  baseUrl?: string;
}

const LABEL = 'Azure Translator';

const AZURE_CODES = {
  od: 'or',
  kok: 'gom',
  bh: 'bho',
  'mni-Mtei': 'mni',
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
  no: 'nb',
  pt: 'pt-pt',
  'pt-BR': 'pt',
  sr: 'sr-Cyrl',
  'ja-JP': 'ja',
  'es-MX': 'es',
} as const;

/** Azure's six-digit error codes: the first three digits are the HTTP status, the rest the reason. */
function classifyAzure(code: number | undefined): MtErrorCode | undefined {
  if (code === 400035 || code === 400036) return 'UNSUPPORTED_PAIR';
  if (code === 403001) return 'QUOTA';
  if (code !== undefined && Math.floor(code / 1000) === 401) return 'AUTH';
  if (code !== undefined && Math.floor(code / 1000) === 429) return 'RATE_LIMITED';
  return undefined;
}

/** Azure Translator v3 adapter: `POST /translate?api-version=3.0&textType=html` with `[{Text}]`. */
export function createAzureProvider(config: AzureConfig): MtProvider {
  const languages = createLanguageMap(AZURE_CODES, { caseInsensitive: true });
  const root = config.baseUrl ?? 'https://api.cognitive.microsofttranslator.com';
  const http = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets: [config.key],
    classify: (answer, detail) => {
      let vendorCode: number | undefined;
      try {
        vendorCode = (JSON.parse(answer.text) as { error?: { code?: number } }).error?.code;
      } catch {
        // not JSON
      }
      const code = classifyAzure(vendorCode);
      return code ? http.error(code, detail, answer) : undefined;
    },
  });

  return createBatchProvider({
    id: 'azure',
    label: LABEL,
    format: 'html',
    // Documented: at most 1000 array elements and 50,000 characters per request.
    limits: resolveLimits(
      { maxSegmentsPerRequest: 1000, maxCharactersPerRequest: 50_000, maxConcurrency: 8 },
      config,
    ),
    toVendorCode: (code) => languages.toVendor(code),
    async translateBatch(segments, context) {
      const query = new URLSearchParams({
        'api-version': '3.0',
        from: context.source,
        to: context.target,
        textType: 'html',
      });
      if (config.category) query.set('category', config.category);
      const headers: Record<string, string> = {
        'ocp-apim-subscription-key': config.key,
        'content-type': 'application/json; charset=UTF-8',
        'x-clienttraceid': randomUUID(),
      };
      if (config.region) headers['ocp-apim-subscription-region'] = config.region;
      const body = (await http.sendJson(
        {
          url: `${joinUrl(root, 'translate')}?${query.toString()}`,
          headers,
          body: JSON.stringify(segments.map((segment) => ({ Text: segment.text }))),
        },
        context.signal,
      )) as Array<{ translations?: Array<{ text?: unknown }> }>;
      if (!Array.isArray(body)) throw http.error('BAD_RESPONSE', 'answer is not a list');
      const translations = body.map((item) => item.translations?.[0]?.text);
      if (!translations.every((text): text is string => typeof text === 'string'))
        throw http.error('BAD_RESPONSE', 'translations[0].text missing');
      return { translations };
    },
    async fetchPairs(signal) {
      const body = (await http.sendJson(
        { url: `${joinUrl(root, 'languages')}?api-version=3.0&scope=translation`, method: 'GET' },
        signal,
      )) as {
        translation?: Record<string, unknown>;
      };
      if (!body.translation || typeof body.translation !== 'object')
        throw http.error('BAD_RESPONSE', 'languages: translation missing');
      const codes = Object.keys(body.translation);
      return crossPairs(languages, codes, codes);
    },
  });
}
