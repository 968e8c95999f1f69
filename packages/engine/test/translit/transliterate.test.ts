import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transliterate, transliterateText } from '../../src';

const DAKSHINA_HI_DEV = join(
  import.meta.dirname,
  '../../../../../shared/data/transliteration/dakshina/hi.translit.sampled.dev.tsv',
);

describe('transliterate: romanised input → native script', () => {
  it('finds common Hindi words among the top candidates', () => {
    expect(transliterate('namaste', { to: 'hi' }).slice(0, 3)).toContain('नमस्ते');
    expect(transliterate('bharat', { to: 'hi' })).toContain('भारत');
    expect(transliterate('kaise', { to: 'hi' }).slice(0, 3)).toContain('कैसे');
    expect(transliterate('pyaar', { to: 'hi' })).toContain('प्यार');
  }, 60_000);

  it('writes other scripts with their own dictionaries', () => {
    expect(transliterate('vanakkam', { to: 'ta' })[0]).toBe('வணக்கம்');
    expect(transliterate('namaskar', { to: 'mr' })).toContain('नमस्कार');
    expect(transliterate('bangla', { to: 'bn' })).toContain('বাংলা');
  }, 90_000);

  it('returns ranked, unique candidates, as many as asked', () => {
    const candidates = transliterate('kamal', { to: 'hi', count: 8 });
    expect(candidates).toHaveLength(8);
    expect(new Set(candidates).size).toBe(candidates.length);
    expect(transliterate('kamal', { to: 'hi', count: 1 })).toEqual([candidates[0]]);
  });

  it('reads acronyms letter by letter', () => {
    expect(transliterate('bsl', { to: 'hi' })[0]).toBe('बीएसएल');
  });

  it('handles empty, odd and already-native input without throwing', () => {
    expect(transliterate('', { to: 'hi' })).toEqual([]);
    expect(transliterate('   ', { to: 'hi' })).toEqual([]);
    expect(transliterate('1234', { to: 'hi' })).toEqual(['1234']);
    expect(transliterate('—', { to: 'hi' })).toEqual(['—']);
    expect(transliterate('नमस्ते', { to: 'hi' })).toEqual(['नमस्ते']);
    expect(() => transliterate('namaste', { to: 'xx' })).toThrow(/Unsupported/u);
  });
});

describe('transliterate: English words and names', () => {
  it('writes names in the target script', () => {
    expect(transliterate('Rahul', { to: 'hi', from: 'en' }).slice(0, 3)).toContain('राहुल');
    expect(transliterate('Sharma', { to: 'hi', from: 'en' }).slice(0, 3)).toContain('शर्मा');
    expect(transliterate('Sachin', { to: 'hi', from: 'en' })[0]).toBe('सचिन');
    expect(transliterate('Google', { to: 'hi', from: 'en' }).slice(0, 3)).toContain('गूगल');
  });
});

describe('transliterate: Indic → Indic', () => {
  it('converts a word written in another script', () => {
    expect(transliterate('नमस्ते', { from: 'hi', to: 'bn' })).toEqual(['নমস্তে']);
    expect(transliterate('নমস্তে', { to: 'gu' })).toEqual(['નમસ્તે']);
  });
});

describe('transliterateText', () => {
  it('keeps punctuation, digits and spacing and picks the best word', () => {
    const text = transliterateText('namaste,  bharat! 2026', { to: 'hi' });
    expect(text).toMatch(/^\S+, {2}\S+! 2026$/u);
    expect(text.startsWith('नमस्ते,')).toBe(true);
  });
});

describe.skipIf(!existsSync(DAKSHINA_HI_DEV))('accuracy floor', () => {
  it('keeps top-5 ≥ 70 % on 200 Hindi dev pairs', () => {
    const lines = readFileSync(DAKSHINA_HI_DEV, 'utf8').split('\n').filter(Boolean);
    const step = Math.floor(lines.length / 200);
    let hits = 0;
    for (let i = 0; i < 200; i += 1) {
      const [native = '', roman = ''] = (lines[i * step] ?? '').split('\t');
      if (transliterate(roman, { to: 'hi', count: 5 }).includes(native)) hits += 1;
    }
    expect(hits / 200).toBeGreaterThanOrEqual(0.7);
  });
});
