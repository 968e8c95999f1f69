import { describe, expect, it } from 'vitest';
import { checkAaptStringRules } from '../../../src/formats/android/aapt-rules';
import { pluralCategories } from '../../../src/formats/plural-categories';
import { parseAndroidResources } from '../../../src/formats/android/read';
import type { AndroidResourceFile } from '../../../src/formats/android/types';
import { writeAndroidResources } from '../../../src/formats/android/write';
import { PLACEHOLDER_PATTERN } from '../../../src/html/placeholder-syntax';
import { androidFiles, readFixture } from './fixtures';

const FILES = androidFiles();
const encoder = new TextEncoder();

/**
 * A pseudo-translation: every stretch of text between placeholders gets Devanagari around it,
 * accents on its vowels, and an apostrophe and a quote (the characters that break Android builds);
 * placeholders stay where they were.
 */
function pseudo(text: string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    out += accent(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return `हिं'"${out}${accent(text.slice(from))} "ऽ'`;
}

function accent(text: string): string {
  return text.replace(/[aeiou]/g, (vowel) => ({ a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' })[vowel]!);
}

/** Translations of every translatable unit, plurals with the target language's categories. */
function translateAll(file: AndroidResourceFile, language: string): Map<string, string> {
  const translations = new Map<string, string>();
  for (const unit of file.units)
    if (unit.translatable && unit.kind !== 'plurals') translations.set(unit.id, pseudo(unit.text));
  for (const group of file.groups) {
    if (group.kind !== 'plurals' || !group.translatable) continue;
    const other = group.units.find((unit) => unit.quantity === 'other') ?? group.units[0]!;
    for (const category of pluralCategories(language)) {
      const source = group.units.find((unit) => unit.quantity === category) ?? other;
      translations.set(`${group.key}#${category}`, pseudo(source.text));
    }
  }
  return translations;
}

/** Resource names in file order, one entry per element. */
function keyOrder(file: AndroidResourceFile): string[] {
  return file.units.map((unit) => unit.key).filter((key, index, keys) => key !== keys[index - 1]);
}

describe('Android resources: every real file', () => {
  it('has fixtures to read', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(16);
  });

  it.each(FILES.map((path) => [readFixture(path).name, path]))(
    '%s is written back byte for byte',
    (_name, path) => {
      const { bytes, name } = readFixture(path);
      const file = parseAndroidResources(bytes, { fileName: name });
      expect(file.units.length).toBeGreaterThan(0);
      for (const unit of file.units) expect(file.source.slice(unit.start, unit.end)).toBe(unit.raw);
      const written = encoder.encode(writeAndroidResources(file, new Map(), { language: 'hi' }));
      expect(Buffer.from(written).equals(Buffer.from(bytes))).toBe(true);
    },
  );

  for (const language of ['hi', 'ar', 'ja']) {
    it.each(FILES.map((path) => [readFixture(path).name, path]))(
      `%s translated to ${language} keeps every key, plural category and placeholder`,
      (_name, path) => {
        const { bytes, name } = readFixture(path);
        const file = parseAndroidResources(bytes, { fileName: name });
        const translations = translateAll(file, language);
        const written = writeAndroidResources(file, translations, { language });
        const again = parseAndroidResources(written, { fileName: name });
        const byId = new Map(again.units.map((unit) => [unit.id, unit]));

        for (const [id, translation] of translations) {
          const unit = byId.get(id);
          expect(unit, id).toBeDefined();
          expect(unit!.text, id).toBe(translation);
        }
        for (const unit of file.units) {
          if (unit.kind === 'plurals') continue;
          const written = byId.get(unit.id)!;
          expect(
            written.placeholders.map((p) => p.raw + (p.closeRaw ?? '')),
            unit.id,
          ).toEqual(unit.placeholders.map((p) => p.raw + (p.closeRaw ?? '')));
          if (!unit.translatable) expect(written.raw).toBe(unit.raw);
        }
        for (const group of file.groups.filter((entry) => entry.kind === 'plurals')) {
          const quantities = again.units
            .filter((unit) => unit.id.startsWith(`${group.key}#`))
            .map((unit) => unit.quantity);
          expect(quantities, group.key).toEqual(
            group.translatable ? pluralCategories(language) : group.units.map((unit) => unit.quantity),
          );
        }
        // Same keys in the same order (a plural's items may number differently).
        expect(keyOrder(again)).toEqual(keyOrder(file));
        expect(checkAaptStringRules(written)).toEqual([]);
      },
    );
  }
});
