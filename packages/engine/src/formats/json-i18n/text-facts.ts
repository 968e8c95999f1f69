import { icuBlocks, mayHaveIcuBlocks } from './icu';
import { mayHavePlaceholder, withoutPlaceholders } from './placeholders';

/**
 * Values that look like strings but are data: translating them would break the app that reads
 * them. A string is text when, without its placeholders and ICU structure, a letter is left and
 * the whole is not an address, identifier, date, colour or number.
 */
const DATA_PATTERNS: RegExp[] = [
  /^[a-z][a-z0-9+.-]*:\/\/\S+$/i, // URL with a scheme
  /^(?:www\.)\S+$/i,
  /^\/[\w\-./?=&%#]*$/, // a path
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/, // e-mail
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/, // ISO date and time
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, // colour
  /^(?:rgb|rgba|hsl|hsla)\([\d\s.,%]+\)$/i,
  /^[-+]?\d[\d,._ ]*%?$/, // number in a string
  /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/, // dotted identifier (a key path, a module name)
];

/** Everything a reader sees of an ICU message: branch contents, without the structure. */
function readableIcu(message: string): string {
  if (!mayHaveIcuBlocks(message)) return message;
  const blocks = icuBlocks(message);
  if (blocks.length === 0) return message;
  let out = '';
  let at = 0;
  for (const block of blocks) {
    out += message.slice(at, block.start) + ' ';
    out += block.branches.map((branch) => readableIcu(branch.content)).join(' ');
    at = block.end;
  }
  return out + message.slice(at);
}

/**
 * True when a string value is text for people, false when it is data or only placeholders.
 * `markup`: whether the value may hold placeholders or ICU blocks, when the caller knows already.
 */
export function isTranslatableText(value: string, markup = mayHavePlaceholder(value)): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return false;
  // Data has no spaces (a number may have thin groups): only such strings are matched against it.
  if (
    (!WHITESPACE.test(trimmed) || SIGN_OR_DIGIT_FIRST.test(trimmed)) &&
    DATA_PATTERNS.some((pattern) => pattern.test(trimmed))
  )
    return false;
  // Placeholders and ICU blocks start with one of a few characters: most texts have none.
  if (!markup) return LETTER.test(trimmed);
  return LETTER.test(withoutPlaceholders(readableIcu(trimmed)));
}

const WHITESPACE = /\s/;
const SIGN_OR_DIGIT_FIRST = /^[-+\d]/;
const LETTER = /\p{L}/u;
