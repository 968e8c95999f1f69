import { describe, expect, it } from 'vitest';
import { placeholderIssues } from '../../src/qa/placeholder-issues';

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);

// Tusky's help_empty_home: `This is your <b>home timeline</b>. … instance {{group}}.` as a segment.
const HOME = 'This is your <x1>home timeline</x1>. For example the local timeline of your instance <x2/>.';

describe('placeholderIssues: plain texts', () => {
  it('passes a translation with every marker once, moved where the language wants it', () => {
    expect(
      placeholderIssues(HOME, 'यह आपकी <x1>होम टाइमलाइन</x1> है। उदाहरण: <x2/> का स्थानीय टाइमलाइन।'),
    ).toEqual([]);
    expect(placeholderIssues(HOME, '<x2/> यह <x1>होम</x1>')).toEqual([]);
  });

  it('has nothing to say about an empty (untranslated) text', () => {
    expect(placeholderIssues(HOME, '')).toEqual([]);
  });

  it('names a dropped marker', () => {
    const issues = placeholderIssues(HOME, 'यह आपकी <x1>होम टाइमलाइन</x1> है।');
    expect(issues).toEqual([
      { code: 'MISSING_PLACEHOLDER', message: 'Placeholder <x2/> is missing', marker: '<x2/>' },
    ]);
  });

  it('names an added, a duplicated and a wrong-form marker', () => {
    expect(codes(placeholderIssues(HOME, '<x1>होम</x1> <x2/> <x3/>'))).toEqual(['EXTRA_PLACEHOLDER']);
    expect(placeholderIssues(HOME, '<x1>होम</x1> <x2/> <x2/>')).toEqual([
      {
        code: 'DUPLICATE_PLACEHOLDER',
        message: 'Placeholder <x2/> appears 2 times, 1 in the source',
        marker: '<x2/>',
      },
    ]);
    expect(placeholderIssues(HOME, '<x1/> होम <x2/>')).toEqual([
      { code: 'BROKEN_PLACEHOLDER', message: '<x1/> should be written <x1>…</x1>', marker: '<x1>…</x1>' },
    ]);
  });

  it('finds markers cut or mangled by a translator or an engine', () => {
    expect(codes(placeholderIssues(HOME, '<x1>होम</x1> <x2 है'))).toEqual([
      'BROKEN_PLACEHOLDER',
      'MISSING_PLACEHOLDER',
    ]);
    expect(placeholderIssues(HOME, '<x1>होम</x1> x2/> है')[0]).toMatchObject({
      code: 'BROKEN_PLACEHOLDER',
      marker: 'x2/>',
    });
    expect(codes(placeholderIssues(HOME, '<x1>होम</x1> &lt;x2/&gt;'))).toContain('BROKEN_PLACEHOLDER');
    // Words that merely contain x and a digit are text.
    expect(placeholderIssues('Size <x1/>', 'आकार <x1/> (2x2>1x1)')).toEqual([]);
  });

  it('finds paired markers left open, closed without opening, or crossing', () => {
    const source = '<x1>Bold <x2>and linked</x2></x1> text';
    expect(placeholderIssues(source, '<x1>बोल्ड <x2>लिंक</x2></x1> पाठ')).toEqual([]);
    expect(codes(placeholderIssues(source, '<x1>बोल्ड <x2>लिंक</x2> पाठ'))).toEqual(['BROKEN_PLACEHOLDER']);
    expect(placeholderIssues(source, '<x1>बोल्ड <x2>लिंक</x1></x2> पाठ')).toEqual([
      {
        code: 'MISNESTED_PLACEHOLDER',
        message: '</x1> closes before </x2>',
        marker: '<x1>…</x1>',
      },
    ]);
    expect(codes(placeholderIssues('Plain <x1/>', 'सादा <x1/></x3>'))).toEqual(['BROKEN_PLACEHOLDER']);
  });
});

// NewPipe's `<plurals name="subscribers">`: one `%s subscriber`, other `%s subscribers`.
const SUBSCRIBERS = '{count, plural, one {<x1/> subscriber} other {<x1/> subscribers}}';

describe('placeholderIssues: plural messages', () => {
  it('passes a translation with the target language’s categories and each form’s markers', () => {
    expect(
      placeholderIssues(SUBSCRIBERS, '{count, plural, one {<x1/> सदस्य} other {<x1/> सदस्य}}', 'hi'),
    ).toEqual([]);
    const arabic =
      '{count, plural, zero {لا مشتركين} one {مشترك واحد <x1/>} two {مشتركان <x1/>} few {<x1/> مشتركين} many {<x1/> مشتركًا} other {<x1/> مشترك}}';
    // `zero` is a category English lacks: it must hold what every source form holds.
    expect(placeholderIssues(SUBSCRIBERS, arabic, 'ar')).toEqual([
      {
        code: 'MISSING_PLACEHOLDER',
        message: 'Placeholder <x1/> is missing (zero)',
        marker: '<x1/>',
        category: 'zero',
      },
    ]);
  });

  it('names missing, empty and extra categories for the target language', () => {
    const issues = placeholderIssues(
      SUBSCRIBERS,
      '{count, plural, one {<x1/> مشترك} few {} other {<x1/> مشترك}}',
      'ar',
    );
    expect(issues.filter((issue) => issue.code === 'MISSING_PLURAL_CATEGORY').map((i) => i.category)).toEqual(
      ['zero', 'two', 'few', 'many'],
    );
    expect(placeholderIssues(SUBSCRIBERS, '{count, plural, one {<x1/> 人} other {<x1/> 人}}', 'ja')).toEqual([
      {
        code: 'EXTRA_PLURAL_CATEGORY',
        message: 'The target language has no plural form "one"',
        category: 'one',
      },
    ]);
  });

  it('takes the source’s categories when no target language is given', () => {
    expect(codes(placeholderIssues(SUBSCRIBERS, '{count, plural, other {<x1/> सदस्य}}'))).toEqual([
      'MISSING_PLURAL_CATEGORY',
    ]);
  });

  it('lets a form write the count where the source’s form spelt it out, but nothing foreign', () => {
    const source = '{n, plural, one {One file in <x2/>} other {<x1/> files in <x2/>}}';
    // Russian `one` also says 21, so it needs the count.
    expect(
      placeholderIssues(
        source,
        '{n, plural, one {<x1/> файл в <x2/>} few {<x1/> файла в <x2/>} many {<x1/> файлов в <x2/>} other {<x1/> файла в <x2/>}}',
        'ru',
      ),
    ).toEqual([]);
    expect(
      placeholderIssues(
        source,
        '{n, plural, one {<x3/> файл в <x2/>} few {файла} many {<x1/> файлов в <x2/>} other {<x1/> файла в <x2/>}}',
        'ru',
      ),
    ).toEqual([
      {
        code: 'EXTRA_PLACEHOLDER',
        message: 'Placeholder <x3/> is not in the source (one)',
        marker: '<x3/>',
        category: 'one',
      },
      {
        code: 'MISSING_PLACEHOLDER',
        message: 'Placeholder <x2/> is missing (few)',
        marker: '<x2/>',
        category: 'few',
      },
    ]);
  });

  it('flags a translation that is not a plural message', () => {
    expect(placeholderIssues(SUBSCRIBERS, '<x1/> सदस्य', 'hi')).toEqual([
      { code: 'NOT_PLURAL', message: 'The translation must be a plural message, one form per category' },
    ]);
  });
});
