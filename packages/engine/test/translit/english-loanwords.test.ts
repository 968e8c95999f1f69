import { describe, expect, it } from 'vitest';
import { loanwordSpellings, phonemesToDevanagari } from '../../scripts/english-loanwords';
import { transliterate } from '../../src';

describe('English loanwords', () => {
  it('writes espeak-ng phonemes the way Hindi spells English words', () => {
    expect(phonemesToDevanagari("k @ m p j 'u: t# 3")).toBe('कंप्यूटर');
    expect(phonemesToDevanagari("r 'a p 3")).toBe('रैपर');
    expect(phonemesToDevanagari("k 'aU n t 3")).toBe('काउंटर');
    expect(phonemesToDevanagari("s '3: k j U l 3")).toBe('सर्क्युलर');
    expect(phonemesToDevanagari("'0 p S @ n")).toBe('ऑप्शन');
    expect(phonemesToDevanagari("k 'a r I2 k t 3 z")).toBe('कैरिक्टर्स');
    expect(phonemesToDevanagari('q q')).toBeUndefined();
  });

  it('offers joined and loose clusters, with and without nukta', () => {
    expect(loanwordSpellings("b r 'a d l i")).toEqual(['ब्रैड्ली', 'ब्रैडली']);
    expect(loanwordSpellings("k r 'u: z 3")).toEqual(['क्रूजर', 'क्रूज़र']);
  });

  it('ranks the pronunciation-based spelling first for English input', () => {
    expect(transliterate('computer', { to: 'hi', from: 'en' })[0]).toBe('कंप्यूटर');
    expect(transliterate('wrapper', { to: 'hi' }).slice(0, 3)).toContain('रैपर');
  }, 60_000);
});
