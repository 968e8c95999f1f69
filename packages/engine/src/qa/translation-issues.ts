import { lengthIssues } from './length-issues';
import { placeholderIssues } from './placeholder-issues';
import type { QaIssue } from './qa-issue';

/** Everything the editor flags on a translation: its protected pieces, then its length. */
export function translationIssues(input: {
  source: string;
  translation: string;
  targetLanguage: string;
  maxLength?: number | null;
}): QaIssue[] {
  return [
    ...placeholderIssues(input.source, input.translation, input.targetLanguage),
    ...lengthIssues(input.translation, input.maxLength),
  ];
}
