import { describe, expect, it } from 'vitest';
import { pluralCategories } from '../../../src/formats/plural-categories';
import { pluralForms } from '../../../src/formats/resource-files/plural-message';
import { readResourceFile } from '../../../src/formats/resource-files/read';
import type { ResourceFile, ResourceUnit } from '../../../src/formats/resource-files/types';
import { writeResourceFile } from '../../../src/formats/resource-files/write';
import { fixtureBytes, resourceFixtures, translateUnits, wrapText } from './fixtures';

const fixtures = resourceFixtures(['.xml', '.strings']);

/** The language a fixture is written in, from its folder (`values-hi`, `hi-IN.lproj`), else English. */
function languageOf(name: string): string {
  const folder = /values-([a-z]{2,3})\b|\/([a-z]{2,3})(?:-[A-Za-z]+)?\.lproj\//.exec(name);
  return folder?.[1] ?? folder?.[2] ?? 'en';
}

function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}

function expectTranslated(before: ResourceFile, after: ResourceFile, language: string): void {
  const afterById = new Map(after.units.map((unit) => [unit.id, unit]));
  for (const unit of before.units) {
    const translated: ResourceUnit | undefined = afterById.get(unit.id);
    expect(translated, unit.id).toBeDefined();
    if (!unit.plural) {
      expect(translated!.text, unit.id).toBe(wrapText(unit.text));
      expect(sorted(translated!.placeholders), unit.id).toEqual(sorted(unit.placeholders));
      continue;
    }
    const forms = pluralForms(translated!.text);
    expect([...forms!.forms.keys()], unit.id).toEqual(pluralCategories(language));
    expect(new Set(translated!.placeholders), unit.id).toEqual(new Set(unit.placeholders));
  }
}

describe.each(fixtures)('%s through the facade', (name) => {
  const bytes = fixtureBytes(name);
  const sourceLanguage = languageOf(name);

  it('writes the source language with no translations byte for byte', () => {
    const written = writeResourceFile(name, bytes, new Map(), { language: sourceLanguage, sourceLanguage });
    expect(Buffer.from(written).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(['ar', 'hi'])('translates every unit into %s and reads them all back', (language) => {
    const before = readResourceFile(name, bytes);
    const written = writeResourceFile(name, bytes, translateUnits(before.units, language), {
      language,
      sourceLanguage,
    });
    expectTranslated(before, readResourceFile(name, written), language);
  });
});
