/** CLDR plural categories in CLDR's own order; shared by the Android, iOS and JSON codecs. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** A CLDR plural category (Android's `<item quantity="…">`, ICU's plural keywords). */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** Spec codes whose CLDR locale is spelled differently (Odia is `od` in the spec, `or` in CLDR). */
const CLDR_LOCALE: Readonly<Record<string, string>> = { od: 'or' };

/**
 * The plural categories a language needs, from CLDR through `Intl.PluralRules` (Hindi: one,
 * other; Arabic: all six; Japanese: other), in CLDR order; `type: 'ordinal'` for ICU's
 * `selectordinal`. `other` is always there: every platform falls back to it.
 */
export function pluralCategories(language: string, type: Intl.PluralRuleType = 'cardinal'): PluralCategory[] {
  const locale = CLDR_LOCALE[language] ?? language;
  let found: readonly string[];
  try {
    found = new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories;
  } catch {
    found = ['other'];
  }
  return PLURAL_CATEGORIES.filter((category) => category === 'other' || found.includes(category));
}
