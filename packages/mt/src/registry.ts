import { createApertiumProvider, type ApertiumConfig } from './apertium/apertium-provider';
import { createAwsProvider, type AwsConfig } from './aws/aws-provider';
import { createAzureProvider, type AzureConfig } from './azure/azure-provider';
import { createBhashiniProvider, type BhashiniConfig } from './bhashini/bhashini-provider';
import { createDeeplProvider, type DeeplConfig } from './deepl/deepl-provider';
import { createGoogleProvider, type GoogleConfig } from './google/google-provider';
import { createHttpEngineProvider, type HttpEngineConfig } from './http/http-provider';
import {
  createLibreTranslateProvider,
  type LibreTranslateConfig,
} from './libretranslate/libretranslate-provider';
import type { MtProvider } from './mt-provider';
import { createOpenAiProvider, type OpenAiConfig } from './openai/openai-provider';

/** Deployment settings of one engine; `service` is the spec's `nmtService` value. */
export type MtConfig =
  | ApertiumConfig
  | LibreTranslateConfig
  | GoogleConfig
  | AzureConfig
  | DeeplConfig
  | AwsConfig
  | BhashiniConfig
  | OpenAiConfig
  | HttpEngineConfig;

/** Builds the adapter a config names. Credentials stay inside the returned provider. */
export function createMtProvider(config: MtConfig): MtProvider {
  switch (config.service) {
    case 'apertium':
      return createApertiumProvider(config);
    case 'libretranslate':
      return createLibreTranslateProvider(config);
    case 'google':
      return createGoogleProvider(config);
    case 'azure':
      return createAzureProvider(config);
    case 'deepl':
      return createDeeplProvider(config);
    case 'aws':
      return createAwsProvider(config);
    case 'bhashini':
      return createBhashiniProvider(config);
    case 'openai':
      return createOpenAiProvider(config);
    case 'http':
      return createHttpEngineProvider(config);
  }
}
