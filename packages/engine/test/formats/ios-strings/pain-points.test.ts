import { describe, expect, it } from 'vitest';
import { parseStrings } from '../../../src/formats/ios-strings/read';
import { writeStrings } from '../../../src/formats/ios-strings/write';
import { IosFormatError } from '../../../src/formats/ios-strings/types';
import { readIosFixture } from '../ios/fixtures';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const unitOf = (file: ReturnType<typeof parseStrings>, key: string) =>
  file.units.find((unit) => unit.key === key)!;

describe('.strings pain points, each from a real file line', () => {
  it('keeps a UTF-16LE file with its BOM and changes only the translated value (VLC ta.lproj)', () => {
    const name = 'VLC/ta.lproj/Localizable.strings';
    const bytes = readIosFixture(name);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const parsed = parseStrings(bytes, name);
    expect(parsed.encoding).toEqual({ name: 'utf-16le', bom: true });

    const written = writeStrings(parsed, new Map([['BUTTON_SET', 'அமை']]));
    expect([...written.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = new TextDecoder('utf-16le').decode(written);
    expect(text).toContain('"BUTTON_SET" = "அமை";');
    expect(text.replace('"BUTTON_SET" = "அமை";', '')).toBe(
      parsed.text.replace(/"BUTTON_SET" = "[^"]*";/, ''),
    );
  });

  it('writes a UTF-16BE file without BOM back as UTF-16BE', () => {
    const line = '"BUTTON_SET" = "Set";\n';
    const bytes = new Uint8Array(line.length * 2);
    for (let index = 0; index < line.length; index += 1) bytes[index * 2 + 1] = line.charCodeAt(index);
    const parsed = parseStrings(bytes, 'InfoPlist.strings');
    expect(parsed.encoding).toEqual({ name: 'utf-16be', bom: false });
    expect(Buffer.from(writeStrings(parsed, new Map())).equals(Buffer.from(bytes))).toBe(true);
    const written = writeStrings(parsed, new Map([['BUTTON_SET', 'सेट']]));
    expect(new TextDecoder('utf-16be').decode(written)).toBe('"BUTTON_SET" = "सेट";\n');
  });

  it('keeps /* */ comments and gives them to translators (Firefox Focus)', () => {
    const name = 'FirefoxFocus/en.lproj/Localizable.strings';
    const parsed = parseStrings(readIosFixture(name), name);
    expect(unitOf(parsed, 'About.learnMoreButton').comment).toBe('Button on About screen');
    const text = new TextDecoder().decode(
      writeStrings(parsed, new Map([['About.learnMoreButton', 'और जानें']])),
    );
    expect(
      text.startsWith(
        '/* Button on About screen */\n"About.learnMoreButton" = "और जानें";\n\n/* Label on About screen */',
      ),
    ).toBe(true);
  });

  it('keeps // comments and gives them as context (VLC)', () => {
    const parsed = parseStrings(
      utf8('// Local Network Service Names\n"UPNP_LONG" = "Universal Plug\'n\'Play (UPnP)";\n'),
      'x.strings',
    );
    expect(parsed.units[0]!.comment).toBe('Local Network Service Names');
  });

  it('decodes escaped quotes for translators and escapes them again (VLC en)', () => {
    const name = 'VLC/en.lproj/Localizable.strings';
    const parsed = parseStrings(readIosFixture(name), name);
    const unit = unitOf(parsed, 'CONTINUE_PLAYBACK_LONG');
    expect(unit.text).toBe('Would you like to continue playback of "<x1/>" where you left off?');
    const written = writeStrings(parsed, new Map([[unit.id, 'क्या आप "<x1/>" वहीं से चलाना चाहेंगे?']]));
    expect(new TextDecoder().decode(written)).toContain(
      '"CONTINUE_PLAYBACK_LONG" = "क्या आप \\"%@\\" वहीं से चलाना चाहेंगे?";',
    );
  });

  it('decodes \\n, \\t, \\\\ and \\U escapes and writes them back as escapes (Open Food Facts)', () => {
    const line =
      '"settings.allergies.description" = "Add allergens to this list. \\nPlease note\\t\\\\ \\U00e9t\\U00E9";\n';
    const parsed = parseStrings(utf8(line), 'Localizable.strings');
    expect(parsed.units[0]!.text).toBe('Add allergens to this list. \nPlease note\t\\ été');
    const written = writeStrings(parsed, new Map([[parsed.units[0]!.id, 'एलर्जी जोड़ें। \nकृपया\t\\ ध्यान दें']]));
    expect(new TextDecoder().decode(written)).toBe(
      '"settings.allergies.description" = "एलर्जी जोड़ें। \\nकृपया\\t\\\\ ध्यान दें";\n',
    );
  });

  it('keeps literal line breaks inside a value literal (Mastodon)', () => {
    const name = 'Mastodon/en.lproj/Localizable.strings';
    const parsed = parseStrings(readIosFixture(name), name);
    const unit = unitOf(parsed, 'Common.Alerts.MediaMissingAltText.Message');
    expect(unit.text).toBe('<x1/> of your images are missing alt text.\nPost Anyway?');
    const written = writeStrings(
      parsed,
      new Map([[unit.id, '<x1/> छवियों में वैकल्पिक पाठ नहीं है।\nफिर भी पोस्ट करें?']]),
    );
    expect(new TextDecoder().decode(written)).toContain(
      '"Common.Alerts.MediaMissingAltText.Message" = "%d छवियों में वैकल्पिक पाठ नहीं है।\nफिर भी पोस्ट करें?";',
    );
  });

  it('reports duplicate keys with their lines, keeps the last, and translates every occurrence (VLC en)', () => {
    const name = 'VLC/en.lproj/Localizable.strings';
    const parsed = parseStrings(readIosFixture(name), name);
    expect(parsed.warnings).toContain(`${name}:334: the key "TITLE" is also on line 9; the last one wins`);
    expect(parsed.warnings).toHaveLength(4);
    expect(parsed.units.filter((unit) => unit.key === 'TITLE')).toHaveLength(1);
    const text = new TextDecoder().decode(writeStrings(parsed, new Map([['TITLE', 'शीर्षक']])));
    expect(text.match(/"TITLE" = "शीर्षक";/g)).toHaveLength(2);
  });

  it('reads unquoted keys and values, and quotes a translated bare value (Firefox Focus InfoPlist)', () => {
    const source =
      '/* (No Comment) */\nNSCameraUsageDescription = "This lets you take and upload photos.";\nCFBundleName = Focus;\n';
    const parsed = parseStrings(utf8(source), 'InfoPlist.strings');
    expect(parsed.units.map((unit) => unit.key)).toEqual(['NSCameraUsageDescription', 'CFBundleName']);
    expect(parsed.units[0]!.comment).toBe('(No Comment)');
    const written = writeStrings(
      parsed,
      new Map([
        ['NSCameraUsageDescription', 'इससे आप फ़ोटो ले सकते हैं।'],
        ['CFBundleName', 'फ़ोकस'],
      ]),
    );
    expect(new TextDecoder().decode(written)).toBe(
      '/* (No Comment) */\nNSCameraUsageDescription = "इससे आप फ़ोटो ले सकते हैं।";\nCFBundleName = "फ़ोकस";\n',
    );
  });

  it('protects format specifiers as placeholders and leaves a bare % as text (Open Food Facts, Element)', () => {
    const parsed = parseStrings(
      utf8('"a" = "%1$@ invited %2$@, %lld left, %.2f kg, 100%% sure";\n"b" = "may not be 100% reliable";\n'),
      'Localizable.strings',
    );
    expect(parsed.units[0]!.text).toBe('<x1/> invited <x2/>, <x3/> left, <x4/> kg, 100<x5/> sure');
    expect(parsed.units[0]!.placeholders.map((placeholder) => placeholder.code)).toEqual([
      '%1$@',
      '%2$@',
      '%lld',
      '%.2f',
      '%%',
    ]);
    expect(parsed.units[1]!.text).toBe('may not be 100% reliable');
    const written = writeStrings(
      parsed,
      new Map([['a', '<x2/> को <x1/> ने बुलाया, <x3/> बचे, <x4/> किलो, 100<x5/> पक्का']]),
    );
    expect(new TextDecoder().decode(written)).toContain(
      '"a" = "%2$@ को %1$@ ने बुलाया, %lld बचे, %.2f किलो, 100%% पक्का";',
    );
  });

  it('refuses a translation with a placeholder the source does not have', () => {
    const parsed = parseStrings(utf8('"a" = "%@ left";\n'), 'Localizable.strings');
    expect(() => writeStrings(parsed, new Map([['a', '<x1/> <x2/> बचे']]))).toThrow('<x2/>');
  });

  it('names the file and line of broken input', () => {
    const broken = utf8('/* ok */\n"a" = "b";\n\n"c" = "d"\n"e" = "f";\n');
    expect(() => parseStrings(broken, 'hi.lproj/Localizable.strings')).toThrow(
      new IosFormatError('hi.lproj/Localizable.strings', 4, 'expected ";" after the value of "c"'),
    );
    expect(() => parseStrings(utf8('"a" = "b;\n'), 'x.strings')).toThrow(
      'x.strings:1: a quoted string is not closed',
    );
    expect(() => parseStrings(utf8('"a" = "b";\n/* open'), 'x.strings')).toThrow(
      'x.strings:2: a /* comment is not closed',
    );
    expect(() =>
      parseStrings(new Uint8Array([0x22, 0x61, 0x22, 0x0a, 0xff, 0xfe, 0xfd]), 'x.strings'),
    ).toThrow('x.strings:2: the text is not valid UTF-8');
    expect(() => parseStrings(utf8('"a" = "b";'), 'x.strings', { maxBytes: 4 })).toThrow(
      'larger than 4 bytes',
    );
  });
});
