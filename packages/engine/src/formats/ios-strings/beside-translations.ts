import { protectSpecifiersLike, restoreSpecifiers } from './format-specifiers';
import { iosUnitId, type IosPlaceholder, type IosUnit } from './types';

/** A translation found in a language's file beside the source file, with the source unit's markers. */
export interface BesideTranslation {
  /** The id of the unit it translates (a plural category the source lacks: its own id). */
  readonly unitId: string;
  readonly text: string;
  readonly placeholders: readonly IosPlaceholder[];
  /** True when the text is the source text itself: tools fill untranslated entries that way. */
  readonly sameAsSource: boolean;
}

/**
 * Pairs the units of a translated `.strings` or `.stringsdict` file (`hi.lproj/…`) with the
 * units of the source file by id, so a half-translated app starts where it is. A plural form the
 * source lacks (Arabic `few`) pairs with the source's `other`; empty texts and keys the source
 * does not have are left out.
 */
export function pairBesideTranslations(
  sourceUnits: readonly IosUnit[],
  translatedUnits: readonly IosUnit[],
): BesideTranslation[] {
  const sources = new Map(sourceUnits.map((unit) => [unit.id, unit]));
  const pairs: BesideTranslation[] = [];
  for (const unit of translatedUnits) {
    const source =
      sources.get(unit.id) ??
      (unit.pluralCategory
        ? sources.get(iosUnitId(unit.key, [...unit.path.slice(0, -1), 'other']))
        : undefined);
    if (!source || unit.text === '') continue;
    const value = restoreSpecifiers(unit.text, unit.placeholders);
    const { text, placeholders } = protectSpecifiersLike(value, source.placeholders);
    pairs.push({ unitId: unit.id, text, placeholders, sameAsSource: text === source.text });
  }
  return pairs;
}
