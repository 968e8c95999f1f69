// ASCII whitespace as the HTML standard defines it (§2.3.1 "Common parser idioms"): tab, LF, FF, CR, space.
const ASCII_WHITESPACE_RUN = /[\t\n\f\r ]+/g;
const ANY_WHITESPACE_RUN = /\s+/gu;

/** Whether a UTF-16 code unit is HTML (ASCII) whitespace: tab, LF, FF, CR or space. */
export function isHtmlWhitespaceCode(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

// What `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator, the same set as
// `\s`): NBSP and other Unicode spaces too, not only HTML whitespace.
const TRIMMED = /\s/;

// Whether the ends may be trimmed: any control character or space (cheap and on the safe side),
// or a non-ASCII character `trim` removes.
function mayBeTrimmed(code: number): boolean {
  return code <= 32 || (code >= 0xa0 && TRIMMED.test(String.fromCharCode(code)));
}

/**
 * Collapses runs of HTML (ASCII) whitespace into one space and trims, as a browser renders inline
 * text (the trim is `String.prototype.trim`'s, which also removes NBSP and other Unicode spaces).
 * Most segment texts ("Home", "\n  Contact us\n") need at most their ends cut: a scan of their
 * characters finds that and answers a slice, at far less cost than a regular expression's replace
 * and a trim, which remain for the rest.
 */
export function collapseHtmlWhitespace(text: string): string {
  const length = text.length;
  let start = 0;
  while (start < length && isHtmlWhitespaceCode(text.charCodeAt(start))) start += 1;
  if (start === length) return '';
  let end = length;
  while (isHtmlWhitespaceCode(text.charCodeAt(end - 1))) end -= 1;
  if (mayBeTrimmed(text.charCodeAt(start)) || mayBeTrimmed(text.charCodeAt(end - 1)))
    return collapseSlowly(text);
  let previousWasSpace = false;
  for (let index = start + 1; index < end - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 32) {
      if (previousWasSpace) return collapseSlowly(text);
      previousWasSpace = true;
    } else if (isHtmlWhitespaceCode(code)) return collapseSlowly(text);
    else previousWasSpace = false;
  }
  return start === 0 && end === length ? text : text.slice(start, end);
}

function collapseSlowly(text: string): string {
  return text.replace(ASCII_WHITESPACE_RUN, ' ').trim();
}

/** Whether a string holds only HTML (ASCII) whitespace. */
export function isHtmlWhitespace(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (!isHtmlWhitespaceCode(text.charCodeAt(index))) return false;
  }
  return true;
}

/** How many HTML (ASCII) whitespace characters a string, or its range [start, end), starts with. */
export function leadingHtmlWhitespace(text: string, start = 0, end = text.length): number {
  let index = start;
  while (index < end && isHtmlWhitespaceCode(text.charCodeAt(index))) index += 1;
  return index - start;
}

/** How many HTML (ASCII) whitespace characters a string, or its range [start, end), ends with. */
export function trailingHtmlWhitespace(text: string, start = 0, end = text.length): number {
  let index = end;
  while (index > start && isHtmlWhitespaceCode(text.charCodeAt(index - 1))) index -= 1;
  return end - index;
}

/**
 * Below U+0300 every character is its own NFC form and nothing combines with it before a
 * combining mark (U+0300 and up) comes, so a string of such characters is already NFC; and there
 * the only whitespace `\s` knows is tab to CR, space and NBSP.
 */
const NFC_STABLE_BELOW = 0x300;

/**
 * The form a source text is hashed in: Unicode NFC, every whitespace run (NBSP included) one space, trimmed.
 * Most texts (a TMX import's English sources, a page's segments) are already in that form: one scan
 * of their characters answers them unchanged, at a fraction of `normalize`, a Unicode regular
 * expression's replace and a trim (~8 % of a TMX import's own CPU); the rest take that path.
 */
export function normaliseSourceText(text: string): string {
  return isNormalisedSource(text) ? text : text.normalize('NFC').replace(ANY_WHITESPACE_RUN, ' ').trim();
}

/** Whether a text is its own normalised form: characters below U+0300, single inner spaces, no other whitespace. */
function isNormalisedSource(text: string): boolean {
  const last = text.length - 1;
  if (last < 0) return true;
  for (let index = 0; index <= last; index += 1) {
    const code = text.charCodeAt(index);
    // Control characters (tab to CR among them) and NBSP are left to the full path.
    if (code >= NFC_STABLE_BELOW || code === 0xa0 || code < 32) return false;
    if (code === 32 && (index === 0 || index === last || text.charCodeAt(index + 1) === 32)) return false;
  }
  return true;
}
