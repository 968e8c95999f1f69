/**
 * What the Apple plural formats (`.stringsdict` variables, String Catalog plural variations)
 * share in the facade: their forms are `IosUnit`s whose markers stand for format specifiers, and
 * a translated branch is handed back in the numbering of the source form the codec writes it with.
 */
import type { IosUnit } from '../ios-strings/types';
import type { PluralCategory } from '../plural-categories';
import { branchForForm, type MergedPlural, type PluralForm } from './plural-markers';
import { pluralForms } from './plural-message';
import { ResourceFileError } from './types';

export function iosForm(unit: IosUnit): PluralForm {
  return {
    category: unit.pluralCategory as PluralCategory,
    text: unit.text,
    pieces: unit.placeholders.map((placeholder) => ({
      id: placeholder.id,
      identity: placeholder.code,
      raw: placeholder.code,
    })),
  };
}

/**
 * The text of each target category from a plural unit's ICU translation, in the numbering of the
 * source form it is written with (`formFor`). A specifier that form lacks is written as typed:
 * Apple's writers leave unmarked text alone, and a specifier is read back as one.
 */
export function iosPluralTexts(
  fileName: string,
  unit: { readonly key: string; readonly line: number },
  translation: string,
  merged: MergedPlural,
  categories: readonly PluralCategory[],
  formFor: (category: PluralCategory) => PluralForm,
): Map<PluralCategory, string> {
  const parsed = pluralForms(translation);
  if (!parsed) {
    throw new ResourceFileError(
      fileName,
      unit.line,
      `the translation of "${unit.key}" is not an ICU plural message`,
    );
  }
  const texts = new Map<PluralCategory, string>();
  for (const category of categories) {
    const branch = parsed.forms.get(category) ?? parsed.forms.get('other');
    if (branch === undefined) {
      throw new ResourceFileError(
        fileName,
        unit.line,
        `the translation of "${unit.key}" has no "${category}" or "other" form`,
      );
    }
    const text = branchForForm(branch, merged, formFor(category), (raw, marker) => {
      if (raw !== undefined) return raw;
      throw new ResourceFileError(
        fileName,
        unit.line,
        `the "${category}" form of "${unit.key}" has a placeholder <x${marker}/> the source lacks`,
      );
    });
    texts.set(category, text);
  }
  return texts;
}
