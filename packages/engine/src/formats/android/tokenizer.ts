import { decodeXmlReferences } from './xml-references';
import { AndroidResourceError, lineAt, type AndroidLimits } from './types';

/** One attribute of a start tag: decoded value and the span of the whole `name="value"`. */
export interface XmlAttribute {
  readonly name: string;
  readonly value: string;
}

/** A piece of the file, with its span (UTF-16 offsets, end exclusive). */
export type XmlToken =
  | { readonly type: 'text'; readonly start: number; readonly end: number }
  | { readonly type: 'cdata'; readonly start: number; readonly end: number }
  | { readonly type: 'comment'; readonly start: number; readonly end: number }
  | { readonly type: 'declaration'; readonly start: number; readonly end: number }
  | {
      readonly type: 'open';
      readonly start: number;
      readonly end: number;
      readonly name: string;
      readonly attributes: readonly XmlAttribute[];
      readonly selfClosing: boolean;
    }
  | { readonly type: 'close'; readonly start: number; readonly end: number; readonly name: string };

const NAME = /[A-Za-z_:][-A-Za-z0-9._:]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][-A-Za-z0-9._:]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;

/**
 * Splits a resource file into tokens and checks it is well-formed XML (XML 1.0 §2–3: one root,
 * nested tags, quoted attributes, known references). Declarations of a document type or of
 * entities are refused outright: they are how XXE and "billion laughs" attacks start.
 */
export function tokenizeXml(source: string, limits: AndroidLimits, fileName?: string): XmlToken[] {
  const tokens: XmlToken[] = [];
  const fail = (reason: string, offset: number): never => {
    throw new AndroidResourceError(reason, lineAt(source, offset), fileName);
  };
  const open: string[] = [];
  let rootSeen = false;
  let position = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (position < source.length) {
    const lt = source.indexOf('<', position);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > position) {
      const raw = source.slice(position, textEnd);
      if (open.length === 0 && raw.trim() !== '') fail('Text outside the root element', position);
      const decoded = decodeXmlReferences(raw);
      if (typeof decoded !== 'string') fail(decoded.error, position + decoded.offset);
      if (raw.includes(']]>')) fail('"]]>" may not appear in text', position + raw.indexOf(']]>'));
      tokens.push({ type: 'text', start: position, end: textEnd });
    }
    if (lt === -1) break;
    position = lt;
    if (source.startsWith('<!--', lt)) {
      const close = source.indexOf('-->', lt + 4);
      if (close === -1) fail('Comment not closed', lt);
      tokens.push({ type: 'comment', start: lt, end: close + 3 });
      position = close + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      if (open.length === 0) fail('CDATA outside the root element', lt);
      const close = source.indexOf(']]>', lt + 9);
      if (close === -1) fail('CDATA section not closed', lt);
      tokens.push({ type: 'cdata', start: lt, end: close + 3 });
      position = close + 3;
    } else if (source.startsWith('<!', lt)) {
      fail('Document type and entity declarations are not accepted in resource files', lt);
    } else if (source.startsWith('<?', lt)) {
      const close = source.indexOf('?>', lt + 2);
      if (close === -1) fail('Processing instruction not closed', lt);
      tokens.push({ type: 'declaration', start: lt, end: close + 2 });
      position = close + 2;
    } else if (source.startsWith('</', lt)) {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(source)?.[0];
      if (name === undefined) fail('An end tag needs a name', lt);
      TAG_END.lastIndex = lt + 2 + name!.length;
      const end = TAG_END.exec(source);
      if (!end || end[1]) fail(`End tag </${name} is not closed with ">"`, lt);
      const expected = open.pop();
      if (expected !== name) {
        fail(
          expected ? `</${name}> found where </${expected}> was expected` : `</${name}> closes nothing`,
          lt,
        );
      }
      tokens.push({ type: 'close', start: lt, end: TAG_END.lastIndex, name: name! });
      position = TAG_END.lastIndex;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(source)?.[0];
      if (name === undefined) fail('A "<" must start a tag (write < in text as &lt;)', lt);
      let cursor = lt + 1 + name!.length;
      const attributes: XmlAttribute[] = [];
      for (;;) {
        ATTRIBUTE.lastIndex = cursor;
        const attribute = ATTRIBUTE.exec(source);
        if (!attribute) break;
        const attributeName = attribute[1]!;
        const decoded = decodeXmlReferences(attribute[2] ?? attribute[3] ?? '');
        if (typeof decoded !== 'string') fail(decoded.error, cursor);
        if (attributes.some((other) => other.name === attributeName)) {
          fail(`Attribute ${attributeName} appears twice`, cursor);
        }
        attributes.push({ name: attributeName, value: decoded as string });
        cursor = ATTRIBUTE.lastIndex;
      }
      TAG_END.lastIndex = cursor;
      const end = TAG_END.exec(source);
      if (!end) fail(`Start tag <${name}> is broken (attributes need quoted values, the tag a ">")`, lt);
      const selfClosing = end![1] === '/';
      if (open.length === 0) {
        if (rootSeen) fail('A file has one root element', lt);
        rootSeen = true;
      }
      if (!selfClosing) {
        open.push(name!);
        if (open.length > limits.maxDepth) fail(`Elements nest deeper than ${limits.maxDepth}`, lt);
      }
      tokens.push({ type: 'open', start: lt, end: TAG_END.lastIndex, name: name!, attributes, selfClosing });
      position = TAG_END.lastIndex;
    }
  }
  if (open.length > 0) fail(`<${open[open.length - 1]}> is not closed`, source.length);
  if (!rootSeen) fail('The file has no root element', source.length);
  return tokens;
}
