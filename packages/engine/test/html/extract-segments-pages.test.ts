import { describe, expect, it } from 'vitest';
import { extractSegments, type Segment } from '../../src';
import { readWebsiteFixture } from './read-fixture';

function countByKind(segments: readonly Segment[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const segment of segments) counts[segment.kind] = (counts[segment.kind] ?? 0) + 1;
  return counts;
}

function totalWords(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + segment.wordCount, 0);
}

function texts(segments: readonly Segment[]): string[] {
  return segments.map((segment) => segment.text);
}

describe('extractSegments on the orgpedia pages (minified, unquoted attributes, implied end tags)', () => {
  // Read by hand from hi/deputy.html: title 1; logo "op" 1; "भारत के मंत्री" 1; "खोज" 1; search
  // placeholder 1; 23 language options; 7 menu items; search panel "Home", "Search", "Clear
  // Search" 3; breadcrumb "घर", "उप प्रधान मंत्री" 2; h2 1; 7 ministers × (alt, name, tenure) 21;
  // footer 3. The JSON-LD block repeats the names and must not count; "..." has no letter.
  it('cuts the Hindi deputy prime ministers page into 65 segments', () => {
    const segments = extractSegments(readWebsiteFixture('orgpedia-cabsec/hi/deputy.html'));
    expect(segments).toHaveLength(65);
    expect(countByKind(segments)).toEqual({ title: 1, attribute: 8, text: 56 });
    expect(segments[0]).toMatchObject({ kind: 'title', text: 'उप प्रधान मंत्री', wordCount: 3 });
    expect(texts(segments).filter((text) => text === 'वल्लभभाई पटेल')).toHaveLength(2);
    expect(segments.filter((segment) => segment.element === 'option')).toHaveLength(23);
    expect(segments.find((segment) => segment.attribute === 'placeholder')?.text).toBe('मंत्री, आदेश');
    expect(texts(segments)).toContain('घर');
    expect(texts(segments)).not.toContain('...');
  });

  it('counts Hindi words: conjuncts, vowel signs and Devanagari digits stay inside their word', () => {
    const segments = extractSegments(readWebsiteFixture('orgpedia-cabsec/hi/deputy.html'));
    const words = new Map(segments.map((segment) => [segment.text, segment.wordCount]));
    expect(words.get('भारत के मंत्री')).toBe(3);
    expect(words.get('कार्यकाल: १९४७ - १९५०')).toBe(3);
    expect(words.get('त्रुटिया बताये')).toBe(2);
    expect(words.get('भगवान कृष्ण आडवाणी')).toBe(3);
    expect(words.get('हिन्दी (Hindi)')).toBe(2);
    expect(totalWords(segments)).toBe(135);
  });

  it('counts Marathi words on the Marathi page (same layout, 65 segments)', () => {
    const segments = extractSegments(readWebsiteFixture('orgpedia-cabsec/mr/deputy.html'));
    expect(segments).toHaveLength(65);
    const words = new Map(segments.map((segment) => [segment.text, segment.wordCount]));
    expect(words.get('उपपंतप्रधान')).toBe(1);
    expect(words.get('भारताचे मंत्री')).toBe(2);
    expect(words.get('कार्यकाळ: १९४७ - १९५०')).toBe(3);
    expect(words.get('गिटहब वर पहा')).toBe(3);
    expect(totalWords(segments)).toBe(125);
  });

  it('reads the English page the same way', () => {
    const segments = extractSegments(readWebsiteFixture('orgpedia-cabsec/en/deputy.html'));
    expect(segments).toHaveLength(65);
    expect(segments.filter((segment) => segment.text === 'Tenure: 1979 - 1979')).toHaveLength(2);
    expect(totalWords(segments)).toBe(138);
  });

  it('keeps a paragraph with line breaks as one segment with void placeholders', () => {
    const segments = extractSegments(readWebsiteFixture('orgpedia-cabsec/disclaimer.html'));
    expect(texts(segments)).toEqual([
      'Disclaimer',
      '<x1>o</x1>p',
      'Disclaimer',
      expect.stringMatching(
        /^Orgpedia is an independent.*are provided\.<x1\/><x2\/>Orgpedia is not the copyright owner.*<x3\/><x4\/>Orgpedia grants you .*\(the “CC BY 4\.0 License”\)\.$/,
      ),
      'Disclaimer',
      'All rights reserved',
    ]);
    const paragraph = segments[3]!;
    expect(
      paragraph.placeholders.map((placeholder) => [placeholder.id, placeholder.kind, placeholder.html]),
    ).toEqual([
      [1, 'void', '<br>'],
      [2, 'void', '<br>'],
      [3, 'void', '<br>'],
      [4, 'void', '<br>'],
    ]);
    // 55 + 51 + 27 words in the three paragraphs (counted by hand; "non-profit" and "4.0" are one
    // word each, "content/information" two).
    expect(paragraph.wordCount).toBe(133);
  });
});

