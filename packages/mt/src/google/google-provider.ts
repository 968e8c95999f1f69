import { createBatchProvider } from '../core/batch-provider';
import { joinUrl, resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient, type HttpAnswer } from '../core/http-client';
import { createLanguageMap, crossPairs } from '../core/language-map';
import type { MtErrorCode } from '../mt-error';
import type { MtProvider } from '../mt-provider';

/** Settings of Google Cloud Translation - Advanced (v3). */
export interface GoogleConfig extends MtCommonOptions {
  service: 'google';
  projectId: string;
  /** Default `global`; a region is needed for custom models and glossaries. */
  location?: string;
  /** OAuth 2 access token, or a function returning a fresh one (e.g. from a service-account token source). */
  accessToken: string | (() => Promise<string>);
  /** Model resource, e.g. `projects/p/locations/l/models/general/translation-llm`; default: NMT. */
  model?: string;
  /** API root, overridable for tests and private endpoints. */
  baseUrl?: string;
}

const LABEL = 'Google Cloud Translation';

const GOOGLE_CODES = {
  od: 'or',
  kok: 'gom',
  bh: 'bho',
  fil: 'tl',
  he: 'iw',
  'ja-JP': 'ja',
  'es-MX': 'es',
  'pt-BR': 'pt',
} as const;

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string };
}

/** Google's canonical error status (`RESOURCE_EXHAUSTED`…) mapped to our codes; daily quotas are QUOTA, per-minute ones RATE_LIMITED. */
function classifyGoogle(answer: HttpAnswer, detail: string): MtErrorCode | undefined {
  let status = '';
  try {
    status = (JSON.parse(answer.text) as GoogleErrorBody).error?.status ?? '';
  } catch {
    // not JSON: the default mapping by HTTP status applies
  }
  if (/daily limit exceeded|per day/i.test(detail)) return 'QUOTA';
  if (status === 'RESOURCE_EXHAUSTED' || /rate limit exceeded|per minute/i.test(detail))
    return 'RATE_LIMITED';
  if (/quota exceeded/i.test(detail)) return 'QUOTA';
  if (status === 'UNAUTHENTICATED' || status === 'PERMISSION_DENIED') return 'AUTH';
  if (status === 'INVALID_ARGUMENT' && /language/i.test(detail)) return 'UNSUPPORTED_PAIR';
  return undefined;
}

/** Google Cloud Translation v3 adapter: `projects/*\/locations/*:translateText` with `mimeType: text/html`. */
export function createGoogleProvider(config: GoogleConfig): MtProvider {
  const languages = createLanguageMap(GOOGLE_CODES);
  const location = config.location ?? 'global';
  const parent = `projects/${encodeURIComponent(config.projectId)}/locations/${encodeURIComponent(location)}`;
  const root = joinUrl(config.baseUrl ?? 'https://translation.googleapis.com', 'v3');
  const staticToken = typeof config.accessToken === 'string' ? config.accessToken : undefined;
  const secrets: Array<string | undefined> = [staticToken];
  const http = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets,
    classify: (answer, detail) => {
      const code = classifyGoogle(answer, detail);
      return code ? http.error(code, detail, answer) : undefined;
    },
  });
  const headers = async (): Promise<Record<string, string>> => {
    const token = typeof config.accessToken === 'string' ? config.accessToken : await config.accessToken();
    if (!secrets.includes(token)) {
      // Keep the last few rotated tokens redacted without growing forever.
      secrets.push(token);
      if (secrets.length > 6) secrets.splice(1, 1);
    }
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' };
  };

  return createBatchProvider({
    id: 'google',
    label: LABEL,
    format: 'html',
    // Documented: at most 1024 strings and about 30k code points per translateText call.
    limits: resolveLimits(
      { maxSegmentsPerRequest: 1024, maxCharactersPerRequest: 30_000, maxConcurrency: 8 },
      config,
    ),
    toVendorCode: (code) => languages.toVendor(code),
    async translateBatch(segments, context) {
      const body = {
        contents: segments.map((segment) => segment.text),
        mimeType: 'text/html',
        sourceLanguageCode: context.source,
        targetLanguageCode: context.target,
        ...(config.model ? { model: config.model } : {}),
      };
      const answer = (await http.sendJson(
        { url: `${root}/${parent}:translateText`, headers: await headers(), body: JSON.stringify(body) },
        context.signal,
      )) as { translations?: Array<{ translatedText?: unknown }> };
      const translations = answer.translations?.map((item) => item.translatedText);
      if (!translations || !translations.every((text): text is string => typeof text === 'string')) {
        throw http.error('BAD_RESPONSE', 'translations[].translatedText missing');
      }
      return { translations };
    },
    async fetchPairs(signal) {
      const body = (await http.sendJson(
        { url: `${root}/${parent}/supportedLanguages`, method: 'GET', headers: await headers() },
        signal,
      )) as {
        languages?: Array<{ languageCode?: unknown; supportSource?: unknown; supportTarget?: unknown }>;
      };
      if (!Array.isArray(body.languages))
        throw http.error('BAD_RESPONSE', 'supportedLanguages: languages missing');
      const codes = body.languages.filter((entry) => typeof entry.languageCode === 'string');
      const sources = codes
        .filter((entry) => entry.supportSource !== false)
        .map((entry) => entry.languageCode as string);
      const targets = codes
        .filter((entry) => entry.supportTarget !== false)
        .map((entry) => entry.languageCode as string);
      return crossPairs(languages, sources, targets);
    },
  });
}
