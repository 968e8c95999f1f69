import { createBatchProvider } from '../core/batch-provider';
import { resolveLimits, type MtCommonOptions } from '../core/engine-options';
import { createHttpClient, type HttpClient } from '../core/http-client';
import { createLanguageMap, crossPairs } from '../core/language-map';
import type { MtErrorCode } from '../mt-error';
import type { MtProvider } from '../mt-provider';
import { signAwsRequest } from './sigv4';

/** Settings of Amazon Translate. */
export interface AwsConfig extends MtCommonOptions {
  service: 'aws';
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Default `https://translate.<region>.amazonaws.com`. */
  endpoint?: string;
  /** Custom terminologies stored in Amazon Translate. */
  terminologyNames?: string[];
  formality?: 'FORMAL' | 'INFORMAL';
}

const LABEL = 'Amazon Translate';
const TARGET_PREFIX = 'AWSShineFrontendService_20170701';
/** TranslateText accepts at most 10,000 bytes of UTF-8 text. */
const MAX_BYTES = 10_000;

const AWS_CODES = { 'zh-CN': 'zh', fil: 'tl', pt: 'pt-PT', 'pt-BR': 'pt', 'ja-JP': 'ja', od: 'or' } as const;

/** Amazon's exception names (`__type`) mapped to our codes. */
const EXCEPTIONS: Readonly<Record<string, MtErrorCode>> = {
  UnsupportedLanguagePairException: 'UNSUPPORTED_PAIR',
  UnrecognizedClientException: 'AUTH',
  InvalidSignatureException: 'AUTH',
  AccessDeniedException: 'AUTH',
  ExpiredTokenException: 'AUTH',
  IncompleteSignature: 'AUTH',
  MissingAuthenticationToken: 'AUTH',
  ThrottlingException: 'RATE_LIMITED',
  TooManyRequestsException: 'RATE_LIMITED',
  LimitExceededException: 'QUOTA',
  ServiceUnavailableException: 'UNAVAILABLE',
  InternalServerException: 'UNAVAILABLE',
};

/** Amazon Translate adapter: JSON 1.1 `TranslateText` (one text per call) signed with SigV4; `ListLanguages`. */
export function createAwsProvider(config: AwsConfig): MtProvider {
  const languages = createLanguageMap(AWS_CODES);
  const endpoint = config.endpoint ?? `https://translate.${config.region}.amazonaws.com`;
  const http: HttpClient = createHttpClient({
    label: LABEL,
    timeoutMs: config.timeoutMs,
    retry: config.retry,
    secrets: [config.secretAccessKey, config.sessionToken],
    classify: (answer, detail) => {
      let type = answer.headers.get('x-amzn-errortype') ?? '';
      try {
        type = (JSON.parse(answer.text) as { __type?: string }).__type ?? type;
      } catch {
        // not JSON
      }
      const name = type.split(/[#:]/).find((part) => part in EXCEPTIONS) ?? '';
      const code = EXCEPTIONS[name];
      return code ? http.error(code, `${name}: ${detail}`, answer) : undefined;
    },
  });

  const call = async (action: string, payload: unknown, signal?: AbortSignal): Promise<unknown> => {
    const body = JSON.stringify(payload);
    // Signed per attempt would be ideal for long retries; a signature stays valid for 15 minutes.
    const headers = signAwsRequest(
      {
        method: 'POST',
        url: `${endpoint}/`,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `${TARGET_PREFIX}.${action}`,
        },
        body,
      },
      config,
      { region: config.region, service: 'translate' },
    );
    delete headers.host;
    return http.sendJson({ url: `${endpoint}/`, headers, body }, signal);
  };

  return createBatchProvider({
    id: 'aws',
    label: LABEL,
    // TranslateText reads plain text; placeholders travel as literal tags and are checked on return.
    format: 'text',
    limits: resolveLimits(
      { maxSegmentsPerRequest: 1, maxCharactersPerRequest: MAX_BYTES, maxConcurrency: 8 },
      config,
    ),
    measure: (text) => Buffer.byteLength(text, 'utf8'),
    toVendorCode: (code) => languages.toVendor(code),
    async translateBatch(segments, context) {
      const translations: string[] = [];
      for (const segment of segments) {
        const settings = config.formality ? { Settings: { Formality: config.formality } } : {};
        const terminology = config.terminologyNames?.length
          ? { TerminologyNames: config.terminologyNames }
          : {};
        const answer = (await call(
          'TranslateText',
          {
            Text: segment.text,
            SourceLanguageCode: context.source,
            TargetLanguageCode: context.target,
            ...settings,
            ...terminology,
          },
          context.signal,
        )) as { TranslatedText?: unknown };
        if (typeof answer.TranslatedText !== 'string')
          throw http.error('BAD_RESPONSE', 'TranslatedText missing');
        translations.push(answer.TranslatedText);
      }
      return { translations, requests: segments.length };
    },
    async fetchPairs(signal) {
      const codes: string[] = [];
      let nextToken: string | undefined;
      do {
        const page = (await call(
          'ListLanguages',
          { MaxResults: 500, ...(nextToken ? { NextToken: nextToken } : {}) },
          signal,
        )) as {
          Languages?: Array<{ LanguageCode?: unknown }>;
          NextToken?: unknown;
        };
        if (!Array.isArray(page.Languages))
          throw http.error('BAD_RESPONSE', 'ListLanguages: Languages missing');
        for (const entry of page.Languages)
          if (typeof entry.LanguageCode === 'string') codes.push(entry.LanguageCode);
        nextToken = typeof page.NextToken === 'string' && page.NextToken ? page.NextToken : undefined;
      } while (nextToken);
      return crossPairs(languages, codes, codes);
    },
  });
}
