import type { JsonNode } from './ordered-json';

/**
 * Serialises JSON the way Xcode writes String Catalogs: two-space indentation, `"key" : value`
 * with a space on both sides of the colon, an empty object as `{` blank line `}`, and strings
 * escaped like `JSON.stringify` (slashes and non-ASCII characters left as they are). With the
 * text the nodes were read from, objects that were not rebuilt are copied from it.
 */
export function writeXcodeJson(node: JsonNode, indent = '', source?: string): string {
  // An object read from `source` and not rebuilt since is copied as it came (fast, and a
  // hand-formatted part of a catalog stays as its author left it).
  if (source !== undefined && node.kind === 'object' && node.start !== undefined)
    return source.slice(node.start, node.end);
  switch (node.kind) {
    case 'string':
      return quote(node.value);
    case 'literal':
      return node.raw;
    case 'array': {
      if (node.items.length === 0) return `[\n\n${indent}]`;
      const inner = `${indent}  `;
      return `[\n${node.items.map((item) => inner + writeXcodeJson(item, inner, source)).join(',\n')}\n${indent}]`;
    }
    case 'object': {
      if (node.entries.length === 0) return `{\n\n${indent}}`;
      const inner = `${indent}  `;
      const members = node.entries.map(
        ([key, value]) => `${inner}${quote(key)} : ${writeXcodeJson(value, inner, source)}`,
      );
      return `{\n${members.join(',\n')}\n${indent}}`;
    }
  }
}

/** The order Xcode gives the keys of a catalog's objects (a case-insensitive, numeric-aware collation). */
export const compareXcodeKeys = new Intl.Collator('en', { numeric: true }).compare;

// Only quotes, backslashes, control characters and lone surrogates need JSON.stringify's escaping.
const NEEDS_ESCAPE = /["\\]|\p{Cc}|[\uD800-\uDFFF]/u;

function quote(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}
