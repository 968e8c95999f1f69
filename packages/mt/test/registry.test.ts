import { describe, expect, it } from 'vitest';
import { createMtProvider, MT_SERVICE_IDS, type MtConfig } from '../src/index';

describe('createMtProvider', () => {
  it('builds an adapter for every nmtService value', () => {
    const base = 'http://127.0.0.1:9';
    const configs: MtConfig[] = [
      { service: 'apertium', baseUrl: base },
      { service: 'libretranslate', baseUrl: base },
      { service: 'google', projectId: 'p', accessToken: 't', baseUrl: base },
      { service: 'azure', key: 'k', baseUrl: base },
      { service: 'deepl', authKey: 'k', baseUrl: base },
      { service: 'aws', region: 'ap-south-1', accessKeyId: 'a', secretAccessKey: 's', endpoint: base },
      { service: 'bhashini', inferenceApiKey: 'k', serviceId: 's', inferenceUrl: base },
      { service: 'openai', baseUrl: base, model: 'm' },
      { service: 'http', url: base, body: { q: '{{texts}}' }, responsePath: 'out' },
    ];
    const ids = configs.map((config) => createMtProvider(config).id);
    expect(ids).toEqual([...MT_SERVICE_IDS]);
    for (const config of configs) {
      const provider = createMtProvider(config);
      expect(provider.limits.maxSegmentsPerRequest).toBeGreaterThan(0);
      expect(provider.label).not.toBe('');
    }
  });
});
