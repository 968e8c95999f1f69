import { createBatchProvider } from '../core/batch-provider';
import { resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient } from '../core/http-client';
import { createLanguageMap, crossPairs } from '../core/language-map';
import type { MtLanguagePair, MtProvider } from '../mt-provider';

/**
 * Settings of Bhashini (ULCA pipelines). Either give `userId` + `ulcaApiKey` (+ `pipelineId`) and
 * the adapter asks the pipeline config endpoint for the service, callback URL and inference key of
 * each pair, or give `inferenceApiKey` + `serviceId` to call a known compute endpoint directly.
 */
export interface BhashiniConfig extends MtCommonOptions {
  service: 'bhashini';
  userId?: string;
  ulcaApiKey?: string;
  /** Default: MeitY's pipeline `64392f96daac500b55c543cd`. */
  pipelineId?: string;
  /** Default `https://meity-auth.ulcacontrib.org/ulca/apis/v0/model/getModelsPipeline`. */
  configUrl?: string;
  /** Default `https://dhruva-api.bhashini.gov.in/services/inference/pipeline` (used without the config call). */
  inferenceUrl?: string;
  inferenceApiKey?: string;
  /** Header carrying the inference key; default `Authorization`. */
  inferenceApiKeyHeader?: string;
  /** Translation service for direct compute calls, e.g. `ai4bharat/indictrans-v2-all-gpu--t4`. */
  serviceId?: string;
  /** Languages served in direct mode (default: the 22 scheduled languages and English). */
  languages?: string[];
}

const LABEL = 'Bhashini';
const DEFAULT_CONFIG_URL = 'https://meity-auth.ulcacontrib.org/ulca/apis/v0/model/getModelsPipeline';
const DEFAULT_INFERENCE_URL = 'https://dhruva-api.bhashini.gov.in/services/inference/pipeline';
const DEFAULT_PIPELINE_ID = '64392f96daac500b55c543cd';
const BHASHINI_CODES = { od: 'or', kok: 'gom', 'mni-Mtei': 'mni', 'kas-IN': 'ks' } as const;
const SCHEDULED_LANGUAGES = [
  'en',
  'hi',
  'or',
  'pa',
  'gu',
  'mr',
  'te',
  'ta',
  'as',
  'bn',
  'ml',
  'kn',
  'ur',
  'mai',
  'sa',
  'gom',
  'ks',
  'mni',
  'brx',
  'sd',
  'doi',
  'ne',
  'sat',
];

interface ComputeTarget {
  url: string;
  headerName: string;
  headerValue: string;
  serviceId: string;
}

interface PipelineConfigAnswer {
  languages?: Array<{ sourceLanguage?: unknown; targetLanguageList?: unknown }>;
  pipelineResponseConfig?: Array<{ taskType?: unknown; config?: Array<{ serviceId?: unknown }> }>;
  pipelineInferenceAPIEndPoint?: {
    callbackUrl?: unknown;
    inferenceApiKey?: { name?: unknown; value?: unknown };
  };
}

