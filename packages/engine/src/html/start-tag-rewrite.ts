import { escapeHtmlAttribute } from './escape-html';

/** HTML whitespace: tab, line feed, form feed, carriage return, space (char codes, no RegExp per character). */
function isSpace(tag: string, index: number): boolean {
  const code = tag.charCodeAt(index);
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/** Where one attribute sits inside a start tag's source: its name, and the range of `=value` (empty when it has none). */
interface AttributeSpan {
  readonly name: string;
  /** Start of the name. */
  readonly start: number;
  /** End of the name (where `=value` begins, if any). */
  readonly nameEnd: number;
  /** End of the value, quotes included (equals nameEnd when the attribute has no value). */
  readonly end: number;
}

/**
 * Reads the attributes of one start tag the way the HTML tokenizer does (§13.2.5 "before attribute
 * name" … "attribute value (unquoted)"), answering each attribute's position in the tag. The first
 * occurrence of a name is the one browsers and htmlparser2 use.
 */
function scanAttributes(tag: string): { spans: AttributeSpan[]; close: number } {
  const spans: AttributeSpan[] = [];
  let i = 1;
  while (i < tag.length && !isSpace(tag, i) && tag[i] !== '/' && tag[i] !== '>') i += 1;
  for (;;) {
    while (i < tag.length && (isSpace(tag, i) || tag[i] === '/')) i += 1;
    if (i >= tag.length || tag[i] === '>') break;
    const start = i;
    i += 1; // The first character may be '=': it belongs to the name.
    while (i < tag.length && !isSpace(tag, i) && tag[i] !== '/' && tag[i] !== '>' && tag[i] !== '=') i += 1;
    const nameEnd = i;
    const name = tag.slice(start, nameEnd).toLowerCase();
    let j = i;
    while (j < tag.length && isSpace(tag, j)) j += 1;
    if (tag[j] !== '=') {
      spans.push({ name, start, nameEnd, end: nameEnd });
      continue;
    }
    j += 1;
    while (j < tag.length && isSpace(tag, j)) j += 1;
    const quote = tag[j];
    if (quote === '"' || quote === "'") {
      const closing = tag.indexOf(quote, j + 1);
      j = closing === -1 ? tag.length : closing + 1;
    } else {
      while (j < tag.length && !isSpace(tag, j) && tag[j] !== '>') j += 1;
    }
    spans.push({ name, start, nameEnd, end: j });
    i = j;
  }
  // Where added attributes go: before `/>` or `>` (a tag cut off by the end of input has neither).
  let close = tag.endsWith('>') ? tag.length - 1 : tag.length;
  if (close > 0 && tag[close - 1] === '/') close -= 1;
  return { spans, close };
}

/**
 * Sets attribute values in the original source of a start tag, keeping every other byte as it was:
 * a changed value is written double-quoted and escaped, a missing attribute is added before the
 * tag's end, `null` removes the attribute. Values are plain (decoded) text, so no value can end
 * the attribute or the tag early.
 */
export function rewriteStartTag(tag: string, changes: ReadonlyMap<string, string | null>): string {
  if (changes.size === 0) return tag;
  const { spans, close } = scanAttributes(tag);
  const seen = new Set<string>();
  let html = '';
  let cursor = 0;
  for (const span of spans) {
    if (seen.has(span.name)) continue;
    seen.add(span.name);
    const value = changes.get(span.name);
    if (value === undefined) continue;
    if (value === null) {
      // Drop the attribute and the whitespace before it.
      let from = span.start;
      while (from > cursor && isSpace(tag, from - 1)) from -= 1;
      html += tag.slice(cursor, from);
    } else {
      html += `${tag.slice(cursor, span.nameEnd)}="${escapeHtmlAttribute(value)}"`;
    }
    cursor = span.end;
  }
  let added = '';
  for (const [name, value] of changes) {
    if (value !== null && !seen.has(name)) added += ` ${name}="${escapeHtmlAttribute(value)}"`;
  }
  if (added === '') return html + tag.slice(cursor);
  // An unquoted value may have swallowed a trailing '/': then the additions go after the value.
  const at = Math.max(cursor, close);
  return html + tag.slice(cursor, at) + added + tag.slice(at);
}
