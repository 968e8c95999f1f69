import { describe, expect, it } from 'vitest';
import { pluralForms, pluralMessage } from '../../../src/formats/resource-files/plural-message';
import { readResourceFile } from '../../../src/formats/resource-files/read';
import { ResourceFileError, type ResourceUnit } from '../../../src/formats/resource-files/types';
import { writeResourceFile } from '../../../src/formats/resource-files/write';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const unitOf = (units: readonly ResourceUnit[], id: string): ResourceUnit =>
  units.find((unit) => unit.id === id)!;

function errorOf(run: () => unknown): ResourceFileError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ResourceFileError);
    return error as ResourceFileError;
  }
  throw new Error('no error');
}

const ANDROID = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:tools="http://schemas.android.com/tools">
    <!-- Title of the main screen, max 20 chars -->
    <string name="title">Files</string>
    <string name="app_name" translatable="false">Bhasha</string>
    <string name="tab" tools:maxLength="8">Recent</string>
    <string name="greeting">Hello <b>%1$s</b>, it\\'s %2$d o\\'clock</string>
    <plurals name="files_count">
        <item quantity="one">One file</item>
        <item quantity="other">%d files</item>
    </plurals>
</resources>
`;

describe('Android through the facade', () => {
  const path = 'res/values/strings.xml';
  const file = readResourceFile(path, utf8(ANDROID));
  /** The fixture written with one translation (English source). */
  const writeOne = (id: string, translation: string, language = 'hi', missing?: 'omit') =>
    writeResourceFile(path, utf8(ANDROID), new Map([[id, translation]]), {
      language,
      sourceLanguage: 'en',
      ...(missing ? { missing } : {}),
    });

  it('reads translatable units with comments, length limits and placeholders, a plural as one unit', () => {
    expect(file.format).toBe('android');
    expect(file.units.map((unit) => unit.id)).toEqual(['title', 'tab', 'greeting', 'files_count']);
    expect(unitOf(file.units, 'title')).toMatchObject({
      comment: 'Title of the main screen, max 20 chars',
      maxLength: 20,
      line: 4,
      plural: false,
    });
    expect(unitOf(file.units, 'tab').maxLength).toBe(8);
    expect(unitOf(file.units, 'greeting')).toMatchObject({
      text: "Hello <x1><x2/></x1>, it's <x3/> o'clock",
      placeholders: ['<b>', '%1$s', '%2$d'],
    });
    expect(unitOf(file.units, 'files_count')).toMatchObject({
      text: '{count, plural, one {One file} other {<x1/> files}}',
      plural: true,
      placeholders: ['%d'],
    });
  });

  it('writes a plural with the target’s categories, a missing one taking `other`', () => {
    const translation = pluralMessage({ one: 'ملف واحد', few: '<x1/> ملفات', other: '<x1/> ملف' });
    const written = text(writeOne('files_count', translation, 'ar'));
    expect(written).toContain(
      [
        '<item quantity="zero">%d ملف</item>',
        '        <item quantity="one">ملف واحد</item>',
        '        <item quantity="two">%d ملف</item>',
        '        <item quantity="few">%d ملفات</item>',
        '        <item quantity="many">%d ملف</item>',
        '        <item quantity="other">%d ملف</item>',
      ].join('\n'),
    );
    const reread = readResourceFile(path, utf8(written));
    expect([...pluralForms(unitOf(reread.units, 'files_count').text)!.forms.keys()]).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });

  it('writes a number placeholder into a form whose source lacked it (Hindi `one` covers 0 and 1)', () => {
    const translation = pluralMessage({ one: '<x1/> फ़ाइल', other: '<x1/> फ़ाइलें' });
    const written = text(writeOne('files_count', translation));
    expect(written).toContain('<item quantity="one">%d फ़ाइल</item>');
  });

  it('escapes apostrophes for Android and puts the markup back', () => {
    const written = text(writeOne('greeting', "<x3/> o'clock, <x1><x2/></x1>!"));
    expect(written).toContain('<string name="greeting">%2$d o\\\'clock, <b>%1$s</b>!</string>');
  });

  it('leaves untranslated strings out with `omit`, keeping the untranslatable ones', () => {
    const written = text(writeOne('title', 'फ़ाइलें', 'hi', 'omit'));
    expect(written).toContain('<string name="title">फ़ाइलें</string>');
    expect(written).toContain('<string name="app_name" translatable="false">Bhasha</string>');
    expect(written).not.toContain('name="tab"');
    expect(written).not.toContain('name="greeting"');
    expect(written).not.toContain('<plurals');
  });

  it('refuses a translation with a placeholder the source lacks, naming file and line', () => {
    const error = errorOf(() => writeOne('title', 'Files <x7/>'));
    expect(error.fileName).toBe(path);
    expect(error.line).toBe(4);
    expect(error.reason).toContain('<x7/>');
  });

  it('refuses a plural translation that is not a plural message', () => {
    const error = errorOf(() => writeOne('files_count', 'files'));
    expect(error.reason).toContain('not an ICU plural message');
  });

  it('turns a broken file into a ResourceFileError with its line', () => {
    const error = errorOf(() =>
      readResourceFile(path, utf8('<resources>\n  <string name="a">A</strin>\n</resources>')),
    );
    expect(error).toMatchObject({ fileName: path, line: 2 });
    expect(error.message).toMatch(/^res\/values\/strings\.xml:2: /);
    expect(error.reason).not.toContain('line 2');
    expect(error.reason).not.toContain('strings.xml');
  });

  it('says what it takes when a file is no resource file', () => {
    expect(errorOf(() => readResourceFile('AndroidManifest.xml', utf8('<manifest/>'))).reason).toContain(
      'not a string resource file',
    );
  });
});

describe('.strings through the facade', () => {
  const SOURCE = '/* Greeting, maxLength=12 */\n"hello" = "Hello %@";\n"bye" = "Bye";\n"hello" = "Hi %@";\n';
  const utf16 = (value: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(value, 'utf16le')]);

  it('reports a duplicate key and keeps the last one, as Xcode does', () => {
    const file = readResourceFile('en.lproj/Localizable.strings', utf8(SOURCE));
    expect(file.warnings).toEqual([
      'en.lproj/Localizable.strings:4: the key "hello" is also on line 2; the last one wins',
    ]);
    expect(unitOf(file.units, 'hello')).toMatchObject({ text: 'Hi <x1/>', placeholders: ['%@'] });
  });

  it('writes a UTF-16 file back in UTF-16 with its byte-order mark', () => {
    const source = '/* Greeting, maxLength=12 */\n"hello" = "Hello %@";\n"bye" = "Bye";\n';
    const file = readResourceFile('en.lproj/Localizable.strings', utf16(source));
    expect(unitOf(file.units, 'hello').maxLength).toBe(12);
    const written = writeResourceFile(
      'en.lproj/Localizable.strings',
      utf16(source),
      new Map([['hello', 'नमस्ते <x1/>']]),
      { language: 'hi', sourceLanguage: 'en' },
    );
    expect([...written.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(Buffer.from(written.subarray(2)).toString('utf16le')).toBe(
      '/* Greeting, maxLength=12 */\n"hello" = "नमस्ते %@";\n"bye" = "Bye";\n',
    );
  });

  it('refuses a translation with a specifier the source lacks, naming the line', () => {
    const error = errorOf(() =>
      writeResourceFile('en.lproj/Localizable.strings', utf8(SOURCE), new Map([['bye', 'अलविदा <x1/>']]), {
        language: 'hi',
        sourceLanguage: 'en',
      }),
    );
    expect(error).toMatchObject({ fileName: 'en.lproj/Localizable.strings', line: 3 });
    expect(error.reason).toContain('<x1/>');
  });

  it('leaves untranslated pairs out with `omit`, every occurrence of a duplicated key', () => {
    const written = writeResourceFile(
      'en.lproj/Localizable.strings',
      utf8(SOURCE),
      new Map([['bye', 'अलविदा']]),
      {
        language: 'hi',
        sourceLanguage: 'en',
        missing: 'omit',
      },
    );
    expect(text(written)).toBe('/* Greeting, maxLength=12 */\n"bye" = "अलविदा";\n');
  });
});

const PLIST_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n';
const STRINGSDICT = `${PLIST_HEAD}<plist version="1.0">
<dict>
	<key>files</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>%#@count@</string>
		<key>count</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>lld</string>
			<key>one</key>
			<string>%lld file</string>
			<key>other</key>
			<string>%lld files</string>
		</dict>
	</dict>
	<key>delete</key>
	<dict>
		<key>NSStringLocalizedFormatKey</key>
		<string>Delete %#@n@?</string>
		<key>n</key>
		<dict>
			<key>NSStringFormatSpecTypeKey</key>
			<string>NSStringPluralRuleType</string>
			<key>NSStringFormatValueTypeKey</key>
			<string>d</string>
			<key>other</key>
			<string>%d items</string>
		</dict>
	</dict>
