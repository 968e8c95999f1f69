import { describe, expect, it } from 'vitest';
import { detectResourceFormat } from '../../../src/formats/resource-files/detect';
import { languageOfResourcePath, resourcePathForLanguage } from '../../../src/formats/resource-files/paths';
import type { ResourceFormat } from '../../../src/formats/resource-files/types';

const CODES = ['en', 'hi', 'kn', 'kas-IN', 'mni-Mtei', 'od', 'zh-CN', 'pa', 'ta', 'mr', 'bn', 'ur'];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('resourcePathForLanguage and languageOfResourcePath', () => {
  const cases: [string, ResourceFormat, string, string][] = [
    ['app/src/main/res/values/strings.xml', 'android', 'hi', 'app/src/main/res/values-hi/strings.xml'],
    ['res/values/strings.xml', 'android', 'kas-IN', 'res/values-kas-rIN/strings.xml'],
    ['res/values/strings.xml', 'android', 'mni-Mtei', 'res/values-b+mni+Mtei/strings.xml'],
    ['res/values/strings.xml', 'android', 'od', 'res/values-or/strings.xml'],
    ['res/values-night/strings.xml', 'android', 'hi', 'res/values-hi-night/strings.xml'],
    ['en.lproj/Localizable.strings', 'ios-strings', 'hi', 'hi.lproj/Localizable.strings'],
    [
      'App/Base.lproj/Localizable.stringsdict',
      'stringsdict',
      'zh-CN',
      'App/zh-Hans.lproj/Localizable.stringsdict',
    ],
    ['App/Localizable.xcstrings', 'xcstrings', 'hi', 'App/Localizable.xcstrings'],
    ['src/locales/en.json', 'json', 'hi', 'src/locales/hi.json'],
    ['locales/en/common.json', 'json', 'ta', 'locales/ta/common.json'],
    ['_locales/en/messages.json', 'json', 'bn', '_locales/bn/messages.json'],
    ['i18n/en-us.json', 'json', 'mr', 'i18n/mr.json'],
    ['i18n/app.en.json', 'json', 'mr', 'i18n/app.mr.json'],
    ['i18n/strings.json', 'json', 'hi', 'i18n/strings.hi.json'],
  ];

  it.each(cases)('%s (%s) for %s is %s, and that path is for it', (path, format, language, expected) => {
    expect(resourcePathForLanguage(path, format, 'en', language)).toBe(expected);
    if (format !== 'xcstrings') expect(languageOfResourcePath(expected, CODES)).toBe(language);
  });

  it('gives the source language its own path', () => {
    expect(resourcePathForLanguage('res/values/strings.xml', 'android', 'en', 'en')).toBe(
      'res/values/strings.xml',
    );
  });

  it.each([
    ['res/values/strings.xml', undefined],
    ['res/values-night/strings.xml', undefined],
    ['res/values-kn-rIN/strings.xml', 'kn'],
    ['Base.lproj/Localizable.strings', undefined],
    ['pa-IN.lproj/Localizable.strings', 'pa'],
    ['en.lproj/Localizable.strings', 'en'],
    ['kolibri/hi_IN/messages.json', 'hi'],
    ['i18n/strings.json', undefined],
    ['Localizable.xcstrings', undefined],
    ['README.md', undefined],
  ])('%s is for %s', (path, language) => {
    expect(languageOfResourcePath(path, CODES)).toBe(language);
  });
});

describe('detectResourceFormat', () => {
  it('takes an .xml for Android only with a <resources> root', () => {
    const android = '<?xml version="1.0" encoding="utf-8"?>\n<!-- c -->\n<resources>\n</resources>';
    expect(detectResourceFormat('res/values/strings.xml', bytes(android))).toBe('android');
    expect(detectResourceFormat('AndroidManifest.xml', bytes('<manifest package="x"/>'))).toBeUndefined();
    expect(detectResourceFormat('res/values/strings.xml', bytes('<resourcesX/>'))).toBeUndefined();
  });

  it('knows the Apple formats by their extensions, UTF-16 .strings too', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('"a" = "b";', 'utf16le')]);
    expect(detectResourceFormat('en.lproj/Localizable.strings', utf16)).toBe('ios-strings');
    expect(detectResourceFormat('en.lproj/Localizable.stringsdict', bytes('<plist/>'))).toBe('stringsdict');
    expect(detectResourceFormat('Localizable.xcstrings', bytes('{}'))).toBe('xcstrings');
  });

  it('reads a .json as a String Catalog only when it is one', () => {
    const catalog = '{\n  "sourceLanguage" : "en",\n  "strings" : {\n  },\n  "version" : "1.0"\n}';
    expect(detectResourceFormat('Localizable.json', bytes(catalog))).toBe('xcstrings');
    expect(detectResourceFormat('en.json', bytes('{"strings": {"a": "b"}}'))).toBe('json');
    expect(detectResourceFormat('notes.txt', bytes('{}'))).toBeUndefined();
  });
});
