import { pluralForms } from '../formats/resource-files/plural-message';
import { pluralCategories } from '../formats/plural-categories';
import { compareMarkers, expectationOf, expectationOfPluralForm } from './compare-markers';
import type { QaIssue } from './qa-issue';

/**
 * What is wrong with a translation's protected pieces: markers (`<xN/>`, `<xN>…</xN>`) dropped,
 * added, repeated, cut, of the wrong form or crossing; for a plural source (an ICU plural
 * message), a translation that is not one, categories missing or extra, and each form's markers.
 * The plural categories expected are `targetLanguage`'s (CLDR, through `Intl.PluralRules`);
 * without it, the source's. An empty translation has no issues: it is untranslated, not wrong.
 */
export function placeholderIssues(source: string, translation: string, targetLanguage?: string): QaIssue[] {
  if (translation.trim() === '') return [];
  const sourcePlural = pluralForms(source);
  if (!sourcePlural) return compareMarkers(expectationOf(source), translation);

  const translated = pluralForms(translation);
  if (!translated)
    return [
      { code: 'NOT_PLURAL', message: 'The translation must be a plural message, one form per category' },
    ];
  const expected = targetLanguage ? pluralCategories(targetLanguage) : [...sourcePlural.forms.keys()];
  const issues: QaIssue[] = [];
  for (const category of expected) {
    if ((translated.forms.get(category) ?? '').trim() !== '') continue;
    issues.push({
      code: 'MISSING_PLURAL_CATEGORY',
      message: `The plural form "${category}" is missing`,
      category,
    });
  }
  for (const [category, form] of translated.forms) {
    if (!(expected as readonly string[]).includes(category)) {
      const message = `The target language has no plural form "${category}"`;
      issues.push({ code: 'EXTRA_PLURAL_CATEGORY', message, category });
    } else if (form.trim() !== '')
      issues.push(...compareMarkers(expectationOfPluralForm(sourcePlural.forms, category), form, category));
  }
  return issues;
}
