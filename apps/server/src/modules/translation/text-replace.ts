/** Inline placeholders of segment text: `<x1>`, `</x1>`, `<x2/>`. */
const PLACEHOLDER = /<\/?x\d+\/?>/g;

function placeholdersOf(text: string): string {
  return (text.match(PLACEHOLDER) ?? []).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A find-and-replace function for translation/replace: literal text (never a user regex), case
 * sensitive or not, optionally whole words only (Unicode letters, marks and digits, so Indic
 * words with vowel signs count as one word). Answers the new text, or null when nothing matched
 * or the replacement would add, remove or reorder an inline placeholder.
 */
export function buildReplacer(
  find: string,
  replacement: string,
  options: { matchCase: boolean; wholeWord: boolean },
): (text: string) => string | null {
  const body = escapeRegExp(find);
  const pattern = options.wholeWord ? `(?<![\\p{L}\\p{M}\\p{N}_])${body}(?![\\p{L}\\p{M}\\p{N}_])` : body;
  const regex = new RegExp(pattern, options.matchCase ? 'gu' : 'giu');
  return (text) => {
    regex.lastIndex = 0;
    if (!regex.test(text)) return null;
    regex.lastIndex = 0;
    // A function replacement: `$&` and friends in the user's text stay literal.
    const next = text.replace(regex, () => replacement);
    if (next === text || placeholdersOf(next) !== placeholdersOf(text)) return null;
    return next;
  };
}
