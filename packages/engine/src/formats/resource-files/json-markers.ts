/**
 * Placeholders of JSON i18n texts (`{{name}}`, `{name}`, `<0>`, `%s`, `$NAME$`, and ICU's `#`
 * inside a plural) as `<xN/>` markers and back. JSON texts are written back as plain strings, so
 * a marker always becomes its own markup again, whichever form of a plural it lands in.
 */
import { findPlaceholderTokens, formatPlaceholder } from '../../html/placeholder-syntax';
import { icuBlocks } from '../json-i18n/icu';
import { PLACEHOLDER } from '../json-i18n/placeholders';
import { quoteIcuLiteral } from './plural-message';

/** A text with protected pieces as markers, and the pieces by marker number (index 0 = `<x1/>`). */
export interface MarkedText {
  readonly text: string;
  readonly pieces: string[];
}

const PLACEHOLDER_AT = new RegExp(PLACEHOLDER.source, 'y');

/** The placeholders of a plain JSON text (i18next, Chrome, printf) as markers. */
export function markPlaceholders(value: string): MarkedText {
  const pieces: string[] = [];
  const text = value.replace(PLACEHOLDER, (piece) => formatPlaceholder(pieces.push(piece), 'void'));
  return { text, pieces };
}

/** Index of the `}` closing the `{` at `open` in ICU text (quotes honoured), or -1. */
function closingBrace(content: string, open: number): number {
  let depth = 0;
  for (let i = open; i < content.length; i += 1) {
    const c = content[i];
    if (c === "'" && content[i + 1] === "'") i += 1;
    else if (c === "'" && /[{}#|]/.test(content[i + 1] ?? '')) {
      const close = content.indexOf("'", i + 1);
      if (close === -1) return -1;
      i = close;
    } else if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The content of an ICU plural branch as literal text with markers: quoting resolved, and the
 * number sign `#`, arguments (`{name}`, a nested select) and other placeholders protected.
 */
export function markIcuBranch(content: string): MarkedText {
  const pieces: string[] = [];
  let text = '';
  const protect = (piece: string) => {
    text += formatPlaceholder(pieces.push(piece), 'void');
  };
  for (let i = 0; i < content.length; i += 1) {
    const c = content[i]!;
    const next = content[i + 1];
    if (c === "'") {
      if (next === "'") {
        text += "'";
        i += 1;
      } else if (next !== undefined && /[{}#|]/.test(next)) {
        for (i += 1; i < content.length; i += 1) {
          if (content[i] !== "'") text += content[i];
          else if (content[i + 1] === "'") {
            text += "'";
            i += 1;
          } else break;
        }
      } else text += c;
      continue;
    }
    if (c === '#') {
      protect('#');
      continue;
    }
    PLACEHOLDER_AT.lastIndex = i;
    const match = PLACEHOLDER_AT.exec(content);
    if (match) {
      protect(match[0]);
      i += match[0].length - 1;
      continue;
    }
    const close = c === '{' ? closingBrace(content, i) : -1;
    if (close !== -1) {
      protect(content.slice(i, close + 1));
      i = close;
    } else text += c;
  }
  return { text, pieces };
}

/**
 * An ICU message with blocks inside text (`Get {count, plural, other {# right}} now`) shown as
 * ICU: the block syntax and quoting stay as written (the codec gives the blocks the target's
 * categories), placeholders in text and branches become markers, and so does `#` in a plural.
 */
export function markIcuMessage(message: string): MarkedText {
  const pieces: string[] = [];
  return { text: markBlocks(message, pieces, false), pieces };
}

function markBlocks(message: string, pieces: string[], inPlural: boolean): string {
  let out = '';
  let at = 0;
  for (const block of icuBlocks(message)) {
    out += markText(message.slice(at, block.start), pieces, inPlural);
    let cursor = block.start;
    for (const branch of block.branches) {
      const contentStart = branch.end - 1 - branch.content.length;
      out += message.slice(cursor, contentStart);
      out += markBlocks(branch.content, pieces, inPlural || block.type !== 'select');
      cursor = branch.end - 1;
    }
    out += message.slice(cursor, block.end);
    at = block.end;
  }
  return out + markText(message.slice(at), pieces, inPlural);
}

/** Text between blocks: quoted runs kept as written, placeholders (and a plural's `#`) marked. */
function markText(text: string, pieces: string[], inPlural: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === "'" && text[i + 1] === "'") {
      out += "''";
      i += 1;
      continue;
    }
    if (c === "'" && /[{}#|]/.test(text[i + 1] ?? '')) {
      const close = text.indexOf("'", i + 1);
      const end = close === -1 ? text.length : close + 1;
      out += text.slice(i, end);
      i = end - 1;
      continue;
    }
    if (c === '#' && inPlural) {
      out += formatPlaceholder(pieces.push('#'), 'void');
      continue;
    }
    PLACEHOLDER_AT.lastIndex = i;
    const match = PLACEHOLDER_AT.exec(text);
    if (match) {
      out += formatPlaceholder(pieces.push(match[0]), 'void');
      i += match[0].length - 1;
    } else out += c;
  }
  return out;
}

/**
 * A translated text with its markers replaced by the pieces they stand for and the text between
 * them passed through `literal` (ICU quoting inside a plural, nothing elsewhere).
 */
export function unmark(
  text: string,
  pieces: readonly string[],
  literal: (text: string) => string,
  fail: (marker: string) => never,
): string {
  let out = '';
  let from = 0;
  for (const token of findPlaceholderTokens(text)) {
    const piece = pieces[token.id - 1];
    const marker = text.slice(token.index, token.index + token.length);
    if (piece === undefined || token.form !== 'void') fail(marker);
    out += literal(text.slice(from, token.index)) + piece;
    from = token.index + token.length;
  }
  return out + literal(text.slice(from));
}

/** ICU branch content for a translated literal text with markers. */
export function icuBranchContent(
  text: string,
  pieces: readonly string[],
  fail: (marker: string) => never,
): string {
  return unmark(text, pieces, quoteIcuLiteral, fail);
}
