import { describe, expect, it } from 'vitest';
import { protectSpecifiersLike } from '../../../src/formats/ios-strings/format-specifiers';
import { pluralCategories } from '../../../src/formats/plural-categories';
import { iosUnitId } from '../../../src/formats/ios-strings/types';
import { jsonMember } from '../../../src/formats/xcstrings/ordered-json';
import {
  localizationLeaves,
  parseXcstrings,
  xcstringsImports,
  type XcstringsFile,
} from '../../../src/formats/xcstrings/read';
import { writeXcstrings } from '../../../src/formats/xcstrings/write';
import { writeXcodeJson } from '../../../src/formats/xcstrings/xcode-json';
import { iosFixtures, pseudoTranslate, readIosFixture } from '../ios/fixtures';

const files = iosFixtures('.xcstrings');
const parsedFiles = new Map(files.map((name) => [name, parseXcstrings(readIosFixture(name), name)]));

/** The source paths a language needs: plural forms replaced by the language's categories. */
function targetPaths(parsed: XcstringsFile, language: string): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const unit of parsed.units) {
    // An empty text has nothing to translate (IceCubes has the key "").
    if (unit.text === '') continue;
    if (unit.path.at(-2) !== 'plural') wanted.set(unit.id, unit.id);
    else
      for (const category of pluralCategories(language))
        wanted.set(iosUnitId(unit.key, [...unit.path.slice(0, -1), category]), unit.id);
  }
  return wanted;
}

describe('.xcstrings round trip of every real fixture', () => {
  it('finds the fixtures', () => {
    expect(files).toHaveLength(2);
  });

  it.each(files)('%s is written by the Xcode-style serialiser alone byte for byte', (name) => {
    const parsed = parsedFiles.get(name)!;
    expect(writeXcodeJson(parsed.root) + parsed.trailing).toBe(parsed.text);
  });

  it.each(files)('%s comes back byte for byte when nothing is translated', (name) => {
    const bytes = readIosFixture(name);
    const parsed = parsedFiles.get(name)!;
    expect(parsed.units.length).toBeGreaterThan(10);
    for (const language of ['en', 'hi', 'de'])
      expect(Buffer.from(writeXcstrings(parsed, new Map(), language)).equals(Buffer.from(bytes))).toBe(true);
  });

  for (const language of ['hi', 'ar', 'ja'])
    it.each(files)(`%s translated to ${language} has every key, plural category and placeholder`, (name) => {
      const parsed = parsedFiles.get(name)!;
      const wanted = targetPaths(parsed, language);
      const unitsById = new Map(parsed.units.map((unit) => [unit.id, unit]));
      const translations = new Map(
        [...wanted].map(([id, sourceId]) => [id, pseudoTranslate(unitsById.get(sourceId)!.text)]),
      );
      const written = writeXcstrings(parsed, translations, language, { state: 'needs_review' });
      const reparsed = parseXcstrings(written, name);

      expect(reparsed.units).toEqual(parsed.units);
      expect(reparsed.skippedKeys).toEqual(parsed.skippedKeys);
      const found = new Map(
        xcstringsImports(reparsed)
          .filter((entry) => entry.language === language)
          .map((entry) => [entry.unitId, entry]),
      );
      expect([...found.keys()].sort()).toEqual([...wanted.keys()].sort());
      for (const [id, sourceId] of wanted) {
        const entry = found.get(id)!;
        const source = unitsById.get(sourceId)!;
        expect(entry.text).toBe(translations.get(id));
        expect(protectSpecifiersLike(entry.text, source.placeholders).placeholders).toEqual(
          source.placeholders,
        );
        expect(entry.placeholders).toEqual(source.placeholders);
        expect(['needs_review', 'translated']).toContain(entry.state);
      }
      // Every plural of the language has exactly its CLDR categories.
      const strings = jsonMember(reparsed.root, 'strings');
      if (strings?.kind !== 'object') throw new Error('the written catalog has no strings');
      for (const [, entry] of strings.entries) {
        const leaves = localizationLeaves(jsonMember(jsonMember(entry, 'localizations'), language));
        const plurals = new Map<string, string[]>();
        for (const leaf of leaves)
          if (leaf.path.at(-2) === 'plural') {
            const parent = leaf.path.slice(0, -1).join('/');
            plurals.set(parent, [...(plurals.get(parent) ?? []), leaf.path.at(-1)!]);
          }
        for (const categories of plurals.values())
          expect(categories.sort()).toEqual([...pluralCategories(language)].sort());
      }
    });
});
