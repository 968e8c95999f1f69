/**
 * Backslash escapes of quoted strings in `.strings` files (old-style property lists, as
 * CFPropertyList reads them): `\n \t \r \" \' \\ \a \b \f \v`, `\U` or `\u` with four hex digits,
 * and up to three octal digits. Any other escaped character stands for itself.
 */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\u0007',
  b: '\b',
  f: '\f',
  v: '\v',
};

/** The text a quoted `.strings` value stands for. */
export function decodeStringsEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(
    /\\(?:[Uu]([0-9A-Fa-f]{4})|([0-7]{1,3})|([\s\S]))/g,
    (_all, hex?: string, octal?: string, char?: string) => {
      if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
      if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8));
      return SIMPLE_ESCAPES[char!] ?? char!;
    },
  );
}

/**
 * A text written as the inside of a quoted value: backslash and quote escaped, tab and carriage
 * return as `\t` and `\r`, other control characters as `\U00XX`; line breaks stay literal when the
 * source value had literal ones (some files wrap text that way), else they become `\n`.
 */
export function encodeStringsEscapes(text: string, literalLineBreaks: boolean): string {
  return text.replace(/[\\"]|\p{Cc}/gu, (char) => {
    if (char === '\\') return '\\\\';
    if (char === '"') return '\\"';
    if (char === '\n') return literalLineBreaks ? '\n' : '\\n';
    if (char === '\t') return '\\t';
    if (char === '\r') return '\\r';
    return `\\U${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
