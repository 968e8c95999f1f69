import { escapeHtmlText } from './escape-html';
import { findPlaceholderTokens } from './placeholder-syntax';
import type { Placeholder } from './segment-types';

/**
 * Rebuilds HTML from a translated segment text. The translation is plain text: everything in it is
 * escaped except markers of known placeholders, which re-emit the source's own tags. So a
 * translation can move, drop or repeat tags, but never add an element or an attribute. Paired
 * markers are kept well nested: an end marker closes the tags opened after it, tags left open are
 * closed at the end, and stray end markers are dropped.
 */
export function restoreSegment(translated: string, placeholders: readonly Placeholder[]): string {
  const byId = new Map(placeholders.map((placeholder) => [placeholder.id, placeholder]));
  const open: Placeholder[] = [];
  let html = '';
  let cursor = 0;
  for (const token of findPlaceholderTokens(translated)) {
    html += escapeHtmlText(translated.slice(cursor, token.index));
    cursor = token.index + token.length;
    const placeholder = byId.get(token.id);
    if (!placeholder) {
      html += escapeHtmlText(translated.slice(token.index, cursor));
      continue;
    }
    if (placeholder.kind !== 'paired') {
      if (token.form !== 'close') html += placeholder.html;
      continue;
    }
    if (token.form === 'open') {
      html += placeholder.html;
      open.push(placeholder);
    } else if (token.form === 'void') {
      html += placeholder.html + (placeholder.closeHtml ?? '');
    } else if (open.includes(placeholder)) {
      let closed: Placeholder | undefined;
      do {
        closed = open.pop();
        html += closed?.closeHtml ?? '';
      } while (closed && closed !== placeholder);
    }
  }
  html += escapeHtmlText(translated.slice(cursor));
  while (open.length > 0) html += open.pop()?.closeHtml ?? '';
  return html;
}

/** Placeholder problems in a translation: source placeholders it lacks, and markers with ids the source does not have. */
export function findPlaceholderIssues(
  translated: string,
  placeholders: readonly Placeholder[],
): { missing: number[]; unknown: number[] } {
  const known = new Set(placeholders.map((placeholder) => placeholder.id));
  const used = new Set(findPlaceholderTokens(translated).map((token) => token.id));
  return {
    missing: [...known].filter((id) => !used.has(id)),
    unknown: [...used].filter((id) => !known.has(id)),
  };
}
