import { describe, expect, it } from 'vitest';
import {
  languageCodeForQualifier,
  parseValuesQualifier,
  qualifierForLanguageCode,
} from '../../../src/formats/android/qualifiers';

/** Codes of the spec's language table (packages/contract LANGUAGES) that the folders below reach. */
const KNOWN = [
  'en',
  'hi',
  'od',
  'kn',
  'kas-IN',
  'mni-Mtei',
  'sr',
  'he',
  'id',
  'no',
  'fil',
  'zh-CN',
  'zh-TW',
  'pt',
  'pt-BR',
  'ja-JP',
  'ja',
  'es-MX',
];

describe('Android folder qualifiers ↔ language codes', () => {
  it('reads the language of legacy, BCP 47 and combined qualifiers', () => {
    expect(parseValuesQualifier('values-kn-rIN')).toEqual({ language: 'kn', region: 'IN', tag: 'kn-IN' });
    expect(parseValuesQualifier('res/values-b+sr+Latn')).toEqual({
      language: 'sr',
      script: 'Latn',
      tag: 'sr-Latn',
    });
    expect(parseValuesQualifier('values-mcc404-hi-night')).toMatchObject({ tag: 'hi' });
    expect(
      ['values', 'values-night', 'values-v21', 'values-land', 'values-car', 'drawable-hi'].map(
        parseValuesQualifier,
      ),
    ).toEqual(Array(6).fill(undefined));
  });

  it('maps folders to the most specific code of the table', () => {
    const cases: [string, string | undefined][] = [
      ['values-hi', 'hi'],
      ['values-kn-rIN', 'kn'],
      ['values-kas-rIN', 'kas-IN'],
      ['values-b+sr+Latn', 'sr'],
      ['values-b+mni+Mtei', 'mni-Mtei'],
      ['values-or', 'od'],
      ['values-iw', 'he'],
      ['values-in', 'id'],
      ['values-nb', 'no'],
      ['values-tl', 'fil'],
      ['values-zh', 'zh-CN'],
      ['values-zh-rTW', 'zh-TW'],
      ['values-b+zh+Hant', 'zh-TW'],
      ['values-pt-rBR', 'pt-BR'],
      ['values-pt-rPT', 'pt'],
      ['values-es-rMX', 'es-MX'],
      ['values-xx', undefined],
      ['values', undefined],
    ];
    expect(cases.map(([folder]) => [folder, languageCodeForQualifier(folder, KNOWN)])).toEqual(cases);
  });

  it('writes the folder for a code, and reading it back gives the code', () => {
    const cases: [string, string][] = [
      ['hi', 'values-hi'],
      ['od', 'values-or'],
      ['zh-CN', 'values-zh-rCN'],
      ['kas-IN', 'values-kas-rIN'],
      ['mni-Mtei', 'values-b+mni+Mtei'],
      ['pt-BR', 'values-pt-rBR'],
      ['ja-JP', 'values-ja-rJP'],
    ];
    expect(cases.map(([code]) => [code, qualifierForLanguageCode(code)])).toEqual(cases);
    for (const [code, folder] of cases) expect(languageCodeForQualifier(folder, KNOWN)).toBe(code);
  });
});
