import { isLanguageCode } from '@bhasha/contract';
import { createBatchProvider } from '../core/batch-provider';
import { joinUrl, resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import type { MtLanguagePair, MtProvider } from '../mt-provider';
import { DEEPL_SOURCE_CODES, DEEPL_TARGET_CODES, fromDeeplCode } from './deepl-codes';

/** Settings of the DeepL API (v2). */
export interface DeeplConfig extends MtCommonOptions {
  service: 'deepl';
  authKey: string;
  /** Default: api-free.deepl.com for keys ending in `:fx`, api.deepl.com otherwise. */
  baseUrl?: string;
  /** English target variant (DeepL has no plain `EN` target). Default `EN-US`. */
  englishVariant?: 'EN-US' | 'EN-GB';
  formality?: 'default' | 'more' | 'less' | 'prefer_more' | 'prefer_less';
  glossaryId?: string;
}

const LABEL = 'DeepL';

/** DeepL v2 adapter: `POST /v2/translate` with a `text` list and `tag_handling: xml`; `GET /v2/languages`. */
export function createDeeplProvider(config: DeeplConfig): MtProvider {
  const root =
    config.baseUrl ??
    (config.authKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
  const auth = { authorization: `DeepL-Auth-Key ${config.authKey}` };
  const http = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets: [config.authKey],
    classify: (answer, detail) => {
      if (
        answer.status === 400 &&
        /(source_lang|target_lang).*not supported|not supported.*lang/i.test(detail)
      )
        return http.error('UNSUPPORTED_PAIR', detail, answer);
      // DeepL answers 529 "Too many requests" besides 429.
      if (answer.status === 529) return http.error('RATE_LIMITED', detail, answer);
      return undefined;
    },
  });
  const targetTable = { ...DEEPL_TARGET_CODES, en: config.englishVariant ?? 'EN-US' };

  const listLanguages = async (type: 'source' | 'target', signal?: AbortSignal): Promise<string[]> => {
    const body = await http.sendJson(
      { url: `${joinUrl(root, 'v2/languages')}?type=${type}`, method: 'GET', headers: auth },
      signal,
    );
    if (!Array.isArray(body)) throw http.error('BAD_RESPONSE', '/v2/languages did not answer a list');
    return (body as Array<{ language?: unknown }>)
      .map((entry) => entry.language)
      .filter((code): code is string => typeof code === 'string');
  };

  const provider = createBatchProvider({
    id: 'deepl',
    label: LABEL,
    // XML tag handling keeps our `<x1>` tags and decodes entities we escape.
    format: 'xml',
    // Documented: up to 50 texts and 128 KiB per request; 30k code points stays under it for any script.
    limits: resolveLimits(
      { maxSegmentsPerRequest: 50, maxCharactersPerRequest: 30_000, maxConcurrency: 4 },
      config,
    ),
    toVendorCode: (code, role) => {
      if (!isLanguageCode(code)) return undefined;
      const table: Readonly<Record<string, string>> = role === 'source' ? DEEPL_SOURCE_CODES : targetTable;
      return table[code] ?? code.toUpperCase();
    },
    async translateBatch(segments, context) {
      const body = {
        text: segments.map((segment) => segment.text),
        source_lang: context.source,
        target_lang: context.target,
        tag_handling: 'xml',
        ...(config.formality ? { formality: config.formality } : {}),
        ...(config.glossaryId ? { glossary_id: config.glossaryId } : {}),
      };
      const answer = (await http.sendJson(
        {
          url: joinUrl(root, 'v2/translate'),
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        context.signal,
      )) as { translations?: Array<{ text?: unknown }> };
      const translations = answer.translations?.map((item) => item.text);
      if (!translations || !translations.every((text): text is string => typeof text === 'string'))
        throw http.error('BAD_RESPONSE', 'translations[].text missing');
      return { translations };
    },
    async fetchPairs(signal) {
      const [sources, targets] = await Promise.all([
        listLanguages('source', signal),
        listLanguages('target', signal),
      ]);
      const pairs = new Map<string, MtLanguagePair>();
      for (const vendorSource of sources) {
        for (const vendorTarget of targets) {
          // PT → PT-BR is the same language to DeepL: not a translation direction.
          if (vendorTarget.split('-')[0]?.toUpperCase() === vendorSource.toUpperCase()) continue;
          for (const source of fromDeeplCode(vendorSource, DEEPL_SOURCE_CODES, isLanguageCode)) {
            for (const target of fromDeeplCode(vendorTarget, targetTable, isLanguageCode)) {
              if (source !== target) pairs.set(`${source}>${target}`, { source, target });
            }
          }
        }
      }
      return [...pairs.values()];
    },
  });
  return {
    ...provider,
    async quota(signal) {
      const body = (await http.sendJson(
        { url: joinUrl(root, 'v2/usage'), method: 'GET', headers: auth },
        signal,
      )) as { character_count?: unknown; character_limit?: unknown };
      if (typeof body.character_count !== 'number')
        throw http.error('BAD_RESPONSE', '/v2/usage: character_count missing');
      return {
        characterCount: body.character_count,
        characterLimit: typeof body.character_limit === 'number' ? body.character_limit : undefined,
      };
    },
  };
}
