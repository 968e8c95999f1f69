/** CLDR plural categories in CLDR's own order. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** A CLDR plural category (`<item quantity="…">`). */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** Spec codes whose CLDR locale is spelled differently (Odia is `od` in the spec, `or` in CLDR). */
const CLDR_LOCALE: Readonly<Record<string, string>> = { od: 'or' };

/**
 * The plural categories a language needs, from CLDR through `Intl.PluralRules` (Hindi: one,
 * other; Arabic: all six; Japanese: other), in CLDR order. `other` is always there: Android
 * falls back to it for any quantity the file lacks.
 */
export function pluralCategories(language: string): PluralCategory[] {
  const locale = CLDR_LOCALE[language] ?? language;
  let found: readonly string[];
  try {
    found = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  } catch {
    found = ['other'];
  }
  return PLURAL_CATEGORIES.filter((category) => category === 'other' || found.includes(category));
}
