import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, type BhashiniConfig, type MtError } from '../src/index';
import { FAST_RETRY, startVendorServer, type VendorServer } from './helpers/vendor-server';

// ULCA pipeline: config call (getModelsPipeline, headers userID + ulcaApiKey) names the service,
// callback URL and inference key; the compute call posts {pipelineTasks, inputData: {input: [{source}]}}
// and answers {pipelineResponse: [{taskType, output: [{source, target}]}]}.
describe('Bhashini/ULCA pipeline adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<BhashiniConfig> = {}): BhashiniConfig => ({
    service: 'bhashini',
    userId: 'user-123',
    ulcaApiKey: 'ulca-secret',
    pipelineId: 'pipeline-1',
    configUrl: `${server.baseUrl}/ulca/apis/v0/model/getModelsPipeline`,
    retry: FAST_RETRY,
    ...overrides,
  });
  const configAnswer = () => ({
    json: {
      languages: [{ sourceLanguage: 'en', targetLanguageList: ['hi', 'or'] }],
      pipelineResponseConfig: [
        {
          taskType: 'translation',
          config: [
            {
              serviceId: 'ai4bharat/indictrans-v2-all-gpu--t4',
              modelId: 'm1',
              language: { sourceLanguage: 'en', targetLanguage: 'or' },
            },
          ],
        },
      ],
      pipelineInferenceAPIEndPoint: {
        callbackUrl: `${server.baseUrl}/services/inference/pipeline`,
        inferenceApiKey: { name: 'Authorization', value: 'inference-secret' },
      },
    },
  });
  const computeAnswer = (sources: string[]) => ({
    json: {
      pipelineResponse: [
        {
          taskType: 'translation',
          config: null,
          output: sources.map((source) => ({ source, target: `OR ${source}` })),
        },
      ],
    },
  });

  beforeEach(async () => {
    server = await startVendorServer((request) =>
      request.path.endsWith('getModelsPipeline')
        ? configAnswer()
        : computeAnswer(
            (request.json().inputData.input as Array<{ source: string }>).map((item) => item.source),
          ),
    );
  });
  afterEach(async () => {
    await server.close();
  });

  it('asks the pipeline config once per pair, then calls compute with the inference key', async () => {
    const provider = createMtProvider(config());
    const { results } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'od',
      segments: [
        { id: '1', text: 'Hello <x1>world</x1>' },
        { id: '2', text: 'Bye' },
      ],
    });
    await provider.translate({ sourceLang: 'en', targetLang: 'od', segments: [{ id: '3', text: 'Again' }] });

    const [configCall, compute, secondCompute] = server.requests;
    expect(server.requests).toHaveLength(3);
    expect(configCall?.path).toBe('/ulca/apis/v0/model/getModelsPipeline');
    expect(configCall?.headers.userid).toBe('user-123');
    expect(configCall?.headers.ulcaapikey).toBe('ulca-secret');
    expect(configCall?.json()).toEqual({
      pipelineTasks: [
        { taskType: 'translation', config: { language: { sourceLanguage: 'en', targetLanguage: 'or' } } },
      ],
      pipelineRequestConfig: { pipelineId: 'pipeline-1' },
    });
    expect(compute?.path).toBe('/services/inference/pipeline');
    expect(compute?.headers.authorization).toBe('inference-secret');
    expect(compute?.json()).toEqual({
      pipelineTasks: [
        {
          taskType: 'translation',
          config: {
            language: { sourceLanguage: 'en', targetLanguage: 'or' },
            serviceId: 'ai4bharat/indictrans-v2-all-gpu--t4',
          },
        },
      ],
      inputData: { input: [{ source: 'Hello <x1>world</x1>' }, { source: 'Bye' }] },
    });
    expect(secondCompute?.path).toBe('/services/inference/pipeline');
    expect(results.map((result) => result.translation)).toEqual(['OR Hello <x1>world</x1>', 'OR Bye']);
  });

  it('calls a known compute endpoint directly when given a service and inference key', async () => {
    const provider = createMtProvider(
      config({
        userId: undefined,
        ulcaApiKey: undefined,
        inferenceUrl: `${server.baseUrl}/compute`,
        inferenceApiKey: 'direct-key',
        serviceId: 'svc-1',
      }),
    );
    await provider.translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ path: '/compute' });
    expect(server.requests[0]?.headers.authorization).toBe('direct-key');
    expect(await provider.supportsPair('od', 'kok')).toBe(true);
  });

  it('lists pairs from the pipeline config', async () => {
    const pairs = await createMtProvider(config()).supportedPairs();
    expect(server.requests[0]?.json().pipelineTasks).toEqual([{ taskType: 'translation' }]);
    expect(pairs).toEqual([
      { source: 'en', target: 'hi' },
      { source: 'en', target: 'od' },
    ]);
  });

  it('maps auth failures, keeps keys out of errors, and retries 5xx', async () => {
    server.handle(() => ({ status: 401, json: { message: 'Invalid ulcaApiKey ulca-secret' } }));
    const error = (await createMtProvider(config())
      .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
      .catch((e: unknown) => e)) as MtError;
    expect(error.code).toBe('AUTH');
    expect(JSON.stringify(error.toJSON())).not.toContain('ulca-secret');

    let computeCalls = 0;
    server.handle((request) => {
      if (request.path.endsWith('getModelsPipeline')) return configAnswer();
      return ++computeCalls === 1
        ? { status: 500, json: { detail: 'Internal Server Error' } }
        : computeAnswer(['Hi']);
    });
    const { results } = await createMtProvider(config()).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [{ id: '1', text: 'Hi' }],
    });
    expect(results[0]?.translation).toBe('OR Hi');
    expect(computeCalls).toBe(2);
  });
});
