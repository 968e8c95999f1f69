import { describe, expect, it } from 'vitest';
import { checkAaptStringRules } from '../../../src/formats/android/aapt-rules';
import { parseAndroidResources } from '../../../src/formats/android/read';
import { AndroidResourceError } from '../../../src/formats/android/types';
import { writeAndroidResources } from '../../../src/formats/android/write';
import { fixtureText } from './fixtures';

function line(file: string, marker: string): string {
  const found = fixtureText(file)
    .split('\n')
    .find((text) => text.includes(marker));
  if (!found) throw new Error(`${marker} is not in ${file}`);
  return `<resources>\n${found}\n</resources>\n`;
}

describe('Android resources: writing translations', () => {
  it('escapes a percent sign typed in a format string, keeps one typed in a plain string', () => {
    const source = line('Tusky/res/values/strings.xml', 'name="error_multimedia_size_limit"');
    const unit = parseAndroidResources(source).units[0]!;
    expect(unit.text).toBe('Video and audio files cannot exceed <x1/> MB in size.');
    const written = writeAndroidResources(
      source,
      { [unit.id]: '<x1/> MB से बड़ी फ़ाइलें 100% अस्वीकार' },
      { language: 'hi' },
    );
    expect(written).toContain('>%1$s MB से बड़ी फ़ाइलें 100%% अस्वीकार<');
    expect(checkAaptStringRules(written)).toEqual([]);

    const plain = line('Tusky/res/values/strings.xml', 'name="error_generic"');
    const id = parseAndroidResources(plain).units[0]!.id;
    expect(writeAndroidResources(plain, { [id]: '100% त्रुटि' }, { language: 'hi' })).toContain('>100% त्रुटि<');
  });

  it('escapes a leading @ or ? so the text is not read as a resource reference', () => {
    const source = line('Tusky/res/values/strings.xml', 'name="error_generic"');
    const id = parseAndroidResources(source).units[0]!.id;
    const written = writeAndroidResources(source, { [id]: '@mention? ठीक' }, { language: 'hi' });
    expect(written).toContain('>\\@mention? ठीक<');
    expect(parseAndroidResources(written).units[0]).toMatchObject({
      text: '@mention? ठीक',
      translatable: true,
    });
  });

  it('refuses a translation with a placeholder the source lacks, naming the unit and line', () => {
    const source = line('Tusky/res/values/strings.xml', 'name="error_blocking_domain"');
    const id = parseAndroidResources(source).units[0]!.id;
    expect(() => writeAndroidResources(source, { [id]: '<x1/> <x3/>' }, { language: 'hi' })).toThrow(
      AndroidResourceError,
    );
    expect(() => writeAndroidResources(source, { [id]: '<x1/> <x3/>' }, { language: 'hi' })).toThrow(
      /line 2: The translation of "error_blocking_domain" has a placeholder the source lacks \(<x3\/>\)/,
    );
  });

  it('keeps a byte order mark and leaves out untranslated strings with their whole line', () => {
    const source = `\uFEFF${fixtureText('Thunderbird-K9/message-list/res/values/strings.xml')}`;
    const file = parseAndroidResources(new TextEncoder().encode(source));
    expect(writeAndroidResources(file, {}, { language: 'hi' })).toBe(source);
    const first = file.units[0]!;
    const written = writeAndroidResources(
      file,
      { [first.id]: 'अनुवाद' },
      { language: 'hi', untranslated: 'omit' },
    );
    expect(written.startsWith('\uFEFF')).toBe(true);
    const again = parseAndroidResources(written);
    expect(again.units.map((unit) => unit.id)).toEqual([
      first.id,
      ...file.units.filter((unit) => !unit.translatable).map((unit) => unit.id),
    ]);
    expect(written).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
  });

  it('writes a translation equal to the source as the source bytes', () => {
    const source = line('NewPipe/res/values/strings.xml', 'name="youtube_restricted_mode_enabled_title"');
    const unit = parseAndroidResources(source).units[0]!;
    expect(unit.text).toBe('Turn on YouTube\'s "Restricted Mode"');
    expect(writeAndroidResources(source, { [unit.id]: unit.text }, { language: 'en' })).toBe(source);
  });
});

describe('Android resources: CDATA holding markup', () => {
  it('treats tags inside CDATA as placeholders and keeps the section, apostrophes escaped', () => {
    const source =
      '<resources>\n    <string name="note"><![CDATA[Tap <b>Save</b> & you\'re done]]></string>\n</resources>\n';
    const unit = parseAndroidResources(source).units[0]!;
    expect(unit).toMatchObject({ text: "Tap <x1>Save</x1> & you're done", cdata: true });
    const written = writeAndroidResources(
      source,
      { [unit.id]: "<x1>सहेजें</x1> दबाएँ & it's ]]> done" },
      { language: 'hi' },
    );
    expect(written).toContain('"><![CDATA[<b>सहेजें</b> दबाएँ & it\\\'s ]]]]><![CDATA[> done]]></string>');
    expect(parseAndroidResources(written).units[0]!.text).toBe("<x1>सहेजें</x1> दबाएँ & it's ]]> done");
    expect(checkAaptStringRules(written)).toEqual([]);
  });
});

describe('Android resources: resource references', () => {
  it('reads a leading @ as a reference, a quoted or escaped one as text', () => {
    const source =
      '<resources>\n<string name="a"> @string/b</string>\n<string name="c">"@home"</string>\n<string name="d">\\@home</string>\n</resources>';
    expect(parseAndroidResources(source).units.map((unit) => [unit.text, unit.translatable])).toEqual([
      ['@string/b', false],
      ['@home', true],
      ['@home', true],
    ]);
  });
});
