/** CLDR plural categories in the order Apple's files list them. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** A CLDR plural category. */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

// Codes of the language table that Intl knows under another name.
const INTL_ALIASES: Readonly<Record<string, string>> = {
  od: 'or',
  bh: 'bho',
  'mni-Mtei': 'mni',
  'kas-IN': 'ks',
};

/** True for the name of a CLDR plural category. */
export function isPluralCategory(value: string): value is PluralCategory {
  return (PLURAL_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The plural categories a language needs (`Intl.PluralRules`), in CLDR order; `other` is always
 * there, and a language Intl does not know gets `other` alone.
 */
export function pluralCategoriesOf(language: string): PluralCategory[] {
  let found: readonly string[] = ['other'];
  try {
    found = new Intl.PluralRules(INTL_ALIASES[language] ?? language).resolvedOptions().pluralCategories;
  } catch {
    // An invalid tag: only `other`.
  }
  return PLURAL_CATEGORIES.filter((category) => category === 'other' || found.includes(category));
}
