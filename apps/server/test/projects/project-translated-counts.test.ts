import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TmEntry } from '@bhasha/contract';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';

/*
 * The overview's figures follow the translations: /project/stats (the per-language chart) and
 * GET project/wordcount (spec §3 translationWordCount, translatedWordCount,
 * transliteratedWordCount) must agree with /translation/status/wordcount, which the editor's
 * progress reads, after real saves through the product. They once answered 0 whatever was saved.
 */
describe('translated words on the project overview', () => {
  let f: TranslationFixture;
  let projectId: string;

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId } = await f.createProject({ targetLanguages: ['hi', 'ta'] }));
  });
  afterAll(async () => f.close());

  const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;

  async function entries(targetLang: string): Promise<TmEntry[]> {
    return data<{ tm: TmEntry[] }>(
      await f.post('/translation/filter', { projectId, targetLang, pageSize: 50 }),
    ).tm.filter((entry) => entry.source.trim().split(/\s+/).length >= 2);
  }

  async function save(targetLang: string, entry: TmEntry, text: string): Promise<void> {
    const response = await f.post('/translation/user/update', {
      projectId,
      targetLang,
      sourceHash: entry.sourceHash,
      preProcessedTarget: text,
      displayType: 'translation',
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function statusWords(targetLang: string) {
    return data<{
      uniqueWordCount: number;
      translationWordCount: Record<'USER' | 'MACHINE' | 'PBK', number>;
      translatedWordCount: number;
      transliteratedWordCount: number;
    }>(await f.post('/translation/status/wordcount', { projectId, targetLang }));
  }

  async function overview() {
    const stats = data<{
      stat: { uniqueWordCount: number; languages: Array<{ language: string; translatedWordCount: number }> };
    }>(await f.post('/project/stats', { projectId }));
    const wordCount = await f.t.app.inject({
      method: 'GET',
      url: `/api/project/wordcount/${projectId}`,
      headers: f.admin,
    });
    expect(wordCount.statusCode, wordCount.body).toBe(200);
    return {
      stats: stats.stat,
      wordCount: data<{
        translationWordCount: Record<'USER' | 'MACHINE' | 'PBK', number>;
        translatedWordCount: number;
        transliteratedWordCount: number;
      }>(wordCount),
    };
  }

  it('answers zero translated words before anything is translated', async () => {
    const { stats, wordCount } = await overview();
    expect(stats.languages.map((l) => l.translatedWordCount)).toEqual([0, 0]);
    expect(wordCount).toMatchObject({
      translationWordCount: { USER: 0, MACHINE: 0, PBK: 0 },
      translatedWordCount: 0,
      transliteratedWordCount: 0,
    });
  });

  it('follows saves and a switch to transliteration, per language and summed', async () => {
    const hindi = await entries('hi');
    const tamil = await entries('ta');
    await save('hi', hindi[0]!, 'पहला अनुवाद');
    await save('hi', hindi[1]!, 'दूसरा अनुवाद');
    await save('ta', tamil[2]!, 'முதல் மொழிபெயர்ப்பு');
    const toggled = await f.post('/translation/toggle/transliteration/type', {
      projectId,
      targetLang: 'hi',
      sourceHashes: [hindi[1]!.sourceHash],
      displayType: 't13n',
    });
    expect(toggled.statusCode, toggled.body).toBe(200);

    const [hi, ta] = [await statusWords('hi'), await statusWords('ta')];
    // The saves are real: each language has translated and (Hindi) transliterated words.
    expect(hi.translatedWordCount).toBeGreaterThan(0);
    expect(hi.transliteratedWordCount).toBeGreaterThan(0);
    expect(ta.translatedWordCount).toBeGreaterThan(0);

    const { stats, wordCount } = await overview();
    const byLanguage = Object.fromEntries(stats.languages.map((l) => [l.language, l.translatedWordCount]));
    expect(byLanguage).toEqual({
      hi: hi.translatedWordCount + hi.transliteratedWordCount,
      ta: ta.translatedWordCount + ta.transliteratedWordCount,
    });
    expect(byLanguage.hi!).toBeLessThan(stats.uniqueWordCount);
    expect(wordCount).toEqual(
      expect.objectContaining({
        translationWordCount: {
          USER: hi.translationWordCount.USER + ta.translationWordCount.USER,
          MACHINE: 0,
          PBK: 0,
        },
        translatedWordCount: hi.translatedWordCount + ta.translatedWordCount,
        transliteratedWordCount: hi.transliteratedWordCount + ta.transliteratedWordCount,
      }),
    );
  });
});
