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

// Whether collapsing may change the text: something `trim` removes at either end, an HTML
// whitespace character other than a space, or two spaces in a row. Most segment texts ("Home",
// "Contact us") have none of these, and a scan of their characters costs far less than a
// regular expression's replace and a trim.
function needsCollapsing(text: string): boolean {
  const length = text.length;
  if (length === 0) return false;
  if (mayBeTrimmed(text.charCodeAt(0)) || mayBeTrimmed(text.charCodeAt(length - 1))) return true;
  let previousWasSpace = false;
  for (let index = 1; index < length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 32) {
      if (previousWasSpace) return true;
      previousWasSpace = true;
    } else if (isHtmlWhitespaceCode(code)) return true;
    else previousWasSpace = false;
  }
  return false;
}

/** Collapses runs of HTML (ASCII) whitespace into one space and trims, as a browser renders inline text. */
export function collapseHtmlWhitespace(text: string): string {
  return needsCollapsing(text) ? text.replace(ASCII_WHITESPACE_RUN, ' ').trim() : text;
}

/** Whether a string holds only HTML (ASCII) whitespace. */
export function isHtmlWhitespace(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (!isHtmlWhitespaceCode(text.charCodeAt(index))) return false;
  }
  return true;
}

/** How many HTML (ASCII) whitespace characters a string starts with. */
export function leadingHtmlWhitespace(text: string): number {
  let index = 0;
  while (index < text.length && isHtmlWhitespaceCode(text.charCodeAt(index))) index += 1;
  return index;
}

/** How many HTML (ASCII) whitespace characters a string ends with. */
export function trailingHtmlWhitespace(text: string): number {
  let index = text.length;
  while (index > 0 && isHtmlWhitespaceCode(text.charCodeAt(index - 1))) index -= 1;
  return text.length - index;
}

/** The form a source text is hashed in: Unicode NFC, every whitespace run (NBSP included) one space, trimmed. */
export function normaliseSourceText(text: string): string {
  return text.normalize('NFC').replace(ANY_WHITESPACE_RUN, ' ').trim();
}
