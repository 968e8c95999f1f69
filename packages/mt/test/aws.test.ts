import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMtProvider, signAwsRequest, type AwsConfig, type MtError } from '../src/index';
import {
  FAST_RETRY,
  startVendorServer,
  type RecordedRequest,
  type VendorServer,
} from './helpers/vendor-server';

const EXAMPLE_CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

describe('SigV4 signing', () => {
  it('matches the AWS SigV4 test suite vector get-vanilla', () => {
    const headers = signAwsRequest(
      { method: 'GET', url: 'https://example.amazonaws.com/', headers: {}, body: '' },
      EXAMPLE_CREDENTIALS,
      {
        region: 'us-east-1',
        service: 'service',
        date: new Date('2015-08-30T12:36:00Z'),
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('matches the IAM ListUsers example of the signing documentation', () => {
    const headers = signAwsRequest(
      {
        method: 'GET',
        url: 'https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: '',
      },
      EXAMPLE_CREDENTIALS,
      { region: 'us-east-1', service: 'iam', date: new Date('2015-08-30T12:36:00Z') },
    );
    expect(headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-date, Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
  });
});

// Amazon Translate (JSON 1.1): POST / with X-Amz-Target AWSShineFrontendService_20170701.TranslateText,
// {Text, SourceLanguageCode, TargetLanguageCode} → {TranslatedText}; errors {__type, message}.
describe('Amazon Translate adapter', () => {
  let server: VendorServer;
  const config = (overrides: Partial<AwsConfig> = {}): AwsConfig => ({
    service: 'aws',
    region: 'ap-south-1',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'aws-secret-access-key',
    sessionToken: 'aws-session-token',
    endpoint: server.baseUrl,
    retry: FAST_RETRY,
    ...overrides,
  });
  const awsError = (status: number, type: string, message: string) => ({
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1' },
    json: { __type: type, message },
  });

  /** Recomputes the signature from what arrived, as AWS does. */
  const verifySignature = (request: RecordedRequest): boolean => {
    const amzDate = String(request.headers['x-amz-date']);
    const date = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const expected = signAwsRequest(
      {
        method: request.method,
        url: `${server.baseUrl}${request.path}`,
        headers: {
          'content-type': String(request.headers['content-type']),
          'x-amz-target': String(request.headers['x-amz-target']),
        },
        body: request.body,
      },
      {
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'aws-secret-access-key',
        sessionToken: 'aws-session-token',
      },
      { region: 'ap-south-1', service: 'translate', date },
    );
    return (
      expected.authorization === request.headers.authorization &&
      request.headers.host === new URL(server.baseUrl).host
    );
  };

  beforeEach(async () => {
    server = await startVendorServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends one signed TranslateText call per segment', async () => {
    server.handle((request) => ({
      json: {
        TranslatedText: `HI ${request.json().Text}`,
        SourceLanguageCode: 'en',
        TargetLanguageCode: 'hi',
      },
    }));
    const { results, usage } = await createMtProvider(config({ terminologyNames: ['brand'] })).translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [
        { id: '1', text: 'A & <x1>B</x1>' },
        { id: '2', text: 'Two' },
      ],
    });
    expect(server.requests).toHaveLength(2);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/');
    expect(request?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request?.headers['x-amz-target']).toBe('AWSShineFrontendService_20170701.TranslateText');
    expect(request?.headers['x-amz-security-token']).toBe('aws-session-token');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/ap-south-1\/translate\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(verifySignature(request!)).toBe(true);
    expect(request?.json()).toEqual({
      Text: 'A & <x1>B</x1>',
      SourceLanguageCode: 'en',
      TargetLanguageCode: 'hi',
      TerminologyNames: ['brand'],
    });
    expect(results.map((result) => result.translation)).toEqual(['HI A & <x1>B</x1>', 'HI Two']);
    expect(usage.requests).toBe(2);
  });

  it('counts the 10,000-byte limit in UTF-8 bytes', async () => {
    server.handle((request) => ({ json: { TranslatedText: request.json().Text } }));
    const { results } = await createMtProvider(config()).translate({
      sourceLang: 'hi',
      targetLang: 'en',
      segments: [{ id: 'long', text: 'क'.repeat(4000) }],
    });
    expect(server.requests).toHaveLength(0);
    expect(results[0]?.status).toBe('source');
  });

  it('pages through ListLanguages', async () => {
    server.handle((request) => {
      const body = request.json();
      expect(request.headers['x-amz-target']).toBe('AWSShineFrontendService_20170701.ListLanguages');
      return body.NextToken
        ? { json: { Languages: [{ LanguageName: 'Hindi', LanguageCode: 'hi' }] } }
        : { json: { Languages: [{ LanguageName: 'English', LanguageCode: 'en' }], NextToken: 'page-2' } };
    });
    const pairs = await createMtProvider(config()).supportedPairs();
    expect(server.requests).toHaveLength(2);
    expect(pairs).toEqual([
      { source: 'en', target: 'hi' },
      { source: 'hi', target: 'en' },
    ]);
  });

  it('maps __type exceptions and retries throttling', async () => {
    const provider = createMtProvider(config());
    const run = async () =>
      (await provider
        .translate({ sourceLang: 'en', targetLang: 'hi', segments: [{ id: '1', text: 'Hi' }] })
        .catch((e: unknown) => e)) as MtError;
    server.handle(() =>
      awsError(
        400,
        'com.amazonaws.translate#UnsupportedLanguagePairException',
        'Unsupported language pair: en to hi',
      ),
    );
    expect((await run()).message).toBe('Amazon Translate cannot translate from English to Hindi.');
    server.handle(() =>
      awsError(
        400,
        'UnrecognizedClientException',
        'The security token included in the request is invalid: aws-session-token',
      ),
    );
    const auth = await run();
    expect(auth.code).toBe('AUTH');
    expect(JSON.stringify(auth.toJSON())).not.toContain('aws-session-token');
    server.handle(() => awsError(400, 'LimitExceededException', 'limit'));
    expect((await run()).code).toBe('QUOTA');

    let calls = 0;
    server.handle(() =>
      ++calls === 1
        ? awsError(400, 'ThrottlingException', 'Rate exceeded')
        : calls === 2
          ? awsError(503, 'ServiceUnavailableException', 'down')
          : { json: { TranslatedText: 'नमस्ते' } },
    );
    const { results } = await provider.translate({
      sourceLang: 'en',
      targetLang: 'hi',
      segments: [{ id: '1', text: 'Hello' }],
    });
    expect(results[0]?.translation).toBe('नमस्ते');
    expect(calls).toBe(3);
  });
});
