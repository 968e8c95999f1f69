/**
 * What the dashboard runs in the browser (`@bhasha/engine/browser`): translation checks and
 * plural messages. Pure code with no parser dependency and no Node API, so importing it adds a
 * few kilobytes to a web bundle, not the engine's codecs.
 */
export { translationIssues } from './qa/translation-issues';
export { placeholderIssues } from './qa/placeholder-issues';
export { lengthIssues, visibleLength } from './qa/length-issues';
export { QA_ISSUE_CODES } from './qa/qa-issue';
export type { QaIssue, QaIssueCode } from './qa/qa-issue';
export { pluralForms, pluralMessage } from './formats/resource-files/plural-message';
export { targetPluralMessage } from './formats/resource-files/plural-translation';
export { pluralCategories, PLURAL_CATEGORIES, isPluralCategory } from './formats/plural-categories';
export type { PluralCategory } from './formats/plural-categories';
export { pluralExample } from './formats/plural-example';
