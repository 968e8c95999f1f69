/** Why a translation is flagged; UPPER_SNAKE codes the dashboard words in its own language. */
export const QA_ISSUE_CODES = [
  /** A source marker the translation lacks. */
  'MISSING_PLACEHOLDER',
  /** A marker the source does not have. */
  'EXTRA_PLACEHOLDER',
  /** A marker more often than in the source. */
  'DUPLICATE_PLACEHOLDER',
  /** A marker cut or mistyped (`<x1`, `x1/>`), unclosed, closed without opening, or of the wrong form. */
  'BROKEN_PLACEHOLDER',
  /** Paired markers that cross (`<x1><x2></x1></x2>`). */
  'MISNESTED_PLACEHOLDER',
  /** The source is a plural message and the translation is not one. */
  'NOT_PLURAL',
  /** A plural category of the target language without a form. */
  'MISSING_PLURAL_CATEGORY',
  /** A plural form for a category the target language does not use. */
  'EXTRA_PLURAL_CATEGORY',
  /** Longer than the string's length limit. */
  'TOO_LONG',
] as const;
export type QaIssueCode = (typeof QA_ISSUE_CODES)[number];

/**
 * One problem of a translation: a code, an English message, and the pieces a dashboard needs to
 * word it itself (the marker as the translator sees it, the plural category, the limit).
 */
export interface QaIssue {
  readonly code: QaIssueCode;
  readonly message: string;
  readonly marker?: string;
  /** The plural form the problem is in (`few`), for plural messages. */
  readonly category?: string;
  readonly limit?: number;
  readonly length?: number;
}
