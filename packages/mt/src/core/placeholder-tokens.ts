/** Kind of an inline placeholder: `<x1>` opens, `</x1>` closes, `<x2/>` stands alone. */
export type PlaceholderKind = 'open' | 'close' | 'empty';

/** One placeholder found in a text. */
export interface PlaceholderToken {
  kind: PlaceholderKind;
  index: number;
  /** Canonical spelling (`<x1>`, `</x1>`, `<x2/>`). */
  raw: string;
  start: number;
  end: number;
}

// Canonical tokens as Bhasha writes them.
const CANONICAL = /<(\/?)x(\d+)(\/?)>/g;
// What engines turn them into: spaces inside, upper case, `<x1 />`, or escaped as entities.
const LENIENT = /(?:<|&lt;)\s*(\/?)\s*[xX]\s*(\d+)\s*(\/?)\s*(?:>|&gt;)/g;

/** Spells a placeholder the canonical way. */
export function formatToken(kind: PlaceholderKind, index: number): string {
  if (kind === 'open') return `<x${index}>`;
  if (kind === 'close') return `</x${index}>`;
  return `<x${index}/>`;
}

function scan(text: string, pattern: RegExp): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  for (const match of text.matchAll(pattern)) {
    const [whole, slash = '', digits = '', selfClose = ''] = match;
    if (slash && selfClose) continue;
    const kind: PlaceholderKind = slash ? 'close' : selfClose ? 'empty' : 'open';
    const index = Number(digits);
    const start = match.index;
    tokens.push({ kind, index, raw: formatToken(kind, index), start, end: start + whole.length });
  }
  return tokens;
}

/** Placeholders of a text written by Bhasha (canonical spelling only). */
export function findTokens(text: string): PlaceholderToken[] {
  return scan(text, CANONICAL);
}

/** Placeholders of an engine's answer, accepting the usual mangled spellings. */
export function findTokensLenient(text: string): PlaceholderToken[] {
  return scan(text, LENIENT);
}

/** Rewrites every mangled placeholder of an engine's answer in canonical spelling. */
export function canonicaliseTokens(text: string): string {
  return text.replace(LENIENT, (whole: string, slash: string, digits: string, selfClose: string) => {
    if (slash && selfClose) return whole;
    return formatToken(slash ? 'close' : selfClose ? 'empty' : 'open', Number(digits));
  });
}

/** Splits a text into plain-text pieces and canonical placeholders, in order. */
export function splitByTokens(text: string): Array<{ token: PlaceholderToken } | { text: string }> {
  const parts: Array<{ token: PlaceholderToken } | { text: string }> = [];
  let cursor = 0;
  for (const token of findTokens(text)) {
    if (token.start > cursor) parts.push({ text: text.slice(cursor, token.start) });
    parts.push({ token });
    cursor = token.end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor) });
  return parts;
}

/** Largest placeholder number used in a text (0 when none). */
export function maxTokenIndex(text: string): number {
  return findTokens(text).reduce((max, token) => Math.max(max, token.index), 0);
}
