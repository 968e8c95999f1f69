import { describe, expect, it } from 'vitest';
import { parseStrings } from '../../../src/formats/ios-strings/read';
import { writeStrings } from '../../../src/formats/ios-strings/write';
import { iosFixtures, pseudoTranslate, readIosFixture } from '../ios/fixtures';

const files = iosFixtures('.strings');

describe('.strings round trip of every real fixture', () => {
  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
  });

  it.each(files)('%s comes back byte for byte when nothing is translated', (name) => {
    const bytes = readIosFixture(name);
    const parsed = parseStrings(bytes, name);
    expect(parsed.units.length).toBeGreaterThan(0);
    expect(Buffer.from(writeStrings(parsed, new Map())).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(files)('%s keeps every key and placeholder when every unit is translated', (name) => {
    const parsed = parseStrings(readIosFixture(name), name);
    const translations = new Map(parsed.units.map((unit) => [unit.id, pseudoTranslate(unit.text)]));
    const written = writeStrings(parsed, translations);
    const reparsed = parseStrings(written, name);

    expect(reparsed.encoding).toEqual(parsed.encoding);
    expect(reparsed.units.map((unit) => unit.key)).toEqual(parsed.units.map((unit) => unit.key));
    for (const unit of reparsed.units) {
      expect(unit.text).toBe(translations.get(unit.id));
      const source = parsed.units.find((candidate) => candidate.id === unit.id)!;
      expect(unit.placeholders).toEqual(source.placeholders);
      expect(unit.comment).toBe(source.comment);
    }
    expect(reparsed.warnings.length).toBe(parsed.warnings.length);
  });
});
