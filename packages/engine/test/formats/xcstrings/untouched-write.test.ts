import { describe, expect, it } from 'vitest';
import { parseXcstrings } from '../../../src/formats/xcstrings/read';
import { writeXcstrings } from '../../../src/formats/xcstrings/write';
import { iosFixtures, readIosFixture } from '../ios/fixtures';

/** Byte equality without a deep comparison element by element (catalogs are megabytes). */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(actual, expected)).toBe(0);
}

// A translation for no unit: the writer takes its full path and still changes nothing.
const NOTHING_MATCHING = new Map([['\u0000no such key', 'x']]);

const CATALOG =
  '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "Hi" : {\n\n    }\n  },\n  "version" : "1.0"\n}';

describe('.xcstrings write with no translations', () => {
  it.each(iosFixtures('.xcstrings'))('%s: the bytes it came in, as the full write gives them', (name) => {
    const bytes = readIosFixture(name);
    const file = parseXcstrings(bytes, name);
    expectSameBytes(writeXcstrings(file, new Map(), 'hi'), bytes);
    expectSameBytes(writeXcstrings(file, new Map(), 'hi'), writeXcstrings(file, NOTHING_MATCHING, 'hi'));
  });

  it.each([
    ['a byte order mark', `\uFEFF${CATALOG}`],
    ['leading white space', `\n ${CATALOG}\n`],
  ])('a catalog with %s is written as the full write writes it', (_what, text) => {
    const file = parseXcstrings(new TextEncoder().encode(text), 'Localizable.xcstrings');
    const full = writeXcstrings(file, NOTHING_MATCHING, 'hi');
    expectSameBytes(writeXcstrings(file, new Map(), 'hi'), full);
    expect(new TextDecoder().decode(full)).toBe(`${CATALOG}${text.endsWith('\n') ? '\n' : ''}`);
  });

  it('answers a copy the caller may change', () => {
    const file = parseXcstrings(new TextEncoder().encode(CATALOG), 'Localizable.xcstrings');
    writeXcstrings(file, new Map(), 'hi').fill(0);
    expect(new TextDecoder().decode(writeXcstrings(file, new Map(), 'hi'))).toBe(CATALOG);
  });
});
