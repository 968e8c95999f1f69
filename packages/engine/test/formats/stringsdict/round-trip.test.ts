import { describe, expect, it } from 'vitest';
import { iosUnitId } from '../../../src/formats/ios-strings/types';
import { pluralCategories } from '../../../src/formats/plural-categories';
import { parseStringsdict, type StringsdictFile } from '../../../src/formats/stringsdict/read';
import { writeStringsdict } from '../../../src/formats/stringsdict/write';
import { iosFixtures, pseudoTranslate, readIosFixture } from '../ios/fixtures';

const files = iosFixtures('.stringsdict');

/** A translation of every unit, and of every category the language needs (from the `other` form). */
function translateAll(parsed: StringsdictFile, language: string): Map<string, string> {
  const translations = new Map(parsed.units.map((unit) => [unit.id, pseudoTranslate(unit.text)]));
  for (const entry of parsed.entries)
    for (const variable of entry.variables) {
      const other = parsed.units.find((unit) => unit.id === iosUnitId(entry.key, [variable.name, 'other']))!;
      for (const category of pluralCategories(language)) {
        const id = iosUnitId(entry.key, [variable.name, category]);
        if (!translations.has(id)) translations.set(id, pseudoTranslate(`${category}: ${other.text}`));
      }
    }
  return translations;
}

describe('.stringsdict round trip of every real fixture', () => {
  it('finds the fixtures', () => {
    expect(files.length).toBe(3);
  });

  it.each(files)('%s comes back byte for byte when nothing is translated', (name) => {
    const bytes = readIosFixture(name);
    const parsed = parseStringsdict(bytes, name);
    expect(parsed.entries.length).toBeGreaterThanOrEqual(30);
    const language = name.split('/')[1]!.replace('.lproj', '');
    expect(Buffer.from(writeStringsdict(parsed, new Map(), language)).equals(Buffer.from(bytes))).toBe(true);
  });

  for (const language of ['hi', 'ar', 'ja'])
    it.each(files)(`%s translated to ${language} has every key, category and placeholder`, (name) => {
      const parsed = parseStringsdict(readIosFixture(name), name);
      const translations = translateAll(parsed, language);
      const reparsed = parseStringsdict(writeStringsdict(parsed, translations, language), name);
      const categories = pluralCategories(language);

      expect(reparsed.entries.map((entry) => entry.key)).toEqual(parsed.entries.map((entry) => entry.key));
      for (const [index, entry] of reparsed.entries.entries()) {
        const source = parsed.entries[index]!;
        expect(entry.variables.map((variable) => variable.name)).toEqual(
          source.variables.map((variable) => variable.name),
        );
        for (const variable of entry.variables) {
          expect(variable.forms.map((form) => form.category)).toEqual(categories);
          const sourceVariable = source.variables.find((candidate) => candidate.name === variable.name)!;
          expect(variable.valueType).toBe(sourceVariable.valueType);
          expect(variable.specType).toBe(sourceVariable.specType);
        }
      }
      for (const unit of reparsed.units) {
        expect(unit.text).toBe(translations.get(unit.id));
        // A category the source lacks was translated from the source's `other` form.
        const otherId = iosUnitId(unit.key, [unit.path[0]!, 'other']);
        const source =
          parsed.units.find((candidate) => candidate.id === unit.id) ??
          parsed.units.find((candidate) => candidate.id === otherId)!;
        expect(unit.placeholders).toEqual(source.placeholders);
      }
    });
});
