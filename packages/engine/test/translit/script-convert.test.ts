import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertScript, detectScript } from '../../src';

// Test cases from the shared nisaba testdata: native script ↔ ISO 15919 (iso.textproto).
const NISABA_ISO = join(
  import.meta.dirname,
  '../../../../../shared/data/transliteration/script-conversion/nisaba/brahmic/iso.textproto',
);

function readIsoCases(rule: string): Array<{ input: string; output: string }> {
  let text: string;
  try {
    text = readFileSync(NISABA_ISO, 'utf8');
  } catch {
    return [];
  }
  const pattern = /rule: "(\w+)"\s*input: "([^"]*)"\s*output: "([^"]*)"/gu;
  return [...text.matchAll(pattern)]
    .filter((match) => match[1] === rule)
    .map((match) => ({ input: match[2] ?? '', output: match[3] ?? '' }));
}

describe('convertScript', () => {
  it('maps Brahmic scripts by block offset', () => {
    expect(convertScript('नमस्ते', 'hi', 'bn')).toBe('নমস্তে');
    expect(convertScript('नमस्ते', 'hi', 'gu')).toBe('નમસ્તે');
    expect(convertScript('नमस्ते', 'hi', 'ta')).toBe('நமஸ்தே');
    expect(convertScript('भारत', 'hi', 'te')).toBe('భారత');
    expect(convertScript('भारत', 'hi', 'kn')).toBe('ಭಾರತ');
    expect(convertScript('भारत', 'hi', 'ml')).toBe('ഭാരത');
    expect(convertScript('भारत', 'hi', 'od')).toBe('ଭାରତ');
  });

  it('falls back to the nearest letter a script has', () => {
    // Tamil has no aspirated or voiced stops; Bengali writes व as ব.
    expect(convertScript('भारत', 'hi', 'ta')).toBe('பாரத');
    expect(convertScript('विकास', 'hi', 'bn')).toBe('বিকাস');
    // Assamese writes र and व with its own letters.
    expect(convertScript('राजीव', 'hi', 'as')).toBe('ৰাজীৱ');
    // Gurmukhi has no ष and writes clusters without a visible virama.
    expect(convertScript('नमस्ते', 'hi', 'pa')).toBe('ਨਮਸਤੇ');
  });

  it('converts back to Devanagari and between two non-Devanagari scripts', () => {
    expect(convertScript('নমস্তে', 'bn', 'hi')).toBe('नमस्ते');
    expect(convertScript('ৰাজীৱ', 'as', 'hi')).toBe('राजीव');
    expect(convertScript('నమస్తే', 'te', 'kn')).toBe('ನಮಸ್ತೇ');
    expect(convertScript('നമസ്തേ', 'ml', 'hi')).toBe('नमस्ते');
  });

  it('keeps spaces, digits and punctuation, and text of other scripts', () => {
    expect(convertScript('नमस्ते, दुनिया! 2026 OK', 'hi', 'gu')).toBe('નમસ્તે, દુનિયા! 2026 OK');
  });

  it('writes Perso-Arabic and Ol Chiki through letter tables', () => {
    expect(convertScript('नमस्ते', 'hi', 'ur')).toBe('نمستے');
    expect(convertScript('ज़िंदगी', 'hi', 'ur')).toBe('زندگی');
    expect(convertScript('नमस्ते', 'hi', 'sat')).toBe('ᱱᱚᱢᱚᱥᱛᱮ');
  });

  it('romanises to ISO 15919 like the nisaba test data', () => {
    // The per-script cases of iso.textproto (one word in each of the nine Brahmic scripts).
    const scripts = ['DEVA', 'BENG', 'GUJR', 'GURU', 'KNDA', 'MLYM', 'ORYA', 'TAML', 'TELU'];
    const languageOf: Record<string, string> = {
      DEVA: 'hi',
      BENG: 'bn',
      GUJR: 'gu',
      GURU: 'pa',
      KNDA: 'kn',
      MLYM: 'ml',
      ORYA: 'od',
      TAML: 'ta',
      TELU: 'te',
    };
    const cases = scripts.flatMap((script) =>
      readIsoCases(`FROM_${script}`)
        .filter((entry) => /^(brāhm|brahm|pirām)/u.test(entry.output))
        .map((entry) => ({ ...entry, language: languageOf[script] ?? 'hi' })),
    );
    for (const entry of cases)
      expect(convertScript(entry.input, entry.language, 'en')).toBe(entry.output.normalize('NFC'));
    expect(convertScript('ब्राह्मिक', 'hi', 'en')).toBe('brāhmika');
  });

  it('detects the script of a word', () => {
    expect(detectScript('नमस्ते')).toBe('deva');
    expect(detectScript('தமிழ்')).toBe('taml');
    expect(detectScript('hello')).toBe('latn');
    expect(detectScript('123')).toBeUndefined();
  });
});
