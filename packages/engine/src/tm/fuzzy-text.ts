import { stripPlaceholders } from '../html/placeholder-syntax';

const WHITESPACE_RUN = /\s+/gu;

/**
 * The form texts are compared in for fuzzy matching: placeholders removed (markup is not content),
 * Unicode NFC, lower case, every whitespace run one space, trimmed. Scores are computed on this form,
 * so "Hello <x1>World</x1>" and "hello world" are a 100 % match.
 */
export function normaliseFuzzyText(text: string): string {
  return stripPlaceholders(text).normalize('NFC').toLowerCase().replace(WHITESPACE_RUN, ' ').trim();
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
