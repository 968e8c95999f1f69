import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env';
import { createRequestPacer } from '../../src/modules/machine-translation/request-pacer';
import { mayReplace } from '../../src/modules/machine-translation/mt-run-step';

function problemsOf(env: Record<string, string>): string[] {
  const parsed = parseEnv(env);
  return parsed.ok ? [] : parsed.problems;
}

describe('MT_ENGINES configuration', () => {
  it('accepts engines, adds APERTIUM_URL as "apertium" and checks MT_DEFAULT_ENGINE', () => {
    const engines = JSON.stringify([{ id: 'deepl', service: 'deepl', authKey: 'k', requestsPerMinute: 60 }]);
    expect(problemsOf({ MT_ENGINES: engines, APERTIUM_URL: 'http://127.0.0.1:2737' })).toEqual([]);
    expect(problemsOf({ MT_ENGINES: engines, MT_DEFAULT_ENGINE: 'apertium' })).toEqual([
      'MT_DEFAULT_ENGINE: MT_DEFAULT_ENGINE names no engine of MT_ENGINES or APERTIUM_URL (apertium)',
    ]);
  });

  it('names every problem with the engine and field at start-up', () => {
    expect(problemsOf({ MT_ENGINES: '[{"id":' })[0]).toMatch(/^MT_ENGINES: not valid JSON/);
    expect(
      problemsOf({
        MT_ENGINES: JSON.stringify([
          { id: 'deepl', service: 'deepl' },
          { id: 'deepl', service: 'libretranslate', baseUrl: 'not a url' },
          { id: 'x', service: 'babelfish' },
        ]),
      }),
    ).toEqual([
      'MT_ENGINES: [2][service]: service must be one of apertium, libretranslate, google, azure, deepl, aws, bhashini, openai, http',
    ]);
    expect(
      problemsOf({
        MT_ENGINES: JSON.stringify([
          { id: 'deepl', service: 'deepl' },
          { id: 'deepl', service: 'libretranslate', baseUrl: 'not a url' },
        ]),
      }),
    ).toEqual([
      'MT_ENGINES: [0] (deepl): deepl needs "authKey"',
      'MT_ENGINES: [1] (deepl): the id is used twice',
      'MT_ENGINES: [1] (deepl): "baseUrl" must be a URL',
    ]);
  });
});

describe('which translations a run may replace (tp)', () => {
  it('keeps USER and PBK unless tp is all, and MACHINE unless tp is machine or all', () => {
    expect(mayReplace('untranslated', null)).toBe(true);
    expect(mayReplace('untranslated', 'NO_TRANSLATION_AVAILABLE')).toBe(true);
    expect(mayReplace('untranslated', 'MACHINE')).toBe(false);
    expect(mayReplace('machine', 'MACHINE')).toBe(true);
    expect(mayReplace('machine', 'USER')).toBe(false);
    expect(mayReplace('machine', 'PBK')).toBe(false);
    expect(mayReplace('all', 'USER')).toBe(true);
    expect(mayReplace('all', 'PBK')).toBe(true);
  });
});

describe('request pacer', () => {
  it('lets a full bucket through, then paces to the rate', async () => {
    let now = 0;
    const pacer = createRequestPacer(60, () => now);
    await pacer.acquire(60);
    let released = false;
    const waiting = pacer.acquire(1).then(() => {
      released = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(released).toBe(false);
    now += 1000; // one request per second refills
    await waiting;
    expect(released).toBe(true);
  });
});
