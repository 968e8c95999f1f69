import { splitByTokens } from './placeholder-tokens';

/** How a vendor reads the text we send: markup-aware (tags kept, entities decoded) or plain. */
export type WireFormat = 'html' | 'xml' | 'text';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Escapes `&`, `<` and `>` of plain text, leaving placeholders as tags (HTML/XML modes of vendors). */
export function escapeOutsideTokens(text: string): string {
  return splitByTokens(text)
    .map((part) =>
      'token' in part ? part.token.raw : part.text.replace(/[&<>]/g, (char) => ESCAPES[char] ?? char),
    )
    .join('');
}

/** Decodes the character references of an HTML/XML answer (named basics, decimal and hex). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole: string, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X'))
      return safeCodePoint(Number.parseInt(body.slice(2), 16)) ?? whole;
    if (body.startsWith('#')) return safeCodePoint(Number.parseInt(body.slice(1), 10)) ?? whole;
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(value: number): string | undefined {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : undefined;
}

/** Text as a vendor in `format` expects it. */
export function toWire(text: string, format: WireFormat): string {
  return format === 'text' ? text : escapeOutsideTokens(text);
}

/** A vendor's answer in `format` back to plain text with placeholders. */
export function fromWire(text: string, format: WireFormat): string {
  if (format === 'text') return text;
  // Placeholders an engine escaped (`&lt;x1&gt;`) must survive decoding as tags, which they do:
  // they decode to `<x1>` and the lenient scan in restore reads them.
  return decodeEntities(text);
}
