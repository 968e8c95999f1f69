/**
 * String Catalogs (`.xcstrings`) through the facade. A catalog holds every language, so reading
 * it gives the source units AND the translations of its other languages (by the catalog's own
 * language tags); writing puts one language (`options.language`) into the same catalog, so
 * several languages are written by writing each into the previous output. Each plural variation
 * (`…/plural/{one,other}`, also below a device variation or a substitution) is ONE plural unit.
 *
 * `missing` changes nothing here: an untranslated text keeps what the catalog already had for
 * the language, or stays absent, and the app shows the source text for it either way.
 */
import { iosUnitId } from '../ios-strings/types';
import { pluralCategories, type PluralCategory } from '../plural-categories';
import { parseXcstrings, xcstringsImports, type XcstringsFile, type XcstringsUnit } from '../xcstrings/read';
import { writeXcstrings } from '../xcstrings/write';
import type { ResourceCodec } from './codec';
import { assertKnownMarkers } from './errors';
import { commentAnnotations } from './hints';
import { lineFinder } from './json-lines';
import { iosForm, iosPluralTexts } from './ios-plurals';
import { mergePluralForms, type MergedPlural, type PluralForm } from './plural-markers';
import type { ResourceUnit } from './types';

interface PluralGroup {
  readonly unit: ResourceUnit;
  readonly merged: MergedPlural;
  readonly forms: readonly XcstringsUnit[];
  /** The path below the key that ends in `plural`. */
  readonly path: readonly string[];
}

interface Layout {
  readonly units: ResourceUnit[];
  readonly plurals: Map<string, PluralGroup>;
  /** The plural group of each form unit id. */
  readonly groupOfForm: Map<string, PluralGroup>;
}

function variableOf(path: readonly string[]): string {
  const at = path.lastIndexOf('substitutions');
  return at !== -1 && path[at + 1] ? path[at + 1]! : 'count';
}

function layoutOf(file: XcstringsFile): Layout {
  const units: ResourceUnit[] = [];
  const plurals = new Map<string, PluralGroup>();
  const groupOfForm = new Map<string, PluralGroup>();
  const formsOfGroup = new Map<string, XcstringsUnit[]>();
  // The catalog codec reads the JSON as a whole: a unit's line is that of its key.
  const lineOf = lineFinder(file.text, true);
  const lines = new Map<string, number>();
  const lineOfKey = (key: string): number => {
    let line = lines.get(key);
    if (line === undefined) {
      line = lineOf(key);
      lines.set(key, line);
    }
    return line;
  };
  for (const unit of file.units) {
    if (unit.pluralCategory === undefined) continue;
    const id = iosUnitId(unit.key, unit.path.slice(0, -1));
    formsOfGroup.set(id, [...(formsOfGroup.get(id) ?? []), unit]);
  }
  for (const unit of file.units) {
    if (unit.pluralCategory === undefined) {
      units.push({
        id: unit.id,
        key: unit.key,
        text: unit.text,
        plural: false,
        placeholders: unit.placeholders.map((placeholder) => placeholder.code),
        line: lineOfKey(unit.key),
        ...commentAnnotations(unit.comment),
      });
      continue;
    }
    const id = iosUnitId(unit.key, unit.path.slice(0, -1));
    if (plurals.has(id)) continue;
    const forms = formsOfGroup.get(id)!;
    const path = unit.path.slice(0, -1);
    const merged = mergePluralForms(forms.map(iosForm), variableOf(path));
    const group: PluralGroup = {
      unit: {
        id,
        key: unit.key,
        text: merged.text,
        plural: true,
        placeholders: merged.placeholders,
        line: lineOfKey(unit.key),
        ...commentAnnotations(unit.comment),
      },
      merged,
      forms,
      path,
    };
    units.push(group.unit);
    plurals.set(id, group);
    for (const form of forms) groupOfForm.set(form.id, group);
  }
  return { units, plurals, groupOfForm };
}

/** The catalog's other languages as facade translations: plain texts by unit id, plurals as one message. */
function translationsOf(file: XcstringsFile, layout: Layout): Map<string, Map<string, string>> {
  const plain = new Map<string, Map<string, string>>();
  const pluralForms = new Map<string, Map<string, PluralForm[]>>();
  const formUnits = new Map(file.units.map((unit) => [unit.id, unit]));
  for (const found of xcstringsImports(file)) {
    const category = found.path.at(-2) === 'plural' ? (found.path.at(-1) as PluralCategory) : undefined;
    const groupId = category === undefined ? undefined : iosUnitId(found.key, found.path.slice(0, -1));
    const group = groupId === undefined ? undefined : layout.plurals.get(groupId);
    if (category !== undefined && group) {
      const byGroup = pluralForms.get(found.language) ?? new Map<string, PluralForm[]>();
      pluralForms.set(found.language, byGroup);
      const forms = byGroup.get(group.unit.id) ?? [];
      byGroup.set(group.unit.id, forms);
      forms.push({
        category,
        text: found.text,
        pieces: found.placeholders.map((placeholder) => ({
          id: placeholder.id,
          identity: placeholder.code,
          raw: placeholder.code,
        })),
      });
    } else if (formUnits.has(found.unitId) && !layout.groupOfForm.has(found.unitId)) {
      const byUnit = plain.get(found.language) ?? new Map<string, string>();
      plain.set(found.language, byUnit);
      byUnit.set(found.unitId, found.text);
    }
  }
  for (const [language, groups] of pluralForms) {
    const byUnit = plain.get(language) ?? new Map<string, string>();
    plain.set(language, byUnit);
    for (const [id, forms] of groups) {
      const group = layout.plurals.get(id)!;
      byUnit.set(id, mergePluralForms(forms, variableOf(group.path), group.merged).text);
    }
  }
  return plain;
}

export const xcstringsCodec: ResourceCodec = {
  read(fileName, bytes) {
    const file = parseXcstrings(bytes, fileName);
    const layout = layoutOf(file);
    return {
      format: 'xcstrings',
      fileName,
      units: layout.units,
      translations: translationsOf(file, layout),
      warnings: [],
    };
  },

  verify(fileName, bytes) {
    layoutOf(parseXcstrings(bytes, fileName));
  },

  write(fileName, bytes, translations, options) {
    const file = parseXcstrings(bytes, fileName);
    const layout = layoutOf(file);
    const categories = pluralCategories(options.language);
    const codecTranslations = new Map<string, string>();
    const plainUnits = new Map(layout.units.filter((unit) => !unit.plural).map((unit) => [unit.id, unit]));
    for (const [id, translation] of translations) {
      const group = layout.plurals.get(id);
      if (!group) {
        const unit = plainUnits.get(id);
        if (unit) assertKnownMarkers(fileName, unit, translation);
        codecTranslations.set(id, translation);
        continue;
      }
      const other = group.forms.find((form) => form.pluralCategory === 'other') ?? group.forms.at(-1)!;
      const texts = iosPluralTexts(fileName, group.unit, translation, group.merged, categories, (category) =>
        iosForm(group.forms.find((form) => form.pluralCategory === category) ?? other),
      );
      for (const [category, text] of texts)
        codecTranslations.set(iosUnitId(group.unit.key, [...group.path, category]), text);
    }
    return writeXcstrings(file, codecTranslations, options.language);
  },
};
