const SPACE = /\s/;

/** True when position `at` of `text` is between words (an end, or next to a space). */
function isWordBoundary(text: string, at: number): boolean {
  return at <= 0 || at >= text.length || SPACE.test(text[at - 1]!) || SPACE.test(text[at]!);
}

/**
 * Splits a replace preview's `before` and `after` into the shared start, the changed middle and
 * the shared end, so the dialog can strike out what goes and mark what comes. The change is
 * widened to whole words: in Indic scripts a vowel sign is its own code unit, and cutting between
 * a consonant and its sign would show broken letters.
 */
export function splitChange(
  before: string,
  after: string,
): { prefix: string; removed: string; added: string; suffix: string } {
  if (before === after) return { prefix: before, removed: '', added: '', suffix: '' };
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before[start] === after[start]) start += 1;
  while (start > 0 && !(isWordBoundary(before, start) && isWordBoundary(after, start))) start -= 1;

  let end = 0;
  while (end < shorter - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  while (
    end > 0 &&
    !(isWordBoundary(before, before.length - end) && isWordBoundary(after, after.length - end))
  ) {
    end -= 1;
  }

  return {
    prefix: before.slice(0, start),
    removed: before.slice(start, before.length - end),
    added: after.slice(start, after.length - end),
    suffix: before.slice(before.length - end),
  };
}
