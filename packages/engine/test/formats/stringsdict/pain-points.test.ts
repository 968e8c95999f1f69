import { describe, expect, it } from 'vitest';
import { iosUnitId } from '../../../src/formats/ios-strings/types';
import { parseStringsdict } from '../../../src/formats/stringsdict/read';
import { writeStringsdict } from '../../../src/formats/stringsdict/write';
import { readIosFixture } from '../ios/fixtures';

const MASTODON = 'Mastodon/en.lproj/Localizable.stringsdict';
const ELEMENT = 'ElementX/en.lproj/Localizable.stringsdict';
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const PLIST_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n';

describe('.stringsdict pain points, each from a real file line', () => {
  it('reads two %#@var@ substitutions in one format key with their spec and value types (Mastodon)', () => {
    const parsed = parseStringsdict(readIosFixture(MASTODON), MASTODON);
    const entry = parsed.entries.find(
      (candidate) => candidate.key === 'plural.count.followed_by_and_mutual',
    )!;
    expect(entry.formatKey?.value.text).toBe('%#@names@%#@count_mutual@');
    expect(entry.variables.map((variable) => [variable.name, variable.specType, variable.valueType])).toEqual(
      [
        ['names', 'NSStringPluralRuleType', 'ld'],
        ['count_mutual', 'NSStringPluralRuleType', 'ld'],
      ],
    );
    const format = parsed.units.find(
      (unit) => unit.id === iosUnitId(entry.key, ['NSStringLocalizedFormatKey']),
    )!;
    expect(format.text).toBe('<x1/><x2/>');
    expect(format.placeholders.map((placeholder) => placeholder.code)).toEqual([
      '%#@names@',
      '%#@count_mutual@',
    ]);
    const other = parsed.units.find((unit) => unit.id === iosUnitId(entry.key, ['count_mutual', 'other']))!;
    expect(other).toMatchObject({ text: 'Followed by <x1/>, and <x2/> mutuals', pluralCategory: 'other' });
  });

  it('gives Arabic its six categories with the file’s own indentation, the rest untouched (Element)', () => {
    const parsed = parseStringsdict(readIosFixture(ELEMENT), ELEMENT);
    const key = 'a11y_digits_entered';
    const translations = new Map([
      [iosUnitId(key, ['COUNT', 'zero']), 'لم يُدخل أي رقم'],
      [iosUnitId(key, ['COUNT', 'one']), 'رقم واحد'],
      [iosUnitId(key, ['COUNT', 'other']), '<x1/> أرقام & رموز'],
    ]);
    const text = new TextDecoder().decode(writeStringsdict(parsed, translations, 'ar'));
    expect(text).toContain(
      [
        '\t\t\t<key>NSStringFormatValueTypeKey</key>',
        '\t\t\t<string>d</string>',
        '\t\t\t<key>zero</key>',
        '\t\t\t<string>لم يُدخل أي رقم</string>',
        '\t\t\t<key>one</key>',
        '\t\t\t<string>رقم واحد</string>',
        '\t\t\t<key>two</key>',
        '\t\t\t<string>%1$d أرقام &amp; رموز</string>',
        '\t\t\t<key>few</key>',
        '\t\t\t<string>%1$d أرقام &amp; رموز</string>',
        '\t\t\t<key>many</key>',
        '\t\t\t<string>%1$d أرقام &amp; رموز</string>',
        '\t\t\t<key>other</key>',
        '\t\t\t<string>%1$d أرقام &amp; رموز</string>',
        '\t\t</dict>',
        '\t\t<key>NSStringLocalizedFormatKey</key>',
        '\t\t<string>%#@COUNT@</string>',
      ].join('\n'),
    );
    // Other keys are written with the source text in the target's categories.
    const reparsed = parseStringsdict(utf8(text), ELEMENT);
    expect(reparsed.entries[1]!.variables[0]!.forms.map((form) => form.category)).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });

  it('gives Japanese only `other`, with spaces as Mastodon indents', () => {
    const parsed = parseStringsdict(readIosFixture(MASTODON), MASTODON);
    const key = 'plural.count.followed_by_and_mutual';
    const text = new TextDecoder().decode(
      writeStringsdict(
        parsed,
        new Map([[iosUnitId(key, ['count_mutual', 'other']), '<x1/> と相互フォロー <x2/> 人']]),
        'ja',
      ),
    );
    expect(text).toContain(
      [
        '        <key>NSStringFormatValueTypeKey</key>',
        '        <string>ld</string>',
        '        <key>other</key>',
        '        <string>%1$@ と相互フォロー %ld 人</string>',
        '      </dict>',
      ].join('\n'),
    );
  });

  it('refuses entity declarations: XXE and billion laughs', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<plist version="1.0"><dict><key>a</key><dict><key>NSStringLocalizedFormatKey</key><string>&xxe;</string></dict></dict></plist>`;
    expect(() => parseStringsdict(utf8(xxe), 'hi.lproj/Localizable.stringsdict')).toThrow(
      'hi.lproj/Localizable.stringsdict:2: only the standard plist DOCTYPE is allowed (no entity declarations)',
    );
    const laughs = `${PLIST_HEAD}<plist version="1.0"><dict><key>a</key><string>&lol9;</string></dict></plist>`;
    expect(() => parseStringsdict(utf8(laughs), 'x.stringsdict')).toThrow(
      'x.stringsdict:3: the entity &lol9; is not allowed',
    );
  });

  it('names the file and line of broken XML and bounds the size', () => {
    const broken = `${PLIST_HEAD}<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<dict>\n</plist>`;
    expect(() => parseStringsdict(utf8(broken), 'x.stringsdict')).toThrow(
      'x.stringsdict:7: unexpected </plist>',
    );
    const lonely = `${PLIST_HEAD}<plist version="1.0">\n<dict>\n\t<key>a</key>\n</dict>\n</plist>`;
    expect(() => parseStringsdict(utf8(lonely), 'x.stringsdict')).toThrow(
      'x.stringsdict:5: the key "a" has no value',
    );
    expect(() => parseStringsdict(readIosFixture(ELEMENT), ELEMENT, { maxBytes: 1000 })).toThrow(
      'larger than 1000 bytes',
    );
  });
});
