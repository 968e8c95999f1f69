import type { ResourceUnit } from './types';

/**
 * Length limits developers write for translators. Kept deliberately small: an attribute whose
 * name ends in `maxLength` / `max_length` (`tools:maxLength`, `bhasha:maxLength`), or a comment
 * saying `maxLength=20`, `max length: 20`, `max 20 chars` or `maximum 20 characters`. Anything
 * vaguer ("keep it short") is no limit.
 */
const COMMENT_HINTS = [
  /\bmax(?:imum)?[\s_-]?length\s*[:=]?\s*(\d{1,6})\b/i,
  /\bmax(?:imum|\.)?\s*(\d{1,6})\s*(?:chars?|characters)\b/i,
];

/** The limit of an attribute such as `tools:maxLength="20"`. */
export function maxLengthOfAttributes(attributes: Readonly<Record<string, string>>): number | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    if (/(?:^|:)max[-_]?length$/i.test(name) && /^\s*\d{1,6}\s*$/.test(value)) return Number(value);
  }
  return undefined;
}

/** The limit a comment states, if it states one. */
export function maxLengthOfComment(comment: string | undefined): number | undefined {
  if (!comment) return undefined;
  for (const pattern of COMMENT_HINTS) {
    const match = pattern.exec(comment);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** A unit's comment and the limit it states, as `ResourceUnit` fields (absent when none). */
export function commentAnnotations(comment: string | undefined): Pick<ResourceUnit, 'comment' | 'maxLength'> {
  const maxLength = maxLengthOfComment(comment);
  return {
    ...(comment === undefined ? {} : { comment }),
    ...(maxLength === undefined ? {} : { maxLength }),
  };
}
