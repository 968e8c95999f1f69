import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluralForms, pluralMessage } from '../../../src/formats/resource-files/plural-message';
import { pluralCategories } from '../../../src/formats/plural-categories';
import type { ResourceUnit } from '../../../src/formats/resource-files/types';

/** The real files the codecs' own tests use (copied from ../shared/data). */
const FORMATS_FOLDER = fileURLToPath(new URL('../', import.meta.url));
const FIXTURE_FOLDERS = ['android', 'ios', 'ios-strings', 'stringsdict', 'xcstrings', 'json-i18n'].map(
  (name) => join(FORMATS_FOLDER, name, 'fixtures'),
);

function filesUnder(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(xml|strings|stringsdict|xcstrings|json)$/.test(name) ? [path] : [];
  });
}

/** Every fixture file of the given extensions, as a path below the formats test folder. */
export function resourceFixtures(extensions: readonly string[]): string[] {
  return FIXTURE_FOLDERS.flatMap((folder) => filesUnder(folder))
    .filter((path) => extensions.some((extension) => path.endsWith(extension)))
    .map((path) => relative(FORMATS_FOLDER, path))
    .sort();
}

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FORMATS_FOLDER, name)));
}

/** A pseudo-translation that changes every text and keeps its markers: «text». */
export function wrapText(text: string): string {
  return `«${text}»`;
}

/**
 * A translation of every unit for `language`: plain text wrapped in «…», a plural with each of
 * the language's categories (from the source's form of it, else its `other`) wrapped and tagged.
 */
export function translateUnits(units: readonly ResourceUnit[], language: string): Map<string, string> {
  return new Map(
    units.map((unit) => {
      if (!unit.plural) return [unit.id, wrapText(unit.text)];
      const { variable, forms } = pluralForms(unit.text)!;
      const translated = new Map(
        pluralCategories(language).map((category) => [
          category,
          `${category}:${wrapText(forms.get(category) ?? forms.get('other')!)}`,
        ]),
      );
      return [unit.id, pluralMessage(translated, variable)];
    }),
  );
}
