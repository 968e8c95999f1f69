import { pluralForms } from '../formats/resource-files/plural-message';

/** One text of a translation: the whole of a plain one, or one form of a plural (with its category). */
export interface TranslationForm {
  readonly text: string;
  readonly category?: string;
}

/** The texts a translation's checks run on: its plural forms in CLDR order, or itself. */
export function translationForms(text: string): TranslationForm[] {
  const plural = pluralForms(text);
  if (!plural) return [{ text }];
  return [...plural.forms].map(([category, form]) => ({ text: form, category }));
}
