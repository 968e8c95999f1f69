import {
  pluralCategories,
  pluralExample,
  pluralForms,
  pluralMessage,
  type PluralCategory,
} from '@bhasha/engine/browser';

/** One form of a plural as the editor shows it: its category, a count that picks it, its text. */
export interface PluralFormView {
  category: PluralCategory;
  /** The smallest count `Intl.PluralRules` puts in this category (shown as "e.g. 3"). */
  example: number | undefined;
  text: string;
}

/** Whether a segment's text is a plural (an ICU plural message, as app string files store them). */
export function isPluralText(text: string): boolean {
  return pluralForms(text) !== undefined;
}

/** The forms of a plural text as it has them, in CLDR order (a source's categories are its language's). */
export function formsOf(text: string): PluralFormView[] {
  const plural = pluralForms(text);
  if (!plural) return [];
  return [...plural.forms].map(([category, form]) => ({ category, example: undefined, text: form }));
}

/**
 * One form per CLDR category of the target language, filled from a translation (an ICU plural
 * message); a category it lacks comes back empty. Undefined when the translation is neither
 * empty nor a plural message: it cannot be edited form by form without losing text.
 */
export function targetFormsOf(translation: string, targetLang: string): PluralFormView[] | undefined {
  const plural = pluralForms(translation);
  if (!plural && translation.trim() !== '') return undefined;
  return pluralCategories(targetLang).map((category) => ({
    category,
    example: pluralExample(targetLang, category),
    text: plural?.forms.get(category) ?? '',
  }));
}

/** The categories of the target language a translation has no (or an empty) form for. */
export function missingCategories(translation: string, targetLang: string): PluralCategory[] {
  const plural = pluralForms(translation);
  return pluralCategories(targetLang).filter((category) => !plural?.forms.get(category)?.trim());
}

/**
 * The translation the editor saves from its inputs: an ICU plural message with the source's
 * variable and the forms typed (an empty input is left out, so the check reports the category as
 * missing); '' when every input is empty.
 */
export function composePlural(forms: readonly PluralFormView[], source: string): string {
  const filled = forms.filter((form) => form.text.trim() !== '');
  if (filled.length === 0) return '';
  const variable = pluralForms(source)?.variable ?? 'count';
  return pluralMessage(new Map(filled.map((form) => [form.category, form.text])), variable);
}