describe('extractSegments on a Jitsi handbook page (Docusaurus build)', () => {
  const html = readWebsiteFixture('jitsi-handbook/handbook/docs/security/index.html');
  const segments = extractSegments(html);

  // Read by hand: title; og:title, description, og:description; 18 attributes (aria-label of the
  // skip region, main nav, navbar toggle, GitHub link, theme button (and its title), search
  // button, back-to-top, sidebar nav, 4 "Expand sidebar category" buttons, breadcrumbs nav, home
  // link, pagination nav; 2 footer logo alts); 40 texts (skip link, 6 navbar items one per link,
  // search button, 9 sidebar entries, 2 breadcrumbs, h1, the paragraph, edit link, last-updated
  // line, 4 pagination labels, 12 footer entries, copyright).
  it('finds 62 segments', () => {
    expect(segments).toHaveLength(62);
    expect(countByKind(segments)).toEqual({ title: 1, meta: 3, attribute: 18, text: 40 });
    expect(totalWords(segments)).toBe(185);
  });

  it('extracts title and meta tags', () => {
    expect(segments.slice(0, 4).map((segment) => [segment.kind, segment.attribute, segment.text])).toEqual([
      ['title', undefined, 'Security | Jitsi Meet'],
      ['meta', 'content', 'Security | Jitsi Meet'],
      ['meta', 'content', 'This topic is relatively complex, so we created a post that covers it much'],
      ['meta', 'content', 'This topic is relatively complex, so we created a post that covers it much'],
    ]);
  });

  it('keeps an inline link inside its sentence', () => {
    const paragraph = segments.find((segment) => segment.element === 'p')!;
    expect(paragraph.text).toBe(
      'This topic is relatively complex, so we created a post that covers it much more broadly here: <x1>https://jitsi.org/security</x1>',
    );
    expect(paragraph.placeholders).toEqual([
      {
        id: 1,
        kind: 'paired',
        tag: 'a',
        attributes: { href: 'https://jitsi.org/security', target: '_blank', rel: 'noopener noreferrer' },
        html: '<a href="https://jitsi.org/security" target="_blank" rel="noopener noreferrer">',
        closeHtml: '</a>',
      },
    ]);
    // 17 words, and countWords reads the URL as four (https, jitsi, org, security).
    expect(paragraph.wordCount).toBe(21);
    expect(html.slice(paragraph.start, paragraph.end)).toBe(paragraph.raw);
    expect(paragraph.raw).toMatch(/^This topic.*\n.*<\/a>$/);
  });

  it('splits a menu of sibling links into one segment per item', () => {
    const navbar = ['Jitsi Meet Handbook', 'Docs', 'SDKs', 'Releases', 'Community', 'JaaS'];
    const index = texts(segments).indexOf('Jitsi Meet Handbook');
    expect(texts(segments).slice(index, index + navbar.length)).toEqual(navbar);
  });

  it('returns segments in document order', () => {
    const starts = segments.map((segment) => segment.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
