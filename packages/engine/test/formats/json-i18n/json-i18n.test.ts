import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { icuBlocks } from '../../../src/formats/json-i18n/icu';
import { pluralCategories } from '../../../src/formats/plural-categories';
import { JsonI18nError, readJsonI18n, type JsonI18nUnit } from '../../../src/formats/json-i18n/read';
import { writeJsonI18n } from '../../../src/formats/json-i18n/write';

const FIXTURES = join(import.meta.dirname, 'fixtures');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const files = jsonFiles(FIXTURES).map(
  (path) => [relative(FIXTURES, path), readFileSync(path, 'utf8')] as const,
);

/** A stand-in translation that keeps every placeholder and the ICU structure: text gets a prefix. */
const pseudo = (unit: JsonI18nUnit) => `अनु ${unit.text}`;

const translateAll = (units: JsonI18nUnit[]) => new Map(units.map((unit) => [unit.id, pseudo(unit)]));

/** Every key path of a parsed document, in document order. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${prefix}/${index}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [
      `${prefix}/${key}`,
      ...keyPaths(inner, `${prefix}/${key}`),
    ]);
  return [];
}

const sorted = (list: Iterable<string>) => [...list].sort();

/** The plural categories (explicit `=N` forms aside) of every plural block of a message, nested too. */
function pluralSelectors(message: string): string[][] {
  return icuBlocks(message).flatMap((block) => [
    ...(block.type === 'select'
      ? []
      : [block.branches.map((b) => b.selector).filter((s) => !s.startsWith('='))]),
    ...block.branches.flatMap((branch) => pluralSelectors(branch.content)),
  ]);
}

describe('JSON i18n codec on real files', () => {
  it.each(files)('%s comes back byte-identical when nothing is translated', (_name, text) => {
    const { units } = readJsonI18n(text);
    expect(units.length).toBeGreaterThan(10);
    expect(writeJsonI18n(text, new Map(), { language: 'en' })).toBe(text);
  });

  it.each(files)('%s written from its read document matches writing from its text', (_name, text) => {
    const source = readJsonI18n(text);
    const translations = translateAll(source.units);
    for (const untranslated of ['source', 'omit'] as const) {
      const fromText = writeJsonI18n(text, translations, { language: 'ar', untranslated });
      expect(writeJsonI18n(source, translations, { language: 'ar', untranslated })).toBe(fromText);
    }
    // Half translated, omit: the writer's removals work on the reused tree too.
    const half = new Map([...translations].filter((_entry, index) => index % 2 === 0));
    expect(writeJsonI18n(source, half, { language: 'hi', untranslated: 'omit' })).toBe(
      writeJsonI18n(text, half, { language: 'hi', untranslated: 'omit' }),
    );
  });

  it.each(files)(
    '%s translated to Hindi and Arabic keeps every key, placeholder and plural category',
    (_name, text) => {
      const source = readJsonI18n(text);
      for (const language of ['hi', 'ar']) {
        const written = writeJsonI18n(text, translateAll(source.units), { language });
        // Same keys in the same order; only string values changed.
        expect(keyPaths(JSON.parse(written))).toEqual(keyPaths(JSON.parse(text)));
        const again = readJsonI18n(written);
        expect(again.units.map((unit) => unit.id)).toEqual(source.units.map((unit) => unit.id));
        again.units.forEach((unit, index) => {
          const before = source.units[index]!;
          expect(unit.text.startsWith('अनु ')).toBe(true);
          expect(sorted(new Set(unit.placeholders))).toEqual(sorted(new Set(before.placeholders)));
          for (const selectors of pluralSelectors(unit.text))
            expect(sorted(selectors)).toEqual(sorted(pluralCategories(language)));
        });
      }
    },
  );
});

describe('JSON i18n units', () => {
  it('never makes units of keys, numbers, booleans, null or strings that are data', () => {
    const text = JSON.stringify(
      {
        title: 'Welcome, {{name}}',
        count: 3,
        enabled: true,
        missing: null,
        home: 'https://bhasha.example/in',
        mail: 'help@bhasha.example',
        id: '123e4567-e89b-12d3-a456-426614174000',
        date: '2026-11-29',
        colour: '#1a2b3c',
        amount: '1,250',
        onlyPlaceholders: '{{a}} {{b}}',
        module: 'kolibri.plugins.learn',
        list: ['Open', 'https://x.example', 'Close'],
      },
      null,
      2,
    );
    const { units } = readJsonI18n(text);
    expect(units.map((unit) => unit.id)).toEqual(['/title', '/list/0', '/list/2']);
    expect(units[0]).toMatchObject({ keyPath: ['title'], context: 'title', placeholders: ['{{name}}'] });
  });

  it('reads i18next plural key groups only when an _other key completes them', () => {
    // From Excalidraw's en.json: `_one` and `_many` here are words, not plural categories.
    const excalidraw = readFileSync(join(FIXTURES, 'excalidraw/en.json'), 'utf8');
    const crowfoot = readJsonI18n(excalidraw).units.find(
      (unit) => unit.id === '/labels/arrowhead_crowfoot_one',
    );
    expect(crowfoot).toBeDefined();
    expect(crowfoot!.plural).toBeUndefined();
    const i18next = readJsonI18n('{"file_one": "{{count}} file", "file_other": "{{count}} files"}');
    expect(i18next.units.map((unit) => unit.plural)).toEqual([
      { base: 'file', category: 'one' },
      { base: 'file', category: 'other' },
    ]);
  });

  it('protects Trans tags, nesting, ICU arguments, printf and Chrome substitutions', () => {
    const { units } = readJsonI18n(
      JSON.stringify({
        a: 'Read <0>the guide</0> or $t(common.help)<br/>',
        b: 'Question { num, number, integer} of {total}',
        c: 'Saved %1$s items (%d%%)',
        d: 'Blocked $COUNT$ requests on $1',
      }),
    );
    expect(units.map((unit) => unit.placeholders)).toEqual([
      ['<0>', '</0>', '$t(common.help)', '<br/>'],
      ['{ num, number, integer}', '{total}'],
      ['%1$s', '%d', '%%'],
      ['$COUNT$', '$1'],
    ]);
  });

  it('gives a Chrome message its description as context and leaves placeholders alone', () => {
    const text = readFileSync(join(FIXTURES, 'ublock-origin/_locales/en/messages.json'), 'utf8');
    const { layout, units } = readJsonI18n(text);
    expect(layout).toBe('chrome-messages');
    const short = units.find((unit) => unit.id === '/extShortDesc/message')!;
    expect(short.context).toBe(
      'extShortDesc\nthis will be in the Chrome web store: must be 132 characters or less',
    );
    expect(units.every((unit) => unit.keyPath[1] === 'message')).toBe(true);
  });

  it('names the line of broken JSON, and refuses deep nesting and oversize input', () => {
    expect(() => readJsonI18n('{\n  "a": "x",\n  "b": \n}')).toThrow(/line 4/);
    expect(() => readJsonI18n('{"a": "x",}')).toThrow(JsonI18nError);
    expect(() => readJsonI18n(`${'['.repeat(100)}${']'.repeat(100)}`)).toThrow(/nesting/);
    expect(() => readJsonI18n('{"a": "x"}', { maxLength: 5 })).toThrow(/larger than 5/);
  });
});

