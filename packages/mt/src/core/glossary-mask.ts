import type { MtGlossaryTerm } from '../mt-provider';
import { findTokens, formatToken, maxTokenIndex } from './placeholder-tokens';

/** A glossary term replaced by an empty placeholder before MT, and what to put back after. */
export interface GlossaryMask {
  token: string;
  /** The text as it appeared in the source. */
  source: string;
  /** What the placeholder becomes in the translation. */
  replacement: string;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isInsideToken(text: string, start: number, end: number): boolean {
  return findTokens(text).some((token) => start < token.end && end > token.start);
}

/**
 * Replaces each glossary term found in `text` (whole words, longest terms first) by a fresh empty
 * placeholder numbered after the segment's own, so the engine cannot translate or mangle it.
 */
export function maskGlossaryTerms(
  text: string,
  terms: readonly MtGlossaryTerm[],
): { text: string; masks: GlossaryMask[] } {
  const masks: GlossaryMask[] = [];
  if (terms.length === 0) return { text, masks };
  let next = maxTokenIndex(text) + 1;
  let masked = text;
  const sorted = [...terms]
    .filter((term) => term.source.trim() !== '')
    .sort((a, b) => b.source.length - a.source.length);
  for (const term of sorted) {
    const pattern = new RegExp(escapeRegExp(term.source), term.caseSensitive ? 'gu' : 'giu');
    let rebuilt = '';
    let cursor = 0;
    for (const match of masked.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      const before = masked[start - 1];
      const after = masked[end];
      const isWordStart =
        !WORD_CHAR.test(match[0][0] ?? '') || before === undefined || !WORD_CHAR.test(before);
      const isWordEnd =
        !WORD_CHAR.test(match[0].at(-1) ?? '') || after === undefined || !WORD_CHAR.test(after);
      if (!isWordStart || !isWordEnd || isInsideToken(masked, start, end)) continue;
      const token = formatToken('empty', next++);
      masks.push({ token, source: match[0], replacement: term.target ?? match[0] });
      rebuilt += masked.slice(cursor, start) + token;
      cursor = end;
    }
    masked = rebuilt + masked.slice(cursor);
  }
  return { text: masked, masks };
}

/** Puts the glossary renderings back in place of their placeholders. */
export function unmaskGlossaryTerms(text: string, masks: readonly GlossaryMask[]): string {
  let result = text;
  for (const mask of masks) result = result.split(mask.token).join(mask.replacement);
  return result;
}
