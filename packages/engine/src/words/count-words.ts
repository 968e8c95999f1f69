/**
 * Unicode-aware word counting for every script Bhasha translates.
 *
 * Words are maximal runs of letters, marks and digits (so Devanagari vowel signs and viramas stay
 * inside their word). Scripts written without spaces
 * (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) are cut by `Intl.Segmenter`, fed one run
 * at a time because it is quadratic on long strings in Node 20 (DESIGN.md §7).
 */

// Inner apostrophes and hyphens join words ("don't", "well-known"); . , / : join digits ("2.0", "21/11/2026").
const WORD_RUN = /[\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,/:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}]+/gu;
// Longest span handed to Intl.Segmenter at once; keeps it linear overall.
const SEGMENTER_SPAN = 256;

let segmenter: Intl.Segmenter | undefined;

function countUnspacedWords(run: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let count = 0;
  for (let start = 0; start < run.length; start += SEGMENTER_SPAN) {
    for (const part of segmenter.segment(run.slice(start, start + SEGMENTER_SPAN))) {
      if (part.isWordLike) count += 1;
    }
  }
  return count;
}

/** Number of words in a text, in any script. */
export function countWords(text: string): number {
  let count = 0;
  for (const match of text.matchAll(WORD_RUN)) {
    const word = match[0];
    if (!UNSPACED_SCRIPT.test(word)) {
      count += 1;
      continue;
    }
    // Mixed runs such as "iPhone用" count their spaced part as one word plus the segmented rest.
    const spacedRest = word.replace(UNSPACED_RUN, ' ').trim();
    if (spacedRest) count += spacedRest.split(/\s+/).length;
    for (const run of word.matchAll(UNSPACED_RUN)) count += countUnspacedWords(run[0]);
  }
  return count;
}

/** Number of characters for metering: code points that are neither whitespace nor combining marks. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const char of text) {
    if (!/[\s\p{M}]/u.test(char)) count += 1;
  }
  return count;
}
