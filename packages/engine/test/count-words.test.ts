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
