import { describe, expect, it } from 'vitest';
import {
  TRANSLIT_LANGUAGE_CODES,
  convertScript,
  loadedTranslitData,
  setWordListLoader,
  transliterate,
} from '../../src';

describe('lazy loading', () => {
  it('loads a language only when it is first used, once', () => {
    expect(loadedTranslitData()).toEqual([]);
    // Script conversion needs no data.
    convertScript('नमस्ते', 'hi', 'bn');
    expect(loadedTranslitData()).toEqual([]);
    transliterate('namaskara', { to: 'kn' });
    // The Kannada list, plus the shared list of English words (read for every Roman word).
    expect(loadedTranslitData().sort()).toEqual(['en-loanwords', 'kn']);
    transliterate('bengaluru', { to: 'kn' });
    expect(loadedTranslitData().sort()).toEqual(['en-loanwords', 'kn']);
  }, 60_000);

  it('takes word lists from a replaceable loader, and works with none', () => {
    const requested: string[] = [];
    setWordListLoader((stem) => {
      requested.push(stem);
      return stem === 'hi' ? ['नमस्ते\t3', 'नमक\t1'] : undefined;
    });
    expect(transliterate('namaste', { to: 'hi' })[0]).toBe('नमस्ते');
    expect(transliterate('vanakkam', { to: 'ta' }).length).toBeGreaterThan(0);
    // Each list's learned data (rule costs, word frequencies) is asked for with it.
    expect(requested).toEqual([
      'hi',
      'hi-channel',
      'hi-frequency',
      'en-loanwords',
      'ta',
      'ta-channel',
      'ta-frequency',
    ]);
  });

  it('gives candidates in the right script for every language of spec §9', () => {
    // Rules and script conversion alone (no word lists), so that every language loads in time.
    setWordListLoader(() => undefined);
    const scriptOf: Record<string, RegExp> = {
      en: /^namaste$/u,
      ur: /^\p{Script=Arabic}+$/u,
      ks: /^\p{Script=Arabic}+$/u,
      sat: /^\p{Script=Ol_Chiki}+$/u,
      od: /^\p{Script=Oriya}+$/u,
      pa: /^\p{Script=Gurmukhi}+$/u,
      gu: /^\p{Script=Gujarati}+$/u,
      te: /^\p{Script=Telugu}+$/u,
      ta: /^\p{Script=Tamil}+$/u,
      ml: /^\p{Script=Malayalam}+$/u,
      kn: /^\p{Script=Kannada}+$/u,
      as: /^\p{Script=Bengali}+$/u,
      bn: /^\p{Script=Bengali}+$/u,
      mni: /^\p{Script=Bengali}+$/u,
    };
    for (const code of TRANSLIT_LANGUAGE_CODES) {
      const candidates = transliterate('namaste', { to: code, count: 3 });
      expect(candidates.length, code).toBeGreaterThan(0);
      expect(candidates[0], code).toMatch(scriptOf[code] ?? /^\p{Script=Devanagari}+$/u);
    }
  });
});
