import { escapeCdata, escapeXmlText } from './xml-references';

/**
 * Android's string escapes (developer.android.com/guide/topics/resources/string-resource,
 * "Handle special characters"; aapt2 `StringBuilder`): outside double quotes whitespace runs
 * collapse to one space and the ends are trimmed; `"` opens and closes a quoted stretch that keeps
 * whitespace and apostrophes; `\n \t \uXXXX` stand for characters, any other `\x` for `x`;
 * an unescaped leading `@` or `?` makes the whole value a resource reference.
 */

/** Character data of the element (entities and CDATA already resolved), and inline pieces between it by number. */
export type DecodePart = { readonly chars: string } | { readonly marker: number };

/** The decoded text: decoded strings and markers in order, and whether it is a resource reference. */
export interface DecodedText {
  readonly pieces: readonly DecodePart[];
  readonly reference: boolean;
}

/** Characters the decoder must look at: escapes, quotes and whitespace. */
const SPECIAL = /[\\" \n\t\r\f\v]/g;

/** What makes decoded text differ from its characters: escapes, quotes, whitespace to collapse or trim. */
const NEEDS_DECODING = /[\\"\n\t\r\f\v]| {2}|^ | $/;

/** The characters aapt2 collapses (C `isspace`). */
function isWhitespace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f' || char === '\v';
}

/** Decodes Android escapes over the element's content; state (quotes, a pending backslash) runs across markers. */
export function decodeAndroidText(parts: readonly DecodePart[]): DecodedText {
  const only = parts.length === 1 ? parts[0]! : undefined;
  if (only !== undefined && 'chars' in only && !NEEDS_DECODING.test(only.chars)) {
    // No escape, quote, line break or run of spaces, no space at either end: the text is itself.
    const first = only.chars[0];
    return { pieces: only.chars === '' ? [] : [only], reference: first === '@' || first === '?' };
  }
  const pieces: DecodePart[] = [];
  let current = '';
  let quoted = false;
  let escaping = false;
  let emittedAnything = false;
  let lastWasSpace = false;
  let reference = false;
  let first = true;
  for (const part of parts) {
    if ('marker' in part) {
      if (current) pieces.push({ chars: current });
      current = '';
      pieces.push(part);
      emittedAnything = true;
      lastWasSpace = false;
      continue;
    }
    const chars = part.chars;
    for (let index = 0; index < chars.length; index++) {
      const char = chars[index]!;
      if (escaping) {
        escaping = false;
        if (char === 'n') current += '\n';
        else if (char === 't') current += '\t';
        else if (char === 'u') {
          const hex = chars.slice(index + 1, index + 5);
          if (/^[0-9a-fA-F]{4}$/.test(hex)) {
            current += String.fromCharCode(parseInt(hex, 16));
            index += 4;
          } else current += 'u';
        } else current += char;
        emittedAnything = true;
        lastWasSpace = false;
        first = false;
        continue;
      }
      if (char === '\\') {
        escaping = true;
        continue;
      }
      if (char === '"') {
        quoted = !quoted;
        first = false;
        continue;
      }
      if (!quoted && isWhitespace(char)) {
        if (emittedAnything && !lastWasSpace) {
          current += ' ';
          lastWasSpace = true;
        }
        continue;
      }
      if (first && (char === '@' || char === '?')) reference = true;
      first = false;
      // Copy the run of ordinary characters up to the next one that needs a decision at once.
      SPECIAL.lastIndex = index + 1;
      const next = SPECIAL.test(chars) ? SPECIAL.lastIndex - 1 : chars.length;
      current += chars.slice(index, next);
      index = next - 1;
      emittedAnything = true;
      lastWasSpace = false;
    }
  }
  if (lastWasSpace) current = current.slice(0, -1);
  if (current) pieces.push({ chars: current });
  return { pieces, reference };
}

/** Decoded text written for Android, escaped so aapt2 reads it back unchanged. */
export function encodeAndroidText(
  text: string,
  position: { readonly atStart: boolean; readonly atEnd: boolean },
  cdata: boolean,
): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    switch (char) {
      case '\\':
        out += '\\\\';
        break;
      case "'":
        out += "\\'";
        break;
      case '"':
        out += '\\"';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\t':
        out += '\\t';
        break;
      case '@':
      case '?':
        out += index === 0 && position.atStart ? `\\${char}` : char;
        break;
      case ' ': {
        const leading = index === 0 && position.atStart;
        const trailing = index === text.length - 1 && position.atEnd;
        const repeated = index > 0 && text[index - 1] === ' ';
        out += leading || trailing || repeated ? '\\u0020' : ' ';
        break;
      }
      default: {
        const code = char.charCodeAt(0);
        out += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : char;
      }
    }
  }
  return cdata ? escapeCdata(out) : escapeXmlText(out);
}
