import { intlPluralLocale, type PluralCategory } from './plural-categories';

// Counts tried in order: small integers find every integer category of every CLDR language
// (Arabic `many` from 11, Welsh `many` at 6); the powers of ten find French and Spanish `many`
// (1000000); the decimals find a category only fractions take (Russian `other`: 0.5).
const CANDIDATES = [...Array.from({ length: 111 }, (_, n) => n), 1000, 10000, 100000, 1000000, 0.5, 1.5, 2.5];

/**
 * The smallest count (`Intl.PluralRules` select) that picks `category` in `language`, for an
 * editor to label a plural form ("few: 3"); undefined when none does (a category the language
 * has not, or an unknown language tag).
 */
export function pluralExample(language: string, category: PluralCategory): number | undefined {
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(intlPluralLocale(language));
  } catch {
    return undefined;
  }
  return CANDIDATES.find((count) => rules.select(count) === category);
}
