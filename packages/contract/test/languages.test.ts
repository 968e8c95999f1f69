import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE_CODES,
  DEFAULT_LANGUAGES,
  FALLBACK_LANGUAGE_COLOUR,
  INDIAN_LANGUAGE_CODES_BY_NAME,
  KEYBOARD_LANGUAGES,
  LANGUAGE_CODES,
  LANGUAGE_CODES_BY_NAME,
  LANGUAGE_COLOURS,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGES,
  RTL_LANGUAGE_CODES,
  TRANSLITERATION_LANGUAGES,
  findLanguageCodeByName,
  getLanguageColour,
  getLanguageDirection,
  getLanguageName,
  isLanguageCode,
  isRtlLanguage,
  isTransliterationLanguage,
  languageCodeSchema,
} from '../src';

/** WCAG relative luminance of a #RRGGBB colour. */
function luminanceOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('language table', () => {
  it('holds about 100 languages, each with a code, a name and a native name', () => {
    expect(LANGUAGE_CODES.length).toBeGreaterThanOrEqual(95);
    expect(LANGUAGE_CODES.length).toBeLessThanOrEqual(120);
    for (const code of LANGUAGE_CODES) {
      expect(LANGUAGES[code].trim()).not.toBe('');
      expect(LANGUAGE_NATIVE_NAMES[code].trim()).not.toBe('');
    }
    expect(Object.keys(LANGUAGE_NATIVE_NAMES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('contains every code the spec names', () => {
    const named = ['en', 'mai', 'sa', 'kok', 'kas-IN', 'mni', 'mni-Mtei', 'brx', 'sd', 'doi', 'ne', 'sat'];
    const foreign = ['zh-TW', 'zh-CN', 'es-MX', 'ja-JP'];
    const indian = ['hi', 'od', 'pa', 'gu', 'mr', 'te', 'ta', 'as', 'bn', 'ml', 'kn', 'ur'];
    const world = [
      'ar',
      'de',
      'fr',
      'es',
      'it',
      'pt',
      'ru',
      'ja',
      'ko',
      'th',
      'vi',
      'id',
      'ms',
      'tr',
      'fa',
      'he',
    ];
    for (const code of [...named, ...foreign, ...indian, ...world, ...TRANSLITERATION_LANGUAGES]) {
      expect(isLanguageCode(code), code).toBe(true);
    }
    expect(isLanguageCode('or')).toBe(false); // odia is 'od' in this product
  });

  it('has unique names so the reverse table is a bijection', () => {
    const names = LANGUAGE_CODES.map((code) => LANGUAGES[code].toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(LANGUAGE_CODES_BY_NAME)).toHaveLength(LANGUAGE_CODES.length);
    for (const code of LANGUAGE_CODES)
      expect(LANGUAGE_CODES_BY_NAME[LANGUAGES[code].toLowerCase()]).toBe(code);
  });

  it('maps the Indian languages exactly as spec §3 does', () => {
    expect(INDIAN_LANGUAGE_CODES_BY_NAME).toEqual({
      hindi: 'hi',
      odia: 'od',
      punjabi: 'pa',
      gujarati: 'gu',
      marathi: 'mr',
      telugu: 'te',
      tamil: 'ta',
      assamese: 'as',
      bengali: 'bn',
      malayalam: 'ml',
      kannada: 'kn',
      urdu: 'ur',
    });
    for (const [name, code] of Object.entries(INDIAN_LANGUAGE_CODES_BY_NAME)) {
      expect(LANGUAGE_CODES_BY_NAME[name]).toBe(code);
      expect(LANGUAGES[code].toLowerCase()).toBe(name);
    }
  });

  it('looks names and codes up', () => {
    expect(findLanguageCodeByName(' Hindi ')).toBe('hi');
    expect(findLanguageCodeByName('ODIA')).toBe('od');
    expect(findLanguageCodeByName('Klingon')).toBeUndefined();
    expect(getLanguageName('mni-Mtei')).toBe('Manipuri (Meitei Mayek)');
    expect(getLanguageName('xx')).toBe('xx');
    expect(LANGUAGE_NATIVE_NAMES.hi).toBe('हिन्दी');
    expect(isLanguageCode('toString')).toBe(false);
    expect(isLanguageCode(42)).toBe(false);
  });

  it('validates codes with zod', () => {
    expect(languageCodeSchema.safeParse('kas-IN').success).toBe(true);
    expect(languageCodeSchema.safeParse('KAS-in').success).toBe(false);
  });

  it('knows the right-to-left languages', () => {
    for (const code of ['ur', 'ar', 'fa', 'he', 'sd', 'ks', 'kas-IN'])
      expect(isRtlLanguage(code), code).toBe(true);
    for (const code of ['hi', 'en', 'od', 'zh-CN', 'mni-Mtei']) expect(isRtlLanguage(code), code).toBe(false);
    expect(getLanguageDirection('ur')).toBe('rtl');
    expect(getLanguageDirection('ta')).toBe('ltr');
    for (const code of RTL_LANGUAGE_CODES) expect(isLanguageCode(code)).toBe(true);
  });
});

describe('language colours', () => {
  it('gives every code a valid, unique hex colour and nothing else', () => {
    expect(Object.keys(LANGUAGE_COLOURS).sort()).toEqual([...LANGUAGE_CODES].sort());
    const colours = LANGUAGE_CODES.map((code) => LANGUAGE_COLOURS[code]);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    expect(new Set(colours).size).toBe(colours.length);
    expect(colours).not.toContain(FALLBACK_LANGUAGE_COLOUR);
  });

  it('keeps every colour readable on white (contrast at least 4.5:1)', () => {
    for (const code of LANGUAGE_CODES) {
      const contrast = 1.05 / (luminanceOf(LANGUAGE_COLOURS[code]) + 0.05);
      expect(contrast, code).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to grey for unknown codes', () => {
    expect(getLanguageColour('hi')).toBe(LANGUAGE_COLOURS.hi);
    expect(getLanguageColour('xx')).toBe(FALLBACK_LANGUAGE_COLOUR);
  });
});

describe('language lists of spec §9', () => {
  it('lists the default languages verbatim and in order', () => {
    expect(DEFAULT_LANGUAGES).toEqual([
      'hindi',
      'marathi',
      'gujarati',
      'malayalam',
      'punjabi',
      'telugu',
      'tamil',
      'bengali',
      'odia',
      'assamese',
      'kannada',
      'urdu',
    ]);
    expect(DEFAULT_LANGUAGE_CODES).toEqual([
      'hi',
      'mr',
      'gu',
      'ml',
      'pa',
      'te',
      'ta',
      'bn',
      'od',
      'as',
      'kn',
      'ur',
    ]);
  });

  it('covers the Indian default languages with the keyboard', () => {
    expect([...KEYBOARD_LANGUAGES].sort()).toEqual(Object.values(INDIAN_LANGUAGE_CODES_BY_NAME).sort());
  });

  it('lists the 23 transliteration languages verbatim', () => {
    expect(TRANSLITERATION_LANGUAGES.join(', ')).toBe(
      'en, hi, od, pa, gu, mr, te, ta, as, bn, ml, kn, ur, mai, bh, sa, kok, ks, kas-IN, mni, brx, ne, sat',
    );
    expect(isTransliterationLanguage('kas-IN')).toBe(true);
    expect(isTransliterationLanguage('fr')).toBe(false);
  });
});
