import { describe, expect, it } from 'vitest';
import { parseStrings } from '../../../src/formats/ios-strings/read';
import { writeStrings } from '../../../src/formats/ios-strings/write';
import { iosFixtures, readIosFixture } from '../ios/fixtures';

/** Byte equality without a deep comparison element by element (catalogs are megabytes). */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(actual, expected)).toBe(0);
}

// A translation for no unit: the writer takes its full path and still changes nothing.
const NOTHING_MATCHING = new Map([['\u0000no such key', 'x']]);

describe('.strings write with no translations', () => {
  it.each(iosFixtures('.strings'))('%s: the bytes it came in, as the full write gives them', (name) => {
    const bytes = readIosFixture(name);
    const file = parseStrings(bytes, name);
    const untouched = writeStrings(file, new Map());
    expectSameBytes(untouched, bytes);
    expectSameBytes(untouched, writeStrings(file, NOTHING_MATCHING));
  });

  it('answers a copy: neither the caller changing its bytes nor the answer changes the file', () => {
    const bytes = new TextEncoder().encode('"a" = "b";\n');
    const file = parseStrings(bytes, 'Localizable.strings');
    bytes[1] = 0x7a;
    const first = writeStrings(file, new Map());
    first[1] = 0x79;
    expect(new TextDecoder().decode(writeStrings(file, new Map()))).toBe('"a" = "b";\n');
  });

  it('keeps a UTF-16 file with its byte order mark byte for byte', () => {
    const text = '\uFEFF"key" = "value";\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let index = 0; index < text.length; index += 1) {
      bytes[index * 2] = text.charCodeAt(index) & 0xff;
      bytes[index * 2 + 1] = text.charCodeAt(index) >> 8;
    }
    const file = parseStrings(bytes, 'Localizable.strings');
    expectSameBytes(writeStrings(file, new Map()), bytes);
    expectSameBytes(writeStrings(file, NOTHING_MATCHING), bytes);
  });
});