describe('JSON i18n writing', () => {
  it('writes ICU plurals with the target language’s categories, copying other where one is missing', () => {
    // From Kolibri's learn plugin: English needs only `other` here; Hindi needs one and other.
    const text = '{"goal": "Get {count, number, integer} {count, plural, other {correct}}"}';
    const written = writeJsonI18n(
      text,
      new Map([['/goal', 'पाएँ {count, number, integer} {count, plural, other {सही}}']]),
      {
        language: 'hi',
      },
    );
    expect(JSON.parse(written)).toEqual({
      goal: 'पाएँ {count, number, integer} {count, plural, one {सही} other {सही}}',
    });
    const arabic = writeJsonI18n(
      text,
      new Map([['/goal', '{count, plural, =0 {لا شيء} one {#} other {#}}']]),
      {
        language: 'ar',
      },
    );
    expect(JSON.parse(arabic).goal).toBe(
      '{count, plural, =0 {لا شيء} zero {#} one {#} two {#} few {#} many {#} other {#}}',
    );
  });

  it('rewrites an i18next plural group with the target categories in the file’s own layout', () => {
    const text =
      '{\n    "file_one": "{{count}} file",\n    "file_other": "{{count}} files",\n    "done": "Done"\n}\n';
    const hi = new Map([
      ['/file_one', '{{count}} फ़ाइल'],
      ['/file_other', '{{count}} फ़ाइलें'],
    ]);
    expect(writeJsonI18n(text, hi, { language: 'hi' })).toBe(
      '{\n    "file_one": "{{count}} फ़ाइल",\n    "file_other": "{{count}} फ़ाइलें",\n    "done": "Done"\n}\n',
    );
    const ja = writeJsonI18n(text, new Map([['/file_other', '{{count}} ファイル']]), { language: 'ja' });
    expect(ja).toBe('{\n    "file_other": "{{count}} ファイル",\n    "done": "Done"\n}\n');
    const ar = writeJsonI18n(text, new Map([['/file_other', '{{count}} ملفات']]), { language: 'ar' });
    expect(Object.keys(JSON.parse(ar))).toEqual([
      'file_zero',
      'file_one',
      'file_two',
      'file_few',
      'file_many',
      'file_other',
      'done',
    ]);
    expect(ar).toContain(',\n    "file_two": "{{count}} ملفات",\n');
  });

  it('leaves untranslated strings out when asked, keeping the JSON valid', () => {
    const text = '{\r\n  "a": "One",\r\n  "b": {\r\n    "c": "Two"\r\n  },\r\n  "d": "Three"\r\n}';
    const written = writeJsonI18n(text, new Map([['/d', 'तीन']]), { language: 'hi', untranslated: 'omit' });
    expect(JSON.parse(written)).toEqual({ b: {}, d: 'तीन' });
    expect(written).toContain('\r\n  "d": "तीन"\r\n}');
    const chrome = readFileSync(join(FIXTURES, 'ublock-origin/_locales/en/messages.json'), 'utf8');
    const only = writeJsonI18n(chrome, new Map([['/extName/message', 'यूब्लॉक']]), {
      language: 'hi',
      untranslated: 'omit',
    });
    expect(JSON.parse(only)).toEqual({ extName: { message: 'यूब्लॉक', description: 'extension name.' } });
  });

  it('keeps a byte-order mark, escapes of untouched strings and escapes what it writes', () => {
    const text = '\uFEFF{"a": "caf\\u00e9 \\/ tea", "b": "Plain"}';
    expect(writeJsonI18n(text, new Map(), { language: 'en' })).toBe(text);
    const written = writeJsonI18n(text, new Map([['/b', 'say "hi"\n\\ now']]), { language: 'hi' });
    expect(written).toBe('\uFEFF{"a": "caf\\u00e9 \\/ tea", "b": "say \\"hi\\"\\n\\\\ now"}');
  });
});
