/**
 * Unicode-aware word counting for every script Bhasha translates.
 *
 * Words are maximal runs of letters, marks and digits (so Devanagari vowel signs and viramas stay
 * inside their word). Inner apostrophes and hyphens join words ("don't", "well-known"); `. , / :`
 * join digits ("2.0", "21/11/2026"). Scripts written without spaces (Han, Hiragana, Katakana,
 * Thai, Lao, Khmer, Myanmar) are cut by `Intl.Segmenter`, fed short spans only, because it is
 * quadratic on long strings in Node 20 (DESIGN.md §7).
 *
 * The scan is one pass over UTF-16 code units with a class table instead of a regular
 * expression: a regex with Unicode property classes and look-arounds runs at about 40 MB/s on
 * Latin text here, the table at several hundred.
 */

// Character classes, as bits: a word character may also be a digit or belong to an unspaced script.
const WORD = 1;
const DIGIT = 2;
const UNSPACED = 4;
/** ' ’ - between two word characters. */
const JOINER = 8;
/** . , / : between two digits. */
const DIGIT_JOINER = 16;
const CLASSIFIED = 32;

const IS_WORD = /[\p{L}\p{M}\p{N}]/u;
const IS_DIGIT = /\p{N}/u;
const IS_UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}]+/gu;
// Longest span handed to Intl.Segmenter at once; keeps it linear overall.
const SEGMENTER_SPAN = 256;

function classify(char: string): number {
  let bits = CLASSIFIED;
  if (IS_WORD.test(char)) bits |= WORD;
  if (IS_DIGIT.test(char)) bits |= DIGIT;
  if (IS_UNSPACED.test(char)) bits |= UNSPACED;
  if (char === "'" || char === '’' || char === '-') bits |= JOINER;
  if (char === '.' || char === ',' || char === '/' || char === ':') bits |= DIGIT_JOINER;
  return bits;
}

// The Basic Multilingual Plane, classified lazily (64 KB); astral code points are classified on
// the spot (rare: historic scripts, mathematical digits, CJK extensions).
const bmpClasses = new Uint8Array(0x10000);
for (let unit = 0; unit < 0x80; unit += 1) bmpClasses[unit] = classify(String.fromCharCode(unit));

function classOfUnit(unit: number): number {
  let bits = bmpClasses[unit]!;
  if (bits === 0) {
    bits = classify(String.fromCharCode(unit));
    bmpClasses[unit] = bits;
  }
  return bits;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Class of the code point at `i` (0 past the end) and its length in code units. */
function classAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const unit = text.charCodeAt(i);
  if (isHighSurrogate(unit) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
    return classify(text.slice(i, i + 2));
  }
  return classOfUnit(unit);
}

function widthAt(text: string, i: number): number {
  return isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
}

/** Class of the code point that ends just before `i`. */
function classBefore(text: string, i: number): number {
  if (i <= 0) return 0;
  const unit = text.charCodeAt(i - 1);
  if (isLowSurrogate(unit) && i >= 2 && isHighSurrogate(text.charCodeAt(i - 2))) {
    return classify(text.slice(i - 2, i));
  }
  return classOfUnit(unit);
}

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

/** Words of one word run that holds unspaced-script characters. */
function countMixedRun(word: string): number {
  let count = 0;
  // Mixed runs such as "iPhone用" count their spaced part as one word plus the segmented rest.
  const spacedRest = word.replace(UNSPACED_RUN, ' ').trim();
  if (spacedRest) count += spacedRest.split(/\s+/).length;
  for (const run of word.matchAll(UNSPACED_RUN)) count += countUnspacedWords(run[0]);
  return count;
}

/** Number of words in a text, in any script. */
export function countWords(text: string): number {
  const length = text.length;
  let count = 0;
  let inWord = false;
  let wordStart = 0;
  let unspaced = 0;
  for (let i = 0; i < length; i += 1) {
    const at = i;
    const unit = text.charCodeAt(at);
    let bits: number;
    if (unit < 0xd800 || unit > 0xdfff) bits = bmpClasses[unit] || classOfUnit(unit);
    else {
      bits = classAt(text, at);
      if (widthAt(text, at) === 2) i += 1; // the pair's low half; the class was the pair's
    }
    if (bits & WORD) {
      if (!inWord) {
        inWord = true;
        wordStart = at;
        unspaced = 0;
      }
      unspaced |= bits & UNSPACED;
      continue;
    }
    if (!inWord) continue;
    // A joiner keeps the word going when a word character follows (a digit, for . , / :).
    if (bits & JOINER && classAt(text, at + 1) & WORD) continue;
    if (bits & DIGIT_JOINER && classAt(text, at + 1) & DIGIT && classBefore(text, at) & DIGIT) continue;
    count += unspaced ? countMixedRun(text.slice(wordStart, at)) : 1;
    inWord = false;
  }
  if (inWord) count += unspaced ? countMixedRun(text.slice(wordStart)) : 1;
  return count;
}

const NOT_COUNTED = /[\s\p{M}]/u;

/** Number of characters for metering: code points that are neither whitespace nor combining marks. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const char of text) {
    if (!NOT_COUNTED.test(char)) count += 1;
  }
  return count;
}
