/** CLDR plural categories in CLDR's own order; shared by the Android, iOS and JSON codecs. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** A CLDR plural category (Android's `<item quantity="…">`, Apple's and ICU's plural keywords). */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

// Codes of the spec's language table that Intl knows under another name.
const INTL_ALIASES: Readonly<Record<string, string>> = {
  od: 'or',
  bh: 'bho',
  'mni-Mtei': 'mni',
  'kas-IN': 'ks',
};

/** The tag `Intl` knows a language of the spec's table by. */
export function intlPluralLocale(language: string): string {
  return INTL_ALIASES[language] ?? language;
}

/** True for the name of a CLDR plural category. */
export function isPluralCategory(value: string): value is PluralCategory {
  return (PLURAL_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The plural categories a language needs, from CLDR through `Intl.PluralRules` (Hindi: one,
 * other; Arabic: all six; Japanese: other), in CLDR order; `type: 'ordinal'` for ICU's
 * `selectordinal`. `other` is always there (every platform falls back to it), and a language
 * Intl does not know gets `other` alone.
 */
export function pluralCategories(language: string, type: Intl.PluralRuleType = 'cardinal'): PluralCategory[] {
  const memoKey = `${type} ${language}`;
  let categories = known.get(memoKey);
  if (categories === undefined) {
    categories = categoriesOf(language, type);
    // Tags come from files and requests: the memo stays bounded whatever they hold.
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(memoKey, categories);
  }
  return [...categories];
}

// Building an Intl.PluralRules costs more than a whole plural's write: each tag is asked once.
const known = new Map<string, readonly PluralCategory[]>();
const MAX_KNOWN = 512;

function categoriesOf(language: string, type: Intl.PluralRuleType): readonly PluralCategory[] {
  let found: readonly string[] = ['other'];
  try {
    found = new Intl.PluralRules(intlPluralLocale(language), { type }).resolvedOptions().pluralCategories;
  } catch {
    // An invalid tag: only `other`.
  }
  return PLURAL_CATEGORIES.filter((category) => category === 'other' || found.includes(category));
}
