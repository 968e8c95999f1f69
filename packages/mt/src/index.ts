export { MT_SERVICE_IDS, MT_RESULT_STATUSES } from './mt-provider';
export type {
  MtGlossaryTerm,
  MtLanguagePair,
  MtLimits,
  MtQuota,
  MtProvider,
  MtRequest,
  MtResponse,
  MtResult,
  MtResultStatus,
  MtSegment,
  MtServiceId,
  MtUsage,
} from './mt-provider';
export { MT_ERROR_CODES, MtError, isMtError } from './mt-error';
export type { MtErrorCode, MtErrorInit } from './mt-error';
export { createMtProvider } from './registry';
export type { MtConfig } from './registry';
export type { MtCommonOptions } from './core/engine-options';
export { DEFAULT_RETRY_POLICY } from './core/retry';
export type { RetryPolicy } from './core/retry';
export { restorePlaceholders } from './core/restore-placeholders';
export type { RestoredText } from './core/restore-placeholders';
export { signAwsRequest } from './aws/sigv4';
export type { AwsCredentials, SignableRequest, SigningScope } from './aws/sigv4';
export { createApertiumProvider } from './apertium/apertium-provider';
export type { ApertiumConfig } from './apertium/apertium-provider';
export { createLibreTranslateProvider } from './libretranslate/libretranslate-provider';
export type { LibreTranslateConfig } from './libretranslate/libretranslate-provider';
export { createGoogleProvider } from './google/google-provider';
export type { GoogleConfig } from './google/google-provider';
export { createAzureProvider } from './azure/azure-provider';
export type { AzureConfig } from './azure/azure-provider';
export { createDeeplProvider } from './deepl/deepl-provider';
export type { DeeplConfig } from './deepl/deepl-provider';
export { createAwsProvider } from './aws/aws-provider';
export type { AwsConfig } from './aws/aws-provider';
export { createBhashiniProvider } from './bhashini/bhashini-provider';
export type { BhashiniConfig } from './bhashini/bhashini-provider';
export { createOpenAiProvider } from './openai/openai-provider';
export type { OpenAiConfig } from './openai/openai-provider';
export { createHttpEngineProvider } from './http/http-provider';
export type { HttpEngineConfig } from './http/http-provider';
