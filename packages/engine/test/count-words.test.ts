import { describe, expect, it } from 'vitest';
import { countCharacters, countWords } from '../src';

describe('countWords', () => {
  it('counts Latin words with apostrophes and hyphens as one', () => {
    expect(countWords("Don't re-run the well-known test, please.")).toBe(6);
  });

  it('keeps Indic vowel signs and viramas inside their word', () => {
    expect(countWords('नमस्ते दुनिया, आप कैसे हैं?')).toBe(5);
    expect(countWords('আমি বাংলায় গান গাই')).toBe(4);
    expect(countWords('வணக்கம் உலகம்')).toBe(2);
    expect(countWords('یہ ایک جملہ ہے')).toBe(4);
  });

  it('segments scripts written without spaces', () => {
    expect(countWords('今日は良い天気です')).toBeGreaterThanOrEqual(4);
    expect(countWords('สวัสดีครับ')).toBe(2);
  });

  it('counts a number with inner separators as one word and ignores punctuation and markup symbols', () => {
    expect(countWords('Version 2.0 — released on 21/11/2026 !!')).toBe(5);
    expect(countWords('  … — !! ')).toBe(0);
  });

  it('agrees with the regular-expression definition of a word on random text in many scripts', () => {
    // The definition the scanner implements, as the module documents it.
    const WORD_RUN = /[\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,/:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;
    const alphabet = [
      ..."aZ19 \n'’-.,/:!é—…_",
      'न',
      'म',
      '्',
      'े',
      'ا',
      'ی',
      '٣',
      '१',
      'ক',
      '்',
      '😀',
      '𝟎',
      '\uD800',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let n = 0; n < 20_000; n += 1) {
      let text = '';
      for (let k = Math.floor(random() * 16); k > 0; k -= 1)
        text += alphabet[Math.floor(random() * alphabet.length)];
      expect(countWords(text), JSON.stringify(text)).toBe([...text.matchAll(WORD_RUN)].length);
    }
  });

  it('takes about as long for one long segment as for the same text in 1,600-character pieces', () => {
    const bestMs = (fn: () => void) => {
      let best = Infinity;
      for (let run = 0; run < 5; run += 1) {
        const start = performance.now();
        fn();
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    // Intl.Segmenter is slow per word even when linear: the Japanese text is shorter to keep the test quick.
    for (const [unit, length] of [
      ['Every sentence is kept once. ', 160_000],
      ['नमस्ते दुनिया, आप कैसे हैं? ', 160_000],
      ['今日は良い天気です。', 32_000],
    ] as const) {
      const long = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
      const shorts = Array.from({ length: length / 1_600 }, (_, i) => long.slice(i * 1_600, (i + 1) * 1_600));
      const ratio = bestMs(() => countWords(long)) / bestMs(() => shorts.forEach((s) => countWords(s)));
      // Quadratic behaviour would make the long segment about 100× slower; 10× leaves room for a busy machine.
      expect(ratio, unit).toBeLessThan(10);
    }
  });

  it('is linear on a long segment', () => {
    const long = 'नमस्ते दुनिया '.repeat(12_000);
    expect(countWords(long)).toBe(24_000);
    const cjk = '天気'.repeat(40_000);
    expect(countWords(cjk)).toBeGreaterThan(1000);
  });
});

describe('countCharacters', () => {
  it('counts code points that are neither whitespace nor combining marks', () => {
    expect(countCharacters('ab c')).toBe(3);
    expect(countCharacters('नमस्ते')).toBe(4);
  });
});