</dict>
</plist>
`;

describe('.stringsdict through the facade', () => {
  const path = 'en.lproj/Localizable.stringsdict';
  const file = readResourceFile(path, utf8(STRINGSDICT));

  it('makes each variable one plural unit and a worded format string a plain one', () => {
    expect(file.units.map((unit) => [unit.id, unit.text])).toEqual([
      ['files\u001fcount', '{count, plural, one {<x1/> file} other {<x1/> files}}'],
      ['delete\u001fNSStringLocalizedFormatKey', 'Delete <x1/>?'],
      ['delete\u001fn', '{n, plural, other {<x1/> items}}'],
    ]);
  });

  it('writes Arabic categories and leaves an untranslated entry out with `omit`', () => {
    const translation = pluralMessage({ one: 'ملف', two: 'ملفان', other: '<x1/> ملفات' });
    const written = text(
      writeResourceFile(path, utf8(STRINGSDICT), new Map([['files\u001fcount', translation]]), {
        language: 'ar',
        sourceLanguage: 'en',
        missing: 'omit',
      }),
    );
    expect(written).not.toContain('<key>delete</key>');
    expect(written).toContain('<key>two</key>\n\t\t\t<string>ملفان</string>');
    expect(written).toContain('<key>zero</key>\n\t\t\t<string>%lld ملفات</string>');
    const reread = readResourceFile(path, utf8(written));
    expect(reread.units).toHaveLength(1);
    expect([...pluralForms(reread.units[0]!.text)!.forms.keys()]).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });
});

const CATALOG = `{
  "sourceLanguage" : "en",
  "strings" : {
    "%lld posts" : {
      "comment" : "Profile header",
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld post"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld posts"
                }
              }
            }
          }
        },
        "hi" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld पोस्ट"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld पोस्ट्स"
                }
              }
            }
          }
        }
      }
    },
    "Done" : {
      "localizations" : {
        "hi" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "हो गया"
          }
        }
      }
    }
  },
  "version" : "1.0"
}`;

describe('String Catalogs through the facade', () => {
  const path = 'Localizable.xcstrings';
  const file = readResourceFile(path, utf8(CATALOG));

  it('reads the source units and every other language’s translations', () => {
    expect(file.units.map((unit) => [unit.id, unit.text, unit.plural])).toEqual([
      ['%lld posts\u001fplural', '{count, plural, one {<x1/> post} other {<x1/> posts}}', true],
      ['Done', 'Done', false],
    ]);
    expect(unitOf(file.units, '%lld posts\u001fplural').comment).toBe('Profile header');
    expect(file.units.map((unit) => unit.line)).toEqual([4, 45]);
    expect(Object.fromEntries(file.translations.get('hi')!)).toEqual({
      '%lld posts\u001fplural': '{count, plural, one {<x1/> पोस्ट} other {<x1/> पोस्ट्स}}',
      Done: 'हो गया',
    });
  });

  it('writes languages one after another into the same catalog', () => {
    const tamil = writeResourceFile(path, utf8(CATALOG), new Map([['Done', 'முடிந்தது']]), {
      language: 'ta',
      sourceLanguage: 'en',
    });
    const both = writeResourceFile(
      path,
      tamil,
      new Map([['%lld posts\u001fplural', pluralMessage({ one: 'منشور', other: '<x1/> منشورات' })]]),
      { language: 'ar', sourceLanguage: 'en' },
    );
    const reread = readResourceFile(path, both);
    expect(reread.translations.get('ta')?.get('Done')).toBe('முடிந்தது');
    expect(reread.translations.get('hi')?.get('Done')).toBe('हो गया');
    expect(reread.translations.get('ar')?.get('%lld posts\u001fplural')).toBe(
      '{count, plural, zero {<x1/> منشورات} one {منشور} two {<x1/> منشورات} few {<x1/> منشورات} many {<x1/> منشورات} other {<x1/> منشورات}}',
    );
  });
});

describe('JSON through the facade', () => {
  const I18NEXT =
    '{\n  "files_one": "{{count}} file",\n  "files_other": "{{count}} files",\n  "hello": "Hello {{name}}"\n}\n';
  const ICU = '{\n  "items": "{count, plural, one {# item in {place}} other {# items in {place}}}"\n}\n';

  it('makes an i18next _one/_other group one plural unit and writes the target’s keys', () => {
    const file = readResourceFile('locales/en.json', utf8(I18NEXT));
    expect(file.units.map((unit) => [unit.id, unit.text, unit.placeholders])).toEqual([
      ['/files{plural}', '{count, plural, one {<x1/> file} other {<x1/> files}}', ['{{count}}']],
      ['/hello', 'Hello <x1/>', ['{{name}}']],
    ]);
    expect(file.units.map((unit) => unit.line)).toEqual([2, 4]);
    const written = writeResourceFile(
      'locales/en.json',
      utf8(I18NEXT),
      new Map([
        ['/files{plural}', pluralMessage({ one: 'ملف <x1/>', few: '<x1/> ملفات', other: '<x1/> ملف' })],
        ['/hello', 'مرحبا <x1/>'],
      ]),
      { language: 'ar', sourceLanguage: 'en' },
    );
    expect(JSON.parse(text(written))).toEqual({
      files_zero: '{{count}} ملف',
      files_one: 'ملف {{count}}',
      files_two: '{{count}} ملف',
      files_few: '{{count}} ملفات',
      files_many: '{{count}} ملف',
      files_other: '{{count}} ملف',
      hello: 'مرحبا {{name}}',
    });
  });

  it('makes a value that is one ICU plural a plural unit, with # and arguments protected', () => {
    const file = readResourceFile('en.json', utf8(ICU));
    expect(file.units[0]).toMatchObject({
      id: '/items',
      plural: true,
      text: '{count, plural, one {<x1/> item in <x2/>} other {<x1/> items in <x2/>}}',
      placeholders: ['#', '{place}'],
    });
    const written = writeResourceFile(
      'en.json',
      utf8(ICU),
      new Map([['/items', pluralMessage({ one: "<x2/> में <x1/> 'चीज़' {}", other: '<x2/> में <x1/> चीज़ें' })]]),
      { language: 'hi', sourceLanguage: 'en' },
    );
    expect(JSON.parse(text(written))).toEqual({
      items: "{count, plural, one {{place} में # 'चीज़' '{}'} other {{place} में # चीज़ें}}",
    });
  });

  it('gives back the source byte for byte with nothing translated', () => {
    const written = writeResourceFile('en.json', utf8(ICU), new Map(), {
      language: 'en',
      sourceLanguage: 'en',
    });
    expect(text(written)).toBe(ICU);
  });
});
