import { describe, expect, it } from 'vitest';
import { withPluralCategories } from '../../../src/formats/json-i18n/icu';
import { pluralCategories } from '../../../src/formats/plural-categories';
import { pluralForms } from '../../../src/formats/resource-files/plural-message';
import { readResourceFile } from '../../../src/formats/resource-files/read';
import type { ResourceFile, ResourceUnit } from '../../../src/formats/resource-files/types';
import { writeResourceFile } from '../../../src/formats/resource-files/write';
import { fixtureBytes, resourceFixtures, translateUnits, wrapText } from './fixtures';

const fixtures = resourceFixtures(['.xml', '.strings', '.stringsdict', '.xcstrings', '.json']);

/** The language a fixture is written in, from its folder (`values-hi`, `hi-IN.lproj`), else English. */
function languageOf(name: string): string {
  const folder = /values-([a-z]{2,3})\b|\/([a-z]{2,3})(?:-[A-Za-z]+)?\.lproj\//.exec(name);
  return folder?.[1] ?? folder?.[2] ?? 'en';
}

function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}

/** A text with each `<xN/>` marker replaced by the piece it stands for. */
function withPieces(text: string, placeholders: readonly string[]): string {
  return text.replace(/<x(\d+)\/>/g, (marker, id: string) => placeholders[Number(id) - 1] ?? marker);
}

/** The marker numbers of a text, sorted: what a catalog's translation must keep of its source. */
function markers(text: string): string[] {
  return sorted(text.match(/<\/?x\d+\/?>/g) ?? []);
}

function expectTranslated(before: ResourceFile, after: ResourceFile, language: string): void {
  const afterById = new Map(after.units.map((unit) => [unit.id, unit]));
  // A String Catalog keeps its source units and carries the new language as translations.
  const inCatalog = after.format === 'xcstrings' ? after.translations.get(language) : undefined;
  for (const unit of before.units) {
    const translated: ResourceUnit | undefined = afterById.get(unit.id);
    expect(translated, unit.id).toBeDefined();
    const text = inCatalog ? inCatalog.get(unit.id) : translated!.text;
    expect(text, unit.id).toBeDefined();
    if (!unit.plural && /,\s*plural\s*,/.test(unit.text)) {
      // Plural blocks inside a text get the target's categories from the codec: compare the markup.
      const expected = withPluralCategories(withPieces(wrapText(unit.text), unit.placeholders), language);
      expect(withPieces(text!, translated!.placeholders), unit.id).toBe(expected);
      continue;
    }
    if (!unit.plural) {
      expect(text, unit.id).toBe(wrapText(unit.text));
      if (!inCatalog) expect(sorted(translated!.placeholders), unit.id).toEqual(sorted(unit.placeholders));
      continue;
    }
    const forms = pluralForms(text!);
    expect([...forms!.forms.keys()], unit.id).toEqual(pluralCategories(language));
    if (inCatalog) expect(new Set(markers(text!)), unit.id).toEqual(new Set(markers(unit.text)));
    else expect(new Set(translated!.placeholders), unit.id).toEqual(new Set(unit.placeholders));
  }
}

describe.each(fixtures)('%s through the facade', (name) => {
  const bytes = fixtureBytes(name);
  const sourceLanguage = languageOf(name);

  it('writes the source language with no translations byte for byte', () => {
    const written = writeResourceFile(name, bytes, new Map(), { language: sourceLanguage, sourceLanguage });
    expect(Buffer.from(written).equals(Buffer.from(bytes))).toBe(true);
  });

  let read: ResourceFile | undefined;
  const readOnce = () => (read ??= readResourceFile(name, bytes));

  it.each(['ar', 'hi'])('translates every unit into %s and reads them all back', (language) => {
    const before = readOnce();
    const written = writeResourceFile(name, bytes, translateUnits(before.units, language), {
      language,
      sourceLanguage,
    });
    expectTranslated(before, readResourceFile(name, written), language);
  });
});
