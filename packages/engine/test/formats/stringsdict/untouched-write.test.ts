import { describe, expect, it } from 'vitest';
import { parseStringsdict } from '../../../src/formats/stringsdict/read';
import { writeStringsdict } from '../../../src/formats/stringsdict/write';
import { iosFixtures, readIosFixture } from '../ios/fixtures';

/** Byte equality without a deep comparison element by element (catalogs are megabytes). */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(actual, expected)).toBe(0);
}

// A translation for no unit: the writer takes its full path and still changes nothing.
const NOTHING_MATCHING = new Map([['\u0000no such key', 'x']]);

describe('.stringsdict write with no translations', () => {
  it.each(iosFixtures('.stringsdict'))('%s: the same bytes as the full write gives', (name) => {
    const bytes = readIosFixture(name);
    const file = parseStringsdict(bytes, name);
    for (const language of ['en', 'hi', 'ar']) {
      expectSameBytes(
        writeStringsdict(file, new Map(), language),
        writeStringsdict(file, NOTHING_MATCHING, language),
      );
    }
    // English has the fixtures' categories: nothing changes at all.
    expectSameBytes(writeStringsdict(file, new Map(), 'en'), bytes);
  });

  it('answers a copy the caller may change', () => {
    const name = iosFixtures('.stringsdict')[0]!;
    const file = parseStringsdict(readIosFixture(name), name);
    const first = writeStringsdict(file, new Map(), 'en');
    first.fill(0);
    expectSameBytes(writeStringsdict(file, new Map(), 'en'), readIosFixture(name));
  });
});
