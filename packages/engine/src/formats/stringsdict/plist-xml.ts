import { IosFormatError, LineIndex } from '../ios-strings/types';

/** An element of an XML property list, with its place in the text. */
export interface PlistElement {
  readonly name: string;
  /** Offset of `<` of the start tag. */
  readonly start: number;
  /** Offset just after the end tag (or after `/>`). */
  readonly end: number;
  /** Range of the content between the tags (empty at `end` for `<string/>`). */
  readonly contentStart: number;
  readonly contentEnd: number;
  readonly selfClosing: boolean;
  readonly children: readonly PlistElement[];
  /** The decoded character data directly inside the element. */
  readonly text: string;
  readonly line: number;
}

// The one DOCTYPE a property list has (Apple's PropertyList-1.0.dtd), with no internal subset.
const PLIST_DOCTYPE = /^<!DOCTYPE\s+plist\s+PUBLIC\s+"[^"<>[\]]*"\s+"[^"<>[\]]*"\s*>$/;
const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

interface OpenElement {
  name: string;
  start: number;
  contentStart: number;
  children: PlistElement[];
  text: string;
}

/**
 * Reads the XML of a property list into elements, safely: the only DOCTYPE allowed is the plist
 * one without an internal subset, so no entity is ever declared or expanded (no XXE, no billion
 * laughs); only XML's five predefined entities and character references are decoded.
 */
export function parsePlistXml(text: string, file: string): PlistElement {
  const lines = new LineIndex(text);
  const fail = (offset: number, reason: string): never => {
    throw new IosFormatError(file, lines.lineAt(offset), reason);
  };
  const stack: OpenElement[] = [];
  let root: PlistElement | undefined;
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    const textEnd = open === -1 ? text.length : open;
    if (textEnd > position) {
      const data = text.slice(position, textEnd);
      const top = stack.at(-1);
      if (top) top.text += decodeEntities(data, (reason) => fail(position, reason));
      else if (data.trim() !== '' && data !== '\uFEFF') fail(position, 'text outside the root element');
    }
    if (open === -1) break;
    if (text.startsWith('<?', open)) {
      position = indexAfter(text, '?>', open, () => fail(open, 'a processing instruction is not closed'));
    } else if (text.startsWith('<!--', open)) {
      position = indexAfter(text, '-->', open, () => fail(open, 'a comment is not closed'));
    } else if (text.startsWith('<![CDATA[', open)) {
      position = indexAfter(text, ']]>', open, () => fail(open, 'a CDATA section is not closed'));
      const top = stack.at(-1) ?? fail(open, 'CDATA outside the root element');
      top.text += text.slice(open + 9, position - 3);
    } else if (text.startsWith('<!', open)) {
      const close = text.indexOf('>', open);
      const declaration = close === -1 ? '' : text.slice(open, close + 1);
      if (!PLIST_DOCTYPE.test(declaration))
        fail(open, 'only the standard plist DOCTYPE is allowed (no entity declarations)');
      position = close + 1;
    } else {
      const close = text.indexOf('>', open);
      if (close === -1) fail(open, 'a tag is not closed');
      const tag = text.slice(open + 1, close);
      position = close + 1;
      if (tag.startsWith('/')) {
        const name = tag.slice(1).trim();
        const top = stack.pop();
        if (!top || top.name !== name) fail(open, `unexpected </${name}>`);
        const element = finish(top!, open, position, false, lines);
        if (stack.length === 0) root = element;
        else stack.at(-1)!.children.push(element);
        continue;
      }
      const selfClosing = tag.endsWith('/');
      const name = /^[A-Za-z_][\w.-]*/.exec(tag)?.[0] ?? fail(open, 'a tag has no name');
      if (stack.length === 0 && root) fail(open, 'a second root element');
      const opened: OpenElement = { name, start: open, contentStart: position, children: [], text: '' };
      if (!selfClosing) {
        stack.push(opened);
        continue;
      }
      const element = finish(opened, position, position, true, lines);
      if (stack.length === 0) root = element;
      else stack.at(-1)!.children.push(element);
    }
  }
  if (stack.length > 0) fail(text.length, `<${stack.at(-1)!.name}> is not closed`);
  return root ?? fail(0, 'the file has no root element');
}

function finish(
  open: OpenElement,
  contentEnd: number,
  end: number,
  selfClosing: boolean,
  lines: LineIndex,
): PlistElement {
  return {
    name: open.name,
    start: open.start,
    end,
    contentStart: open.contentStart,
    contentEnd,
    selfClosing,
    children: open.children,
    text: open.text,
    line: lines.lineAt(open.start),
  };
}

function indexAfter(text: string, token: string, from: number, onMissing: () => never): number {
  const index = text.indexOf(token, from);
  return index === -1 ? onMissing() : index + token.length;
}

function decodeEntities(data: string, fail: (reason: string) => never): string {
  if (!data.includes('&')) return data;
  return data.replace(/&([^;\s&]*);?/g, (all, name: string) => {
    if (!all.endsWith(';')) return fail('a bare "&" in text');
    if (name.startsWith('#')) {
      const codePoint = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return codePoint >= 0 && codePoint <= 0x10ffff
        ? String.fromCodePoint(codePoint)
        : fail(`&${name}; is no character`);
    }
    return PREDEFINED_ENTITIES[name] ?? fail(`the entity &${name}; is not allowed`);
  });
}

/** Text escaped for the content of a plist `<string>`. */
export function escapePlistText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}
