import { TmxError } from '../tmx/types';

/** True for a code point XML 1.0 allows in a document (§2.2 Char). */
export function isXmlChar(point: number): boolean {
  return (
    point === 0x9 ||
    point === 0xa ||
    point === 0xd ||
    (point >= 0x20 && point <= 0xd7ff) ||
    (point >= 0xe000 && point <= 0xfffd) ||
    (point >= 0x10000 && point <= 0x10ffff)
  );
}

/** The text behind `&name;` (predefined entities and character references only), or a `TmxError`. */
function entityText(text: string, start: number, end: number): string {
  const name = text.slice(start, end);
  switch (name) {
    case 'amp':
      return '&';
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
  }
  const code = /^#(?:([0-9]{1,7})|x([0-9a-fA-F]{1,6}))$/.exec(name);
  if (!code) {
    throw new TmxError(
      `&${name.slice(0, 20)}; is not one of XML's predefined entities or a character reference (a TMX file cannot declare its own)`,
    );
  }
  const point = code[1] !== undefined ? Number(code[1]) : parseInt(code[2]!, 16);
  if (!isXmlChar(point)) throw new TmxError(`&${name}; refers to a character XML does not allow`);
  return String.fromCodePoint(point);
}

/** The longest entity or character reference XML allows here, `&` to `;` (`&#1114111;`). */
const LONGEST_REFERENCE = 10;
const REFERENCE_PREFIX = /^&#?[0-9a-zA-Z]*$/;

/**
 * `text[start, end)` with its references replaced, `amp` being the first `&` in it. When
 * `mayContinue`, a reference cut short by the end of the chunk ends the value there (`decoded.end`,
 * the caller keeps the rest for the next chunk) instead of failing. `decoded.nextAmp` is the first
 * `&` at or after `end` (-1: none), so no stretch of a chunk is searched for `&` twice.
 */
export const decoded = { value: '', end: 0, nextAmp: -1 };

export function decodeReferences(
  text: string,
  start: number,
  end: number,
  amp: number,
  mayContinue: boolean,
): void {
  let value = '';
  let from = start;
  while (amp !== -1 && amp < end) {
    value += text.slice(from, amp);
    const semicolon = text.indexOf(';', amp + 1);
    if (semicolon === -1 || semicolon >= end || semicolon - amp > LONGEST_REFERENCE) {
      const rest = text.slice(amp, Math.min(end, amp + LONGEST_REFERENCE + 1));
      if (
        mayContinue &&
        end === text.length &&
        end - amp <= LONGEST_REFERENCE &&
        REFERENCE_PREFIX.test(rest)
      ) {
        decoded.value = value;
        decoded.end = amp;
        decoded.nextAmp = amp;
        return;
      }
      throw new TmxError(`A "&" must start a reference such as &amp; (found "${rest.slice(0, 12)}")`);
    }
    value += entityText(text, amp + 1, semicolon);
    from = semicolon + 1;
    amp = text.indexOf('&', from);
  }
  decoded.value = value + text.slice(from, end);
  decoded.end = end;
  decoded.nextAmp = amp;
}
