import { PLACEHOLDER_PATTERN } from '../html/placeholder-syntax';
import type { QaIssue } from './qa-issue';
import { translationForms } from './translation-forms';

/**
 * Characters a text shows, as a length limit counts them: code points, markers left out (what a
 * marker stands for, `%1$s` or a tag, is filled in or is not text at all).
 */
export function visibleLength(text: string): number {
  let length = 0;
  for (const _ of text.replace(PLACEHOLDER_PATTERN, '')) length += 1;
  return length;
}

/**
 * A translation, or each form of a plural translation, longer than the string's limit (Android
 * `maxLength`, a "max N chars" hint). No limit, no issue.
 */
export function lengthIssues(translation: string, maxLength: number | null | undefined): QaIssue[] {
  if (maxLength === null || maxLength === undefined || !(maxLength > 0)) return [];
  const issues: QaIssue[] = [];
  for (const { text, category } of translationForms(translation)) {
    const length = visibleLength(text);
    if (length <= maxLength) continue;
    const at = category === undefined ? '' : ` (${category})`;
    issues.push({
      code: 'TOO_LONG',
      message: `${length} characters, the limit is ${maxLength}${at}`,
      limit: maxLength,
      length,
      ...(category === undefined ? {} : { category }),
    });
  }
  return issues;
}
