import { describe, expect, it } from 'vitest';
import { pluralExample } from '../../src/formats/plural-example';
import { pluralForms } from '../../src/formats/resource-files/plural-message';
import {
  targetPluralMessage,
  translatePluralMessage,
} from '../../src/formats/resource-files/plural-translation';

describe('targetPluralMessage', () => {
  const english = new Map([
    ['one', '<x1/> फ़ाइल'],
    ['other', '<x1/> फ़ाइलें'],
  ]);

  it('writes exactly the target language’s categories, missing ones from other', () => {
    expect(targetPluralMessage(english, 'hi')).toBe('{count, plural, one {<x1/> फ़ाइल} other {<x1/> फ़ाइलें}}');
    const arabic = pluralForms(targetPluralMessage(english, 'ar', 'n'))!;
    expect(arabic.variable).toBe('n');
    expect([...arabic.forms.keys()]).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(arabic.forms.get('few')).toBe('<x1/> फ़ाइलें');
    expect(arabic.forms.get('one')).toBe('<x1/> फ़ाइल');
    expect(targetPluralMessage(english, 'ja')).toBe('{count, plural, other {<x1/> फ़ाइलें}}');
  });

  it('keeps braces and apostrophes of a form literal', () => {
    const forms = new Map([['other', "l'app {beta}"]]);
    expect(pluralForms(targetPluralMessage(forms, 'fr'))!.forms.get('many')).toBe("l'app {beta}");
  });
});

describe('translatePluralMessage', () => {
  it('maps each source form once and recomposes for the target', () => {
    const seen: string[] = [];
    const out = translatePluralMessage(
      '{count, plural, one {<x1/> file} other {<x1/> files}}',
      'ru',
      (form, category) => {
        seen.push(category);
        return form.replace(/files?/, (word) => word.toUpperCase());
      },
    );
    expect(seen).toEqual(['one', 'other']);
    expect(out).toBe(
      '{count, plural, one {<x1/> FILE} few {<x1/> FILES} many {<x1/> FILES} other {<x1/> FILES}}',
    );
  });

  it('answers undefined for a text that is not a plural message', () => {
    expect(translatePluralMessage('Save <x1/>', 'hi', (form) => form)).toBeUndefined();
  });
});

describe('pluralExample', () => {
  it('gives the smallest count of each category', () => {
    expect(pluralExample('hi', 'one')).toBe(0);
    expect(pluralExample('hi', 'other')).toBe(2);
    expect(pluralExample('ar', 'few')).toBe(3);
    expect(pluralExample('ar', 'many')).toBe(11);
    expect(pluralExample('ru', 'other')).toBe(0.5);
    expect(pluralExample('fr', 'many')).toBe(1000000);
    expect(pluralExample('ja', 'one')).toBeUndefined();
    expect(pluralExample('not a tag', 'other')).toBeUndefined();
  });
});
