import { LANGUAGE_CODES } from '@bhasha/contract';
import { createBatchProvider } from '../core/batch-provider';
import { resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import type { WireFormat } from '../core/html-escape';
import { createLanguageMap, crossPairs, type LanguageOverrides } from '../core/language-map';
import type { MtProvider } from '../mt-provider';
import { selectPath } from './json-path';
import { isBatchTemplate, renderTemplate, renderUrl } from './request-template';

/**
 * A self-hosted engine behind any JSON API (IndicTrans2, NLLB, MarianMT servers…), described by a
 * request template and the path of the translations in the answer.
 */
export interface HttpEngineConfig extends MtCommonOptions {
  service: 'http';
  /** Display name in messages (default "Custom engine"). */
  label?: string;
  /** May contain `{{sourceLang}}` and `{{targetLang}}`. */
  url: string;
  /** Sent as is; their values are treated as secrets (put API keys here). */
  headers?: Record<string, string>;
  /** JSON body template, e.g. `{"src": "{{sourceLang}}", "tgt": "{{targetLang}}", "sentences": "{{texts}}"}`. */
  body: unknown;
  /** Template of each element where the body says `{{items}}`, e.g. `{"source": "{{text}}"}`. */
  itemTemplate?: unknown;
  /** Where the translations are in the answer, e.g. `translations[*].text` or `output[*].target`. */
  responsePath: string;
  /** `text` (default) sends plain text; `html` escapes it as HTML with placeholders as tags. */
  format?: WireFormat;
  /** Product code → engine code where they differ (e.g. IndicTrans2's `hin_Deva`). */
  languageCodes?: LanguageOverrides;
  /** Product codes the engine serves, any to any (default: those in `languageCodes`, else all). */
  languages?: string[];
}

/** Generic HTTP adapter: renders the template per batch (or per text), reads translations by path. */
export function createHttpEngineProvider(config: HttpEngineConfig): MtProvider {
  const label = config.label ?? 'Custom engine';
  const overrides = config.languageCodes ?? {};
  const languageMap = createLanguageMap(overrides);
  const served = new Set<string>(
    config.languages ?? (Object.keys(overrides).length > 0 ? Object.keys(overrides) : LANGUAGE_CODES),
  );
  const isBatch = isBatchTemplate(config.body);
  const http = createHttpClient({
    label,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets: Object.values(config.headers ?? {}),
  });

  return createBatchProvider({
    id: 'http',
    label,
    format: config.format ?? 'text',
    limits: resolveLimits(
      { maxSegmentsPerRequest: isBatch ? 32 : 1, maxCharactersPerRequest: 10_000, maxConcurrency: 4 },
      config,
    ),
    toVendorCode: (code) => (served.has(code) ? languageMap.toVendor(code) : undefined),
    async translateBatch(segments, context) {
      const translations: string[] = [];
      const groups = isBatch ? [segments] : segments.map((segment) => [segment]);
      for (const group of groups) {
        const values = {
          texts: group.map((segment) => segment.text),
          sourceLang: context.source,
          targetLang: context.target,
        };
        const answer = await http.sendJson(
          {
            url: renderUrl(config.url, values),
            headers: { 'content-type': 'application/json', ...config.headers },
            body: JSON.stringify(renderTemplate(config.body, values, config.itemTemplate)),
          },
          context.signal,
        );
        const found = selectPath(answer, config.responsePath).flat();
        if (
          found.length !== group.length ||
          !found.every((text): text is string => typeof text === 'string')
        ) {
          throw http.error(
            'BAD_RESPONSE',
            `expected ${group.length} string(s) at ${config.responsePath}, found ${found.length}`,
          );
        }
        translations.push(...found);
      }
      return { translations, requests: groups.length };
    },
    fetchPairs: () => {
      const codes = [...served]
        .map((code) => languageMap.toVendor(code))
        .filter((code): code is string => code !== undefined);
      return Promise.resolve(
        crossPairs(languageMap, codes, codes).filter(
          (pair) => served.has(pair.source) && served.has(pair.target),
        ),
      );
    },
  });
}