/** Bhashini/ULCA adapter: pipeline config call (cached per pair), then the `translation` compute call. */
export function createBhashiniProvider(config: BhashiniConfig): MtProvider {
  const languages = createLanguageMap(BHASHINI_CODES);
  const secrets: Array<string | undefined> = [config.ulcaApiKey, config.inferenceApiKey];
  const http = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets,
    classify: (answer, detail) =>
      (answer.status === 400 || answer.status === 404) &&
      /language|not supported|no (model|service)/i.test(detail)
        ? http.error('UNSUPPORTED_PAIR', detail, answer)
        : undefined,
  });
  const targets = new Map<string, Promise<ComputeTarget>>();

  const askConfig = async (
    language: { sourceLanguage: string; targetLanguage: string } | undefined,
    signal?: AbortSignal,
  ): Promise<PipelineConfigAnswer> => {
    if (!config.userId || !config.ulcaApiKey)
      throw http.error(
        'AUTH',
        'userId and ulcaApiKey are required for the pipeline config call',
        undefined,
        `${LABEL} is not configured: a user id and ULCA API key are needed.`,
      );
    const body = {
      pipelineTasks: [{ taskType: 'translation', ...(language ? { config: { language } } : {}) }],
      pipelineRequestConfig: { pipelineId: config.pipelineId ?? DEFAULT_PIPELINE_ID },
    };
    return (await http.sendJson(
      {
        url: config.configUrl ?? DEFAULT_CONFIG_URL,
        headers: { 'content-type': 'application/json', userID: config.userId, ulcaApiKey: config.ulcaApiKey },
        body: JSON.stringify(body),
      },
      signal,
    )) as PipelineConfigAnswer;
  };

  const resolveTarget = async (
    source: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<ComputeTarget> => {
    if (config.inferenceApiKey && config.serviceId) {
      return {
        url: config.inferenceUrl ?? DEFAULT_INFERENCE_URL,
        headerName: config.inferenceApiKeyHeader ?? 'Authorization',
        headerValue: config.inferenceApiKey,
        serviceId: config.serviceId,
      };
    }
    const answer = await askConfig({ sourceLanguage: source, targetLanguage: target }, signal);
    const serviceId = answer.pipelineResponseConfig?.find((task) => task.taskType === 'translation')
      ?.config?.[0]?.serviceId;
    const endpoint = answer.pipelineInferenceAPIEndPoint;
    const url = endpoint?.callbackUrl;
    const name = endpoint?.inferenceApiKey?.name;
    const value = endpoint?.inferenceApiKey?.value;
    if (typeof serviceId !== 'string')
      throw http.error('UNSUPPORTED_PAIR', `no translation service for ${source}-${target}`);
    if (typeof url !== 'string' || typeof name !== 'string' || typeof value !== 'string')
      throw http.error('BAD_RESPONSE', 'pipelineInferenceAPIEndPoint incomplete');
    secrets.push(value);
    return { url, headerName: name, headerValue: value, serviceId };
  };

  const computeTarget = (source: string, target: string, signal?: AbortSignal): Promise<ComputeTarget> => {
    const key = `${source}>${target}`;
    let found = targets.get(key);
    if (!found) {
      found = resolveTarget(source, target, signal).catch((error: unknown) => {
        targets.delete(key);
        throw error;
      });
      targets.set(key, found);
    }
    return found;
  };

  return createBatchProvider({
    id: 'bhashini',
    label: LABEL,
    format: 'text',
    limits: resolveLimits(
      { maxSegmentsPerRequest: 25, maxCharactersPerRequest: 5_000, maxConcurrency: 4 },
      config,
    ),
    toVendorCode: (code) => languages.toVendor(code),
    async translateBatch(segments, context) {
      const compute = await computeTarget(context.source, context.target, context.signal);
      const body = {
        pipelineTasks: [
          {
            taskType: 'translation',
            config: {
              language: { sourceLanguage: context.source, targetLanguage: context.target },
              serviceId: compute.serviceId,
            },
          },
        ],
        inputData: { input: segments.map((segment) => ({ source: segment.text })) },
      };
      const answer = (await http.sendJson(
        {
          url: compute.url,
          headers: { 'content-type': 'application/json', [compute.headerName]: compute.headerValue },
          body: JSON.stringify(body),
        },
        context.signal,
      )) as { pipelineResponse?: Array<{ taskType?: unknown; output?: Array<{ target?: unknown }> }> };
      const output =
        answer.pipelineResponse?.find((task) => task.taskType === 'translation')?.output ??
        answer.pipelineResponse?.[0]?.output;
      const translations = output?.map((item) => item.target);
      if (!translations || !translations.every((text): text is string => typeof text === 'string'))
        throw http.error('BAD_RESPONSE', 'pipelineResponse[].output[].target missing');
      return { translations };
    },
    async fetchPairs(signal): Promise<MtLanguagePair[]> {
      if (!config.userId || !config.ulcaApiKey) {
        const codes = config.languages ?? SCHEDULED_LANGUAGES;
        return crossPairs(languages, codes, codes);
      }
      const answer = await askConfig(undefined, signal);
      const pairs: MtLanguagePair[] = [];
      for (const entry of answer.languages ?? []) {
        if (typeof entry.sourceLanguage !== 'string' || !Array.isArray(entry.targetLanguageList)) continue;
        const targetCodes = entry.targetLanguageList.filter(
          (code): code is string => typeof code === 'string',
        );
        pairs.push(...crossPairs(languages, [entry.sourceLanguage], targetCodes));
      }
      return pairs;
    },
  });
}
