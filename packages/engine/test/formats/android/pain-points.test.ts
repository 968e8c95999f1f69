import { describe, expect, it } from 'vitest';
import { checkAaptStringRules } from '../../../src/formats/android/aapt-rules';
import { parseAndroidResources } from '../../../src/formats/android/read';
import { writeAndroidResources } from '../../../src/formats/android/write';
import { fixtureText } from './fixtures';

/** The lines of a real fixture from the one containing `marker` to the one containing `until` (or just that line). */
function realLines(file: string, marker: string, until?: string): string {
  const lines = fixtureText(file).split('\n');
  const first = lines.findIndex((line) => line.includes(marker));
  if (first === -1) throw new Error(`${marker} is not in ${file}`);
  const last = until ? lines.findIndex((line, index) => index >= first && line.includes(until)) : first;
  return lines.slice(first, last + 1).join('\n');
}

/** A resource file around real lines, as the fixtures write it. */
function resources(body: string, root = '<resources>'): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${root}\n${body}\n</resources>\n`;
}

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

describe('Android resources: pain points, each from a real file line', () => {
  it('apostrophes: decoded for translators, escaped again so aapt2 accepts them', () => {
    const source = resources(realLines('Tusky/res/values/strings.xml', 'name="error_no_web_browser_found"'));
    expect(source).toContain("Couldn\\'t find a web browser to use.");
    const unit = only(parseAndroidResources(source).units);
    expect(unit.text).toBe("Couldn't find a web browser to use.");
    const written = writeAndroidResources(
      source,
      { [unit.id]: "L'application n'a trouvé aucun navigateur" },
      { language: 'fr' },
    );
    expect(written).toContain(">L\\'application n\\'a trouvé aucun navigateur<");
    expect(checkAaptStringRules(written)).toEqual([]);
    expect(checkAaptStringRules(written.replaceAll("\\'", "'")).map((issue) => issue.rule)).toContain(
      'apostrophe',
    );
  });

  it('CDATA is kept as CDATA, its ampersand unescaped', () => {
    const source = resources(
      realLines('Thunderbird-K9/message-list/res/values/strings.xml', '<![CDATA[Create & set new folder]]>'),
    );
    const unit = only(parseAndroidResources(source).units);
    expect(unit).toMatchObject({ text: 'Create & set new folder', cdata: true });
    const written = writeAndroidResources(
      source,
      { [unit.id]: 'नया फ़ोल्डर बनाएँ & सेट करें' },
      { language: 'hi' },
    );
    expect(written).toContain('"><![CDATA[नया फ़ोल्डर बनाएँ & सेट करें]]></string>');
    expect(parseAndroidResources(written).units[0]!.text).toBe('नया फ़ोल्डर बनाएँ & सेट करें');
  });

  it('string-array: every item kept in order; references and translatable="false" stay as they are', () => {
    const array = realLines(
      'NewPipe/res/values/strings.xml',
      '<string-array name="limit_data_usage_description_list">',
      '</string-array>',
    );
    const locked = realLines(
      'Thunderbird-K9/legacy-ui/res/values/arrays_general_settings_strings.xml',
      'name="language_entries"',
      '</string-array>',
    );
    const source = resources(`${array}\n${locked}`);
    const file = parseAndroidResources(source);
    const items = file.units.filter((unit) => unit.key === 'limit_data_usage_description_list');
    expect(items.map((unit) => unit.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(items[0]).toMatchObject({
      text: '@string/limit_data_usage_none_description',
      translatable: false,
    });
    expect(
      file.units.filter((unit) => unit.key === 'language_entries').every((unit) => !unit.translatable),
    ).toBe(true);

    const translations = Object.fromEntries(items.slice(1).map((unit) => [unit.id, `${unit.text} (HD)`]));
    const written = writeAndroidResources(file, translations, { language: 'hi', untranslated: 'omit' });
    expect(written).toContain(
      '        <item>@string/limit_data_usage_none_description</item>\n        <item>1080p60 (HD)</item>',
    );
    expect(written).toContain(locked);
    const again = parseAndroidResources(written).units.filter(
      (unit) => unit.key === 'limit_data_usage_description_list',
    );
    expect(again.map((unit) => unit.text)).toEqual(items.map((unit) => translations[unit.id] ?? unit.text));

    // Leaving an item out would shift every index after it: the omit policy leaves the whole array out.
    const { [items[3]!.id]: _left, ...partial } = translations;
    const withoutArray = writeAndroidResources(file, partial, { language: 'hi', untranslated: 'omit' });
    expect(withoutArray).not.toContain('limit_data_usage_description_list');
    expect(withoutArray).toBe(resources(locked));
  });

  it('plurals are written with exactly the target language’s CLDR categories', () => {
    const source = resources(
      realLines('NewPipe/res/values/strings.xml', '<plurals name="subscribers">', '</plurals>'),
    );
    const file = parseAndroidResources(source);
    expect(file.units.map((unit) => unit.id)).toEqual(['subscribers#one', 'subscribers#other']);
    expect(file.units[0]!.text).toBe('<x1/> subscriber');

    const arabic = {
      zero: 'لا مشتركين',
      one: 'مشترك واحد',
      two: 'مشتركان',
      few: '<x1/> مشتركين',
      many: '<x1/> مشتركًا',
      other: '<x1/> مشترك',
    };
    const translations = Object.fromEntries(
      Object.entries(arabic).map(([category, text]) => [`subscribers#${category}`, text]),
    );
    const written = writeAndroidResources(file, translations, { language: 'ar' });
    expect(written).toBe(
      resources(
        [
          '    <plurals name="subscribers">',
          '        <item quantity="zero">لا مشتركين</item>',
          '        <item quantity="one">مشترك واحد</item>',
          '        <item quantity="two">مشتركان</item>',
          '        <item quantity="few">%s مشتركين</item>',
          '        <item quantity="many">%s مشتركًا</item>',
          '        <item quantity="other">%s مشترك</item>',
          '    </plurals>',
        ].join('\n'),
      ),
    );
    const japanese = writeAndroidResources(
      file,
      { 'subscribers#other': '<x1/> 人の登録者' },
      { language: 'ja' },
    );
    expect(japanese).toContain(
      '<plurals name="subscribers">\n        <item quantity="other">%s 人の登録者</item>\n    </plurals>',
    );
    const hindi = writeAndroidResources(
      file,
      { 'subscribers#one': '<x1/> सदस्य', 'subscribers#other': '<x1/> सदस्य' },
      { language: 'hi' },
    );
    expect(parseAndroidResources(hindi).units.map((unit) => unit.quantity)).toEqual(['one', 'other']);
    // Without every category translated, the omit policy leaves the plural to the base language.
    const omitted = writeAndroidResources(
      file,
      { 'subscribers#other': '<x1/> सदस्य' },
      { language: 'hi', untranslated: 'omit' },
    );
    expect(omitted).toBe('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n</resources>\n');
  });

  it('order, indentation, blank lines and every other line stay byte for byte', () => {
    const source = fixtureText('Thunderbird-K9/message-list/res/values/strings.xml');
    const file = parseAndroidResources(source);
    const unit = file.units[2]!;
    const written = writeAndroidResources(file, { [unit.id]: 'अनुवाद' }, { language: 'hi' });
    const before = source.split('\n');
    const after = written.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [index + 1]));
    expect(changed).toEqual([unit.line]);
    expect(after[unit.line - 1]).toBe(before[unit.line - 1]!.replace(unit.raw, 'अनुवाद'));
  });

  it('\\n and \\u escapes are decoded for translators and written back as escapes', () => {
    const source = resources(
      [
        realLines('NewPipe/res/values/strings.xml', 'name="tab_about"'),
        realLines('Tusky/res/values-ta/strings.xml', 'name="dialog_whats_an_instance"', '</string>'),
      ].join('\n'),
    );
    const [about, instance] = parseAndroidResources(source).units;
    expect(about!.text).toBe('About & FAQ');
    // `\u0020` keeps a space that whitespace collapsing would drop; `\n` is a line break.
    expect(instance!.text).toContain(' மற்றும்  <x1>மேலும்!</x1>  ');
    expect(instance!.text.split('\n').length).toBeGreaterThan(3);
    const written = writeAndroidResources(
      source,
      { [about!.id]: 'परिचय & सवाल\n\tजवाब', [instance!.id]: ' दो  रिक्त ' },
      { language: 'hi' },
    );
    expect(written).toContain('>परिचय &amp; सवाल\\n\\tजवाब<');
    expect(written).toContain('>\\u0020दो \\u0020रिक्त\\u0020<');
    const again = parseAndroidResources(written).units;
    expect(again.map((unit) => unit.text)).toEqual(['परिचय & सवाल\n\tजवाब', ' दो  रिक्त ']);
    expect(checkAaptStringRules(written)).toEqual([]);
  });

  it('xliff:g content is one protected placeholder, written back untouched', () => {
    const source = resources(
      realLines(
        'Thunderbird-K9/legacy-ui/res/values/strings.xml',
        'name="account_delete_dlg_instructions_fmt"',
      ),
    );
    const unit = only(parseAndroidResources(source).units);
    expect(unit.text).toBe('The account "<x1/>" will be removed from <x2/>.');
    expect(unit.placeholders.map((placeholder) => [placeholder.role, placeholder.raw])).toEqual([
      ['xliff', '<xliff:g id="account">%1$s</xliff:g>'],
      ['xliff', '<xliff:g id="app_name">%2$s</xliff:g>'],
    ]);
    const written = writeAndroidResources(
      source,
      { [unit.id]: '<x2/> से खाता "<x1/>" हटाया जाएगा।' },
      { language: 'hi' },
    );
    expect(written).toContain(
      '><xliff:g id="app_name">%2$s</xliff:g> से खाता \\"<xliff:g id="account">%1$s</xliff:g>\\" हटाया जाएगा।</string>',
    );
    expect(checkAaptStringRules(written)).toEqual([]);
  });

  it('inline HTML is paired placeholders; an xliff:g across a line break keeps its text', () => {
    const source = resources(
      [
        realLines('Tusky/res/values/strings.xml', 'name="help_empty_lists"'),
        realLines(
          'Thunderbird-K9/legacy-ui/res/values/strings.xml',
          'name="load_more_messages_fmt"',
          '</string>',
        ),
      ].join('\n'),
    );
    const [help, more] = parseAndroidResources(source).units;
    expect(help!.text).toMatch(/^This is your <x1>lists view<\/x1>\. You can/);
    expect(help!.placeholders[0]).toMatchObject({ kind: 'paired', raw: '<b>', closeRaw: '</b>' });
    expect(more!.text).toBe('Load up to <x1/> more');
    const written = writeAndroidResources(
      source,
      { [help!.id]: 'यह आपका <x1>सूची दृश्य</x1> है।' },
      { language: 'hi' },
    );
    expect(written).toContain('>यह आपका <b>सूची दृश्य</b> है।</string>');
  });

  it('translatable="false" is skipped for translators and kept in the written file', () => {
    const source = resources(realLines('NewPipe/res/values/strings.xml', 'name="manual_update_title"'));
    const unit = only(parseAndroidResources(source).units);
    expect(unit).toMatchObject({ translatable: false, attributes: { translatable: 'false' } });
    expect(writeAndroidResources(source, {}, { language: 'hi', untranslated: 'omit' })).toBe(source);
    expect(writeAndroidResources(source, { [unit.id]: 'x' }, { language: 'hi' })).toBe(source);
  });

  it('comments before an element reach translators as context and stay in the file', () => {
    const source = resources(
      realLines(
        'Thunderbird-K9/legacy-ui/res/values/strings.xml',
        'Displayed in a "snack bar"',
        'name="changelog_snackbar_button_text"',
      ),
    );
    const [first, second] = parseAndroidResources(source).units;
    expect(first!.comments).toEqual([
      'Displayed in a "snack bar" at the bottom of the screen when the app was updated.',
    ]);
    expect(second!.comments).toEqual([
      'Button text of the "snack bar" that is displayed when the app was updated.',
    ]);
    const written = writeAndroidResources(
      source,
      { [first!.id]: 'अनुवाद' },
      { language: 'hi', untranslated: 'omit' },
    );
    expect(written).toContain(
      '<!-- Displayed in a "snack bar" at the bottom of the screen when the app was updated. -->',
    );
    expect(written).toContain(
      '<!-- Button text of the "snack bar" that is displayed when the app was updated. -->',
    );
  });

  it('tools attributes and namespaces stay as they were', () => {
    const root = realLines('NewPipe/res/values/strings.xml', '<resources xmlns:tools');
    const body =
      '    <string name="copyright" formatted="true" tools:ignore="Typos">© %1$s by %2$s under %3$s</string>';
    const source = resources(body, root);
    const unit = only(parseAndroidResources(source).units);
    expect(unit).toMatchObject({
      formatted: true,
      attributes: { 'tools:ignore': 'Typos', formatted: 'true' },
    });
    const written = writeAndroidResources(
      source,
      { [unit.id]: '© <x1/> द्वारा <x2/>, <x3/> के अधीन' },
      { language: 'hi' },
    );
    expect(written).toBe(
      resources(body.replace('© %1$s by %2$s under %3$s', '© %1$s द्वारा %2$s, %3$s के अधीन'), root),
    );
  });

  it('CRLF line endings stay CRLF, and an untouched file comes back identical', () => {
    const source = fixtureText('Thunderbird-K9/message-list/res/values-bn/strings.xml').replaceAll(
      '\n',
      '\r\n',
    );
    const file = parseAndroidResources(source);
    expect(writeAndroidResources(file, {}, { language: 'bn' })).toBe(source);
    const translations = Object.fromEntries(
      file.units.filter((unit) => unit.translatable).map((unit) => [unit.id, `${unit.text}!`]),
    );
    const written = writeAndroidResources(file, translations, { language: 'ar' });
    expect(written.split('\r\n').length).toBeGreaterThan(file.units.length);
    expect(written.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });
});
