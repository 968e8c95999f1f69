import { stripPlaceholders } from '../html/placeholder-syntax';

const WHITESPACE_RUN = /\s+/gu;
/** Printable ASCII without `<`: no placeholder, no other whitespace than spaces, NFC already. */
const PLAIN_ASCII = /^[ -;=-~]*$/;
const SPACE_RUN = / {2,}/g;
/** What only the general path handles: placeholders and whitespace other than the space (JS `\s`). */
const NOT_SIMPLE = /[<\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * The form texts are compared in for fuzzy matching: placeholders removed (markup is not content),
 * Unicode NFC, lower case, every whitespace run one space, trimmed. Scores are computed on this form,
 * so "Hello <x1>World</x1>" and "hello world" are a 100 % match.
 */
export function normaliseFuzzyText(text: string): string {
  // Most memory texts are plain ASCII: lower-casing and collapsing spaces gives the same result as
  // the general path below at a fraction of the cost (the index normalises a million texts to build).
  if (PLAIN_ASCII.test(text)) {
    const lower = text.toLowerCase();
    return (lower.includes('  ') ? lower.replace(SPACE_RUN, ' ') : lower).trim();
  }
  if (!NOT_SIMPLE.test(text)) {
    // Other scripts without placeholders or unusual spaces (most Indian-language texts): the same
    // result without the placeholder and whitespace passes.
    const lower = text.normalize('NFC').toLowerCase();
    return (lower.includes('  ') ? lower.replace(SPACE_RUN, ' ') : lower).trim();
  }
  return stripPlaceholders(text).normalize('NFC').toLowerCase().replace(WHITESPACE_RUN, ' ').trim();
}

/** What `\s` matches below U+0100: tab to carriage return, space and no-break space. */
function isLatin1Space(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0;
}

/** The end of a placeholder marker (`PLACEHOLDER_PATTERN`) starting with the `<` at `start`, or −1; `marker.void` says whether it is a lone `<xN/>`. */
function markerEnd(text: string, start: number, marker: { void: boolean }): number {
  const length = text.length;
  let at = start + 1;
  while (at < length && isLatin1Space(text.charCodeAt(at))) at += 1;
  const closing = at < length && text.charCodeAt(at) === 0x2f;
  if (closing) at += 1;
  while (at < length && isLatin1Space(text.charCodeAt(at))) at += 1;
  if (at >= length || (text.charCodeAt(at) | 0x20) !== 0x78) return -1; // x or X
  at += 1;
  const digits = at;
  while (at < length && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39) at += 1;
  // \d{1,6} then no digit: a longer run of digits never matches.
  if (at === digits || at - digits > 6) return -1;
  while (at < length && isLatin1Space(text.charCodeAt(at))) at += 1;
  const selfClosing = at < length && text.charCodeAt(at) === 0x2f;
  if (selfClosing) at += 1;
  while (at < length && isLatin1Space(text.charCodeAt(at))) at += 1;
  if (at >= length || text.charCodeAt(at) !== 0x3e) return -1;
  marker.void = selfClosing && !closing;
  return at + 1;
}

const marker = { void: false };

/**
 * `normaliseFuzzyText` of a text whose code units are all below U+0100, written as bytes into `out`
 * from `at` (room for `text.length` bytes needed); answers the normalised length, or −1 for any
 * other text (then `out` holds garbage past `at`). Such a text is NFC already (nothing below
 * U+0300 composes), lower-cases unit by unit (A–Z and À–Þ but ×), and its only whitespace is tab to
 * CR, space and NBSP; placeholder markers are removed as `stripPlaceholders` removes them (a lone
 * `<xN/>` leaves a space, others nothing), in one left-to-right scan as a global replace makes it.
 * The index's builder stores most texts this way: no regular expression, no string between.
 */
export function normaliseLatin1Into(text: string, out: Uint8Array, at: number): number {
  let written = at;
  let spaced = false;
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return -1;
    if (code === 0x3c) {
      const end = markerEnd(text, i, marker);
      if (end >= 0) {
        if (marker.void) spaced = written > at;
        i = end - 1;
        continue;
      }
    } else if (isLatin1Space(code)) {
      spaced = written > at;
      continue;
    }
    if (spaced) {
      out[written++] = 0x20;
      spaced = false;
    }
    out[written++] =
      (code >= 0x41 && code <= 0x5a) || (code >= 0xc0 && code <= 0xde && code !== 0xd7) ? code + 0x20 : code;
  }
  return written - at;
}

/**
 * The largest edit distance a pair can have and still score at least `threshold`:
 * score = 1 − distance / max(|a|, |b|) ≥ threshold ⇔ distance ≤ (1 − threshold) · max(|a|, |b|).
 * The small epsilon keeps exact products (0.25 · 40 = 10) from rounding down to 9.
 */
export function maxDistanceFor(threshold: number, longerLength: number): number {
  return Math.floor((1 - threshold) * longerLength + 1e-9);
}

/** The 0–100 score of a pair, rounded down so a shown 75 % is never really 74.6 %. */
export function fuzzyScore(distance: number, longerLength: number): number {
  if (longerLength === 0) return 100;
  return Math.floor(100 * (1 - distance / longerLength) + 1e-9);
}
