import { collapseHtmlWhitespace } from './normalise-text';

/**
 * Placeholder markers in segment text: `<xN>` and `</xN>` around text, `<xN/>` alone. XML-like tags
 * survive machine translation in HTML mode (engines keep unknown tags and move them with the words
 * they wrap). Matching is lenient about what engines do to them: case, and spaces inside the brackets.
 */
export const PLACEHOLDER_PATTERN = /<\s*(\/?)\s*[xX](\d{1,6})\s*(\/?)\s*>/g;

/** A marker found in a text. */
export interface PlaceholderToken {
  readonly index: number;
  readonly length: number;
  readonly id: number;
  readonly form: 'open' | 'close' | 'void';
}

/** Every placeholder marker in a text, in order. */
export function findPlaceholderTokens(text: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  // Almost no text holds a '<' (segment texts are decoded, markers are the only markup): skip the scan.
  if (!text.includes('<')) return tokens;
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const [marker, slash, digits, selfClose] = match;
    const form = slash ? 'close' : selfClose ? 'void' : 'open';
    tokens.push({ index: match.index, length: marker.length, id: Number(digits), form });
  }
  return tokens;
}

/** Writes the marker for a placeholder id. */
export function formatPlaceholder(id: number, form: PlaceholderToken['form']): string {
  if (form === 'open') return `<x${id}>`;
  if (form === 'close') return `</x${id}>`;
  return `<x${id}/>`;
}

/** The plain text of a segment: paired markers vanish (they never split a word), lone ones become a space. */
export function stripPlaceholders(text: string): string {
  return collapseHtmlWhitespace(text.replace(PLACEHOLDER_PATTERN, markerReplacement));
}

// Module-level (not made per call, which loses its optimised code at every full GC: extract-segments.ts).
function markerReplacement(_marker: string, slash: string, _digits: string, selfClose: string): string {
  return selfClose && !slash ? ' ' : '';
}
