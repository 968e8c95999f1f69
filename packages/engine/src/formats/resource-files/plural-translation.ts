import { pluralCategories } from '../plural-categories';
import { pluralForms, pluralMessage } from './plural-message';

/**
 * The translation of a plural from the translations of its source forms: exactly the target
 * language's CLDR categories, each from the source form of the same category or, where the
 * source has none (Arabic `few` from English one/other), from `other` (every platform's
 * fallback; a source without `other` lends its last form). Source categories the target lacks
 * are dropped.
 */
export function targetPluralMessage(
  translatedForms: ReadonlyMap<string, string>,
  targetLanguage: string,
  variable = 'count',
): string {
  const fallback = translatedForms.get('other') ?? [...translatedForms.values()].at(-1) ?? '';
  const forms = new Map(
    pluralCategories(targetLanguage).map((category) => [category, translatedForms.get(category) ?? fallback]),
  );
  return pluralMessage(forms, variable);
}

/**
 * `translate` applied to each form of a plural message, recomposed for the target language
 * (see {@link targetPluralMessage}); undefined when `message` is not a plural message.
 */
export function translatePluralMessage(
  message: string,
  targetLanguage: string,
  translate: (form: string, category: string) => string,
): string | undefined {
  const plural = pluralForms(message);
  if (!plural) return undefined;
  const translated = new Map(
    [...plural.forms].map(([category, form]) => [category, translate(form, category)]),
  );
  return targetPluralMessage(translated, targetLanguage, plural.variable);
}
