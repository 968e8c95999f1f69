import { describe, expect, it } from 'vitest';
import {
  collapseHtmlWhitespace,
  isHtmlWhitespace,
  leadingHtmlWhitespace,
  trailingHtmlWhitespace,
} from '../../src/html/normalise-text';
import { seededRandom } from '../support/seeded-random';

// The definitions the fast scans must agree with.
const collapseByRegex = (text: string) => text.replace(/[\t\n\f\r ]+/g, ' ').trim();
const isWhitespaceByRegex = (text: string) => /^[\t\n\f\r ]*$/.test(text);

// Characters that matter to collapsing: HTML whitespace, whitespace only `trim` removes (vertical
// tab, NBSP, U+2028, BOM, ideographic space), zero-width characters it keeps, letters, a control.
const ALPHABET = [
  ' ',
  ' ',
  '\t',
  '\n',
  '\f',
  '\r',
  '\v',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\u3000',
  '\u200b',
  'a',
  'क',
  '\u0001',
];

function randomText(random: () => number): string {
  let text = '';
  const length = Math.floor(random() * 9);
  for (let index = 0; index < length; index += 1) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text;
}

describe('whitespace scans agree with their regular-expression definitions', () => {
  it('collapses and trims like replace(/[\\t\\n\\f\\r ]+/g, " ").trim() on 50,000 random texts', () => {
    const random = seededRandom(20261122);
    const mismatches: string[] = [];
    for (let round = 0; round < 50_000; round += 1) {
      const text = randomText(random);
      if (
        collapseHtmlWhitespace(text) !== collapseByRegex(text) ||
        isHtmlWhitespace(text) !== isWhitespaceByRegex(text) ||
        leadingHtmlWhitespace(text) !== /^[\t\n\f\r ]*/.exec(text)![0].length ||
        trailingHtmlWhitespace(text) !== /[\t\n\f\r ]*$/.exec(text)![0].length
      )
        mismatches.push(JSON.stringify(text));
    }
    expect(mismatches).toEqual([]);
  });

  it('counts within a range [start, end) what the same counts give on its slice', () => {
    const random = seededRandom(20261123);
    const mismatches: string[] = [];
    for (let round = 0; round < 20_000; round += 1) {
      const text = randomText(random) + randomText(random);
      const start = Math.floor(random() * (text.length + 1));
      const end = start + Math.floor(random() * (text.length - start + 1));
      const slice = text.slice(start, end);
      if (
        leadingHtmlWhitespace(text, start, end) !== leadingHtmlWhitespace(slice) ||
        trailingHtmlWhitespace(text, start, end) !== trailingHtmlWhitespace(slice)
      )
        mismatches.push(JSON.stringify([text, start, end]));
    }
    expect(mismatches).toEqual([]);
  });

  it('answers the text itself when nothing changes, a slice when only the ends go', () => {
    expect(collapseHtmlWhitespace('Contact us')).toBe('Contact us');
    expect(collapseHtmlWhitespace('\n    Contact us\n  ')).toBe('Contact us');
    expect(collapseHtmlWhitespace('\u00a0Contact\n\n us\u00a0')).toBe('Contact us');
    expect(collapseHtmlWhitespace(' \t\n')).toBe('');
  });
});
