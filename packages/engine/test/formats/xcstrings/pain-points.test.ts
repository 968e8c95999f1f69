import { describe, expect, it } from 'vitest';
import { iosUnitId } from '../../../src/formats/ios-strings/types';
import { parseXcstrings, xcstringsImports } from '../../../src/formats/xcstrings/read';
import { writeXcstrings } from '../../../src/formats/xcstrings/write';
import { readIosFixture } from '../ios/fixtures';

const SESSION = 'Session/InfoPlist.xcstrings';
const ICE_CUBES = 'IceCubes/Localizable.xcstrings';
const session = parseXcstrings(readIosFixture(SESSION), SESSION);
const iceCubes = parseXcstrings(readIosFixture(ICE_CUBES), ICE_CUBES);
const sessionText = new TextDecoder().decode(readIosFixture(SESSION));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Lines of `after` that `before` does not have at the same place, for small-diff checks. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const left = before.split('\n');
  const right = after.split('\n');
  let start = 0;
  while (start < left.length && left[start] === right[start]) start += 1;
  let end = 0;
  while (end < left.length - start && left.at(-1 - end) === right.at(-1 - end)) end += 1;
  return { removed: left.slice(start, left.length - end), added: right.slice(start, right.length - end) };
}

describe('.xcstrings pain points, each from a real file line', () => {
  it('updates one value with Xcode spacing and a one-line diff (Session, hi)', () => {
    const id = 'NSCameraUsageDescription';
    const written = decode(writeXcstrings(session, new Map([[id, 'कैमरा चाहिए।']]), 'hi'));
    expect(changedLines(sessionText, written)).toEqual({
      removed: [
        '            "value" : "फ़ोटो और वीडियो लेने या क्यूआर कोड स्कैन करने के लिए Session को कैमरा एक्सेस की आवश्यकता है।"',
      ],
      added: ['            "value" : "कैमरा चाहिए।"'],
    });
  });

  it('adds a new language in Xcode’s key order and spacing (Session, mr)', () => {
    const id = 'NSCameraUsageDescription';
    const written = decode(
      writeXcstrings(session, new Map([[id, 'कॅमेरा हवा.']]), 'mr', { state: 'needs_review' }),
    );
    const { removed, added } = changedLines(sessionText, written);
    expect(removed).toEqual([]);
    expect(added).toEqual([
      '        "mr" : {',
      '          "stringUnit" : {',
      '            "state" : "needs_review",',
      '            "value" : "कॅमेरा हवा."',
      '          }',
      '        },',
    ]);
    const at = written.indexOf('        "mr" : {');
    expect(written.lastIndexOf('"mn" : {', at)).toBeGreaterThan(
      written.lastIndexOf('"NSCameraUsageDescription"', at),
    );
    expect(written.slice(at).indexOf('"ms" : {')).toBeGreaterThan(0);
  });

  it('gives a key with no localization (the key is the text) its first one', () => {
    expect(session.units.find((unit) => unit.key === 'New Message')).toMatchObject({
      text: 'New Message',
      path: [],
    });
    const written = decode(writeXcstrings(session, new Map([['New Message', 'नया संदेश']]), 'hi'));
    expect(written).toContain(
      [
        '    "New Message" : {',
        '      "localizations" : {',
        '        "hi" : {',
        '          "stringUnit" : {',
        '            "state" : "translated",',
        '            "value" : "नया संदेश"',
        '          }',
        '        }',
        '      }',
        '    },',
      ].join('\n'),
    );
  });

  it('skips keys with shouldTranslate false and writes them back untouched (Session CFBundleName)', () => {
    const catalog = `{
  "sourceLanguage" : "en",
  "strings" : {
    "CFBundleName" : {
      "comment" : "Bundle name",
      "extractionState" : "extracted_with_value",
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "new",
            "value" : "Session"
          }
        }
      },
      "shouldTranslate" : false
    }
  },
  "version" : "1.0"
}`;
    const parsed = parseXcstrings(utf8(catalog), 'InfoPlist.xcstrings');
    expect(parsed.units).toEqual([]);
    expect(parsed.skippedKeys).toEqual(['CFBundleName']);
    expect(decode(writeXcstrings(parsed, new Map([['CFBundleName', 'सेशन']]), 'hi'))).toBe(catalog);
  });

  it('reports states and extraction states: new, translated, needs_review, stale', () => {
    expect(session.units.find((unit) => unit.key === 'CFBundleDisplayName')).toMatchObject({
      state: 'new',
      extractionState: 'extracted_with_value',
      comment: 'Bundle display name',
    });
    expect(iceCubes.units.find((unit) => unit.key === 'instance.info.domains')).toMatchObject({
      extractionState: 'stale',
      comment: 'MARK: Instances',
    });
    const states = new Set(xcstringsImports(iceCubes).map((entry) => entry.state));
    expect([...states].sort()).toEqual(['needs_review', 'translated']);
  });

  it('returns the other languages as imports with the source’s markers (Session hi, pa-IN; Ice Cubes de)', () => {
    const hindi = xcstringsImports(session).find(
      (entry) => entry.language === 'hi' && entry.key === 'NSCameraUsageDescription',
    );
    expect(hindi).toMatchObject({ unitId: 'NSCameraUsageDescription', state: 'translated' });
    expect(hindi?.text).toContain('कैमरा एक्सेस');
    expect(xcstringsImports(session).some((entry) => entry.language === 'pa-IN')).toBe(true);
    const key = 'account.label.followers %lld %@';
    const german = xcstringsImports(iceCubes).find(
      (entry) =>
        entry.language === 'de' &&
        entry.unitId === iosUnitId(key, ['substitutions', 'followers', 'plural', 'other']),
    );
    expect(german?.placeholders).toEqual([{ id: 1, code: '%2$@' }]);
    expect(german?.text).toMatch(/^<x1\/> /);
  });

  it('reads substitutions and device variations as units (Ice Cubes)', () => {
    const followers = iceCubes.units.filter((unit) => unit.key === 'account.label.followers %lld %@');
    expect(followers.map((unit) => unit.path.join('/'))).toEqual([
      '',
      'substitutions/followers/plural/one',
      'substitutions/followers/plural/other',
    ]);
    expect(followers[0]!.placeholders).toEqual([{ id: 1, code: '%#@followers@' }]);
    expect(followers[1]).toMatchObject({ pluralCategory: 'one', text: '<x1/> follower' });
    const platform = iceCubes.units.filter((unit) => unit.key === 'settings.display.section.platform');
    expect(platform.map((unit) => [unit.path.join('/'), unit.text])).toEqual([
      ['device/applevision', 'Apple Vision'],
      ['device/ipad', 'iPad'],
      ['device/iphone', 'iPhone'],
      ['device/mac', 'Mac'],
    ]);
  });

  it('writes a substitution plural with the target’s categories and the source’s argNum and formatSpecifier', () => {
    const key = 'account.label.followers %lld %@';
    const translations = new Map([
      [iosUnitId(key), '<x1/>'],
      [iosUnitId(key, ['substitutions', 'followers', 'plural', 'one']), '<x1/> फ़ॉलोअर'],
      [iosUnitId(key, ['substitutions', 'followers', 'plural', 'other']), '<x1/> फ़ॉलोअर्स'],
    ]);
    const reparsed = parseXcstrings(writeXcstrings(iceCubes, translations, 'hi'), ICE_CUBES);
    const hindi = xcstringsImports(reparsed).filter((entry) => entry.language === 'hi' && entry.key === key);
    expect(hindi.map((entry) => [entry.path.join('/'), entry.text])).toEqual([
      ['', '<x1/>'],
      ['substitutions/followers/plural/one', '<x1/> फ़ॉलोअर'],
      ['substitutions/followers/plural/other', '<x1/> फ़ॉलोअर्स'],
    ]);
  });

  it('keeps an untouched hand-formatted catalog as it came and writes rebuilt parts the Xcode way', () => {
    const compact =
      '{"sourceLanguage":"en","strings":{"Done":{"localizations":{"en":{"stringUnit":{"state":"new","value":"Done"}}}}},"version":"1.0"}\n';
    const parsed = parseXcstrings(utf8(compact), 'Localizable.xcstrings');
    expect(decode(writeXcstrings(parsed, new Map(), 'hi'))).toBe(compact);
    expect(decode(writeXcstrings(parsed, new Map([['Done', 'हो गया']]), 'hi'))).toBe(
      [
        '{',
        '  "sourceLanguage" : "en",',
        '  "strings" : {',
        '    "Done" : {',
        '      "localizations" : {',
        '        "en" : {"stringUnit":{"state":"new","value":"Done"}},',
        '        "hi" : {',
        '          "stringUnit" : {',
        '            "state" : "translated",',
        '            "value" : "हो गया"',
        '          }',
        '        }',
        '      }',
        '    }',
        '  },',
        '  "version" : "1.0"',
        '}\n',
      ].join('\n'),
    );
  });

  it('names the file and line of broken JSON and refuses what is not a catalog', () => {
    expect(() =>
      parseXcstrings(
        utf8('{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "a" : {\n  }\n'),
        'x.xcstrings',
      ),
    ).toThrow('x.xcstrings:6: expected ","');
    expect(() => parseXcstrings(utf8('{\n  "version" : "1.0"\n}'), 'x.xcstrings')).toThrow(
      'not a String Catalog',
    );
    expect(() => parseXcstrings(utf8('['.repeat(100)), 'x.xcstrings')).toThrow(
      'nested deeper than 64 levels',
    );
  });
});
