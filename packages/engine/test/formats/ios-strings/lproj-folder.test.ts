import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languageOfLprojFolder, lprojFolderOf } from '../../../src/formats/ios-strings/lproj-folder';
import { pluralCategories } from '../../../src/formats/plural-categories';

/** The codes of the contract's language table, read from its source (the engine does not depend on the contract). */
function contractLanguageCodes(): string[] {
  const source = readFileSync(
    new URL('../../../../contract/src/constants/languages.ts', import.meta.url),
    'utf8',
  );
  const table = source.slice(source.indexOf('export const LANGUAGES = {'), source.indexOf('} as const;'));
  return [...table.matchAll(/^\s+'?([A-Za-z-]+)'?: '/gm)].map((match) => match[1]!);
}

const CODES = contractLanguageCodes();

describe('.lproj folders and the language table', () => {
  it('reads the table', () => {
    expect(CODES).toContain('hi');
    expect(CODES).toContain('zh-CN');
    expect(CODES.length).toBeGreaterThan(100);
  });

  it.each([
    ['hi.lproj', 'hi'],
    ['hi-IN.lproj', 'hi'],
    ['pa-IN.lproj', 'pa'],
    ['ur-IN', 'ur'],
    ['zh-Hans.lproj', 'zh-CN'],
    ['zh-Hant.lproj', 'zh-TW'],
    ['zh_CN.lproj', 'zh-CN'],
    ['pt-BR.lproj', 'pt-BR'],
    ['pt-PT.lproj', 'pt'],
    ['es-419.lproj', 'es'],
    ['sr-Latn.lproj', 'sr'],
    ['or.lproj', 'od'],
    ['nb.lproj', 'no'],
    ['English.lproj', 'en'],
    ['kas-IN.lproj', 'kas-IN'],
    ['mni-Mtei.lproj', 'mni-Mtei'],
  ])('%s is %s', (folder, code) => {
    expect(languageOfLprojFolder(folder, CODES)).toBe(code);
  });

  it('has no language for Base.lproj or an unknown one', () => {
    expect(languageOfLprojFolder('Base.lproj', CODES)).toBeUndefined();
    expect(languageOfLprojFolder('tlh.lproj', CODES)).toBeUndefined();
  });

  it('gives every code of the table a folder that reads back as that code', () => {
    for (const code of CODES) expect(languageOfLprojFolder(lprojFolderOf(code), CODES)).toBe(code);
    expect(lprojFolderOf('zh-CN')).toBe('zh-Hans.lproj');
    expect(lprojFolderOf('od')).toBe('or.lproj');
  });

  it('knows the plural categories of hi, ar and ja, with other always', () => {
    expect(pluralCategories('hi')).toEqual(['one', 'other']);
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(pluralCategories('od')).toEqual(['one', 'other']);
    expect(pluralCategories('not a tag!')).toEqual(['other']);
  });
});
