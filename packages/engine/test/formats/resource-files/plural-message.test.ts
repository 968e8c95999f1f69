import { describe, expect, it } from 'vitest';
import { icuBlocks } from '../../../src/formats/json-i18n/icu';
import {
  pluralForms,
  pluralMessage,
  quoteIcuLiteral,
  unquoteIcuLiteral,
} from '../../../src/formats/resource-files/plural-message';

describe('pluralMessage', () => {
  it('writes the categories in CLDR order whatever order they come in', () => {
    const message = pluralMessage({ other: '<x1/> files', one: '<x1/> file', zero: 'No files' });
    expect(message).toBe('{count, plural, zero {No files} one {<x1/> file} other {<x1/> files}}');
  });

  it('takes a Map and a variable name, and leaves out names that are not categories', () => {
    const forms = new Map([
      ['few', 'a'],
      ['other', 'b'],
      ['=0', 'none'],
    ]);
    expect(pluralMessage(forms, 'n')).toBe('{n, plural, few {a} other {b}}');
  });

  it('quotes literal braces and hashes so ICU reads them as text', () => {
    const message = pluralMessage({ one: 'Use {name} # 1', other: 'x}{y' });
    expect(message).toBe("{count, plural, one {Use '{'name'}' '#' 1} other {x'}{'y}}");
    expect(icuBlocks(message)).toHaveLength(1);
    expect(icuBlocks(message)[0]!.branches.map((branch) => branch.selector)).toEqual(['one', 'other']);
  });

  it('keeps apostrophes readable and doubles only those ICU would misread', () => {
    expect(quoteIcuLiteral("Don't delete")).toBe("Don't delete");
    expect(quoteIcuLiteral("the users'")).toBe("the users''");
    expect(quoteIcuLiteral("it''s")).toBe("it'''s");
    expect(quoteIcuLiteral("'{x}'")).toBe("'''{'x'}'''");
    expect(quoteIcuLiteral("#'s")).toBe("'#'''s");
  });
});

describe('pluralForms', () => {
  const literals = [
    "Don't",
    "users'",
    "''",
    "'{'",
    '{a} #b} {{',
    "'#' and '|'",
    '<x1/> items in <x2>bold</x2>',
    '%1$d files',
    '',
    'मेरी फ़ाइलें',
  ];

  it.each(literals)('gives back %j exactly as pluralMessage took it', (text) => {
    const message = pluralMessage({ one: text, other: `${text}!` });
    const parsed = pluralForms(message);
    expect(parsed?.variable).toBe('count');
    expect([...parsed!.forms]).toEqual([
      ['one', text],
      ['other', `${text}!`],
    ]);
  });

  it('reads a hand-written message with its own spacing and variable', () => {
    const parsed = pluralForms('  {n,plural,\n  one {# file}\n  other {# files}\n}  ');
    expect(parsed?.variable).toBe('n');
    expect(Object.fromEntries(parsed!.forms)).toEqual({ one: '# file', other: '# files' });
  });

  it('keeps a nested argument as written', () => {
    const parsed = pluralForms('{count, plural, one {{name} has one} other {{name} has #}}');
    expect(parsed?.forms.get('one')).toBe('{name} has one');
  });

  it.each([
    'Just text',
    'You have {count, plural, one {# file} other {# files}}',
    '{count, plural, one {a} other {b}} and more',
    '{count, plural, one {a} other {b}}{n, plural, other {c}}',
    '{gender, select, male {he} other {they}}',
    '{count, selectordinal, one {#st} other {#th}}',
    '{count, plural, offset:1 one {a} other {b}}',
    '{count, plural, =0 {none} other {some}}',
    '{count, plural, lots {a} other {b}}',
    '{count, plural, one {a} one {b} other {c}}',
    '{count, plural, one {a} other {b}',
  ])('is undefined for %j', (message) => {
    expect(pluralForms(message)).toBeUndefined();
  });

  it('unquotes the way ICU reads apostrophes', () => {
    expect(unquoteIcuLiteral("it's '{'x'}' ''y''")).toBe("it's {x} 'y'");
    expect(unquoteIcuLiteral("'{it''s}'")).toBe("{it's}");
  });
});
