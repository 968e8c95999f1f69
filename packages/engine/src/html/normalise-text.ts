// ASCII whitespace as the HTML standard defines it (§2.3.1 "Common parser idioms"): tab, LF, FF, CR, space.
const ASCII_WHITESPACE_RUN = /[\t\n\f\r ]+/g;
const ANY_WHITESPACE_RUN = /\s+/gu;

/** Collapses runs of HTML (ASCII) whitespace into one space and trims, as a browser renders inline text. */
export function collapseHtmlWhitespace(text: string): string {
  return text.replace(ASCII_WHITESPACE_RUN, ' ').trim();
}

/** Whether a string holds only HTML (ASCII) whitespace. */
export function isHtmlWhitespace(text: string): boolean {
  return /^[\t\n\f\r ]*$/.test(text);
}

/** The form a source text is hashed in: Unicode NFC, every whitespace run (NBSP included) one space, trimmed. */
export function normaliseSourceText(text: string): string {
  return text.normalize('NFC').replace(ANY_WHITESPACE_RUN, ' ').trim();
}
