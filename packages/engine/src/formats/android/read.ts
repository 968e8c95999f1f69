import { decodeAndroidText, type DecodePart } from './escapes';
import {
  isProtectedElement,
  numberPlaceholders,
  splitCdataTags,
  type InlineMarker,
  type InlinePiece,
} from './placeholders';
import { tokenizeXml, type XmlAttribute, type XmlToken } from './tokenizer';
import { decodeXmlReferences } from './xml-references';
import {
  AndroidResourceError,
  DEFAULT_ANDROID_LIMITS,
  lineAt,
  lineIndex,
  type AndroidGroup,
  type AndroidItem,
  type AndroidLimits,
  type AndroidResourceFile,
  type AndroidUnit,
} from './types';

/** Options of `parseAndroidResources`. */
export interface ParseAndroidOptions {
  /** Named in error messages (e.g. `res/values-hi/strings.xml`). */
  readonly fileName?: string;
  readonly limits?: AndroidLimits;
}

/** The text of a file given as bytes: UTF-8 only (aapt2 reads nothing else), byte order mark kept. */
export function decodeAndroidBytes(
  input: string | Uint8Array,
  limits: AndroidLimits,
  fileName?: string,
): string {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > limits.maxBytes) {
    throw new AndroidResourceError(`The file is larger than ${limits.maxBytes} bytes`, undefined, fileName);
  }
  if (typeof input === 'string') return input;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
  } catch {
    throw new AndroidResourceError('The file is not valid UTF-8', undefined, fileName);
  }
}

/**
 * Reads an Android resource file (`res/values*\/*.xml`) into translation units: every `<string>`,
 * `<string-array>` item and `<plurals>` quantity, with its decoded text, placeholders, comments,
 * attributes and the span of its text in the file. Other resources are left alone.
 */
export function parseAndroidResources(
  input: string | Uint8Array,
  options: ParseAndroidOptions = {},
): AndroidResourceFile {
  const limits = options.limits ?? DEFAULT_ANDROID_LIMITS;
  const fileName = options.fileName;
  const source = decodeAndroidBytes(input, limits, fileName);
  const tokens = tokenizeXml(source, limits, fileName);
  const fail = (reason: string, offset: number): never => {
    throw new AndroidResourceError(reason, lineAt(source, offset), fileName);
  };

  const lineOf = lineIndex(source);
  const rootIndex = tokens.findIndex((token) => token.type === 'open');
  const root = tokens[rootIndex]!;
  if (root.type !== 'open' || root.name !== 'resources')
    fail('The root element of a resource file is <resources>', root.start);

  const units: AndroidUnit[] = [];
  const groups: AndroidGroup[] = [];
  const elements = new Map<string, { start: number; end: number }>();
  const seen = new Set<string>();
  let comments: string[] = [];

  const addUnit = (unit: AndroidUnit): void => {
    if (seen.has(unit.id)) fail(`"${unit.key}" is defined twice`, unit.start);
    seen.add(unit.id);
    units.push(unit);
  };

  for (let index = rootIndex + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'comment') {
      comments.push(source.slice(token.start + 4, token.end - 3).trim());
      continue;
    }
    if (token.type !== 'open') continue;
    const close = token.selfClosing ? index : matchingClose(tokens, index);
    const attributes = attributeRecord(token.attributes);
    const key = attributes.name;
    const kind = token.name;
    if ((kind === 'string' || kind === 'string-array' || kind === 'plurals') && !token.selfClosing) {
      if (!key) fail(`<${kind}> needs a name attribute`, token.start);
      const id = attributes.product ? `${key}/${attributes.product}` : key!;
      const translatable = attributes.translatable !== 'false';
      const common: ElementFacts = {
        key: key!,
        attributes,
        translatable,
        formatted: booleanAttribute(attributes.formatted),
      };
      if (kind === 'string') {
        addUnit(
          readUnit(index, close, common, { id, kind, index: undefined, quantity: undefined, comments }),
        );
        elements.set(id, { start: token.start, end: tokens[close]!.end });
      } else {
        const groupUnits: AndroidUnit[] = [];
        const items: AndroidItem[] = [];
        let itemComments: string[] = [];
        for (let child = index + 1; child < close; child++) {
          const inner = tokens[child]!;
          if (inner.type === 'comment')
            itemComments.push(source.slice(inner.start + 4, inner.end - 3).trim());
          if (inner.type !== 'open') continue;
          const itemClose = inner.selfClosing ? child : matchingClose(tokens, child);
          if (inner.name === 'item') {
            const quantity = inner.attributes.find((attribute) => attribute.name === 'quantity')?.value;
            if (kind === 'plurals' && !quantity) fail('A <plurals> item needs a quantity', inner.start);
            const position = items.length;
            const item = {
              start: inner.start,
              end: tokens[itemClose]!.end,
              startTag: source.slice(inner.start, inner.end),
            };
            if (inner.selfClosing) items.push(item);
            else {
              const unit =
                kind === 'plurals'
                  ? readUnit(child, itemClose, common, {
                      id: `${id}#${quantity}`,
                      kind,
                      index: undefined,
                      quantity,
                      comments: [...comments, ...itemComments],
                    })
                  : readUnit(child, itemClose, common, {
                      id: `${id}[${position}]`,
                      kind,
                      index: position,
                      quantity: undefined,
                      comments: [...comments, ...itemComments],
                    });
              addUnit(unit);
              groupUnits.push(unit);
              items.push({ start: item.start, end: item.end, startTag: item.startTag, unit });
            }
            itemComments = [];
          }
          child = itemClose;
        }
        groups.push({
          kind,
          key: id,
          translatable,
          start: token.start,
          end: tokens[close]!.end,
          contentStart: token.end,
          contentEnd: tokens[close]!.start,
          items,
          units: groupUnits,
        });
      }
    }
    comments = [];
    index = close;
  }
  return fileName === undefined
    ? { source, units, elements, groups }
    : { source, units, elements, groups, fileName };

  /** The unit of the text between tokens[open] and tokens[close]. */
  function readUnit(open: number, close: number, element: ElementFacts, place: UnitPlace): AndroidUnit {
    const contentStart = tokens[open]!.end;
    const contentEnd = tokens[close]!.start;
    const raw = source.slice(contentStart, contentEnd);
    const start = contentStart + (raw.length - raw.trimStart().length);
    const end = Math.max(start, contentEnd - (raw.length - raw.trimEnd().length));
    let cdata = false;
    let nonBlank = 0;
    for (let index = open + 1; index < close && nonBlank < 2; index++) {
      const token = tokens[index]!;
      if (token.type === 'text' && isBlank(token)) continue;
      nonBlank++;
      cdata = token.type === 'cdata';
    }
    cdata &&= nonBlank === 1;

    const markers: InlineMarker[] = [];
    const parts: DecodePart[] = [];
    const openTags: InlinePiece[] = [];
    for (let index = open + 1; index < close; index++) {
      const token = tokens[index]!;
      if (token.type === 'text') {
        parts.push({ chars: decodeXmlReferences(source.slice(token.start, token.end)) as string });
      } else if (token.type === 'cdata') {
        const chars = source.slice(token.start + 9, token.end - 3);
        parts.push(...(chars.includes('<') ? splitCdataTags(chars, markers) : [{ chars }]));
      } else if (token.type === 'comment') {
        const piece: InlinePiece = {
          kind: 'void',
          role: 'comment',
          raw: source.slice(token.start, token.end),
        };
        parts.push({ marker: markers.push({ piece, form: 'void' }) - 1 });
      } else if (token.type === 'open') {
        if (isProtectedElement(token.name) && !token.selfClosing) {
          const end = matchingClose(tokens, index);
          const piece: InlinePiece = {
            kind: 'opaque',
            role: 'xliff',
            raw: source.slice(token.start, tokens[end]!.end),
          };
          parts.push({ marker: markers.push({ piece, form: 'void' }) - 1 });
          index = end;
        } else if (token.selfClosing) {
          const piece: InlinePiece = {
            kind: 'void',
            role: 'html',
            raw: source.slice(token.start, token.end),
          };
          parts.push({ marker: markers.push({ piece, form: 'void' }) - 1 });
        } else {
          const piece: InlinePiece = {
            kind: 'paired',
            role: 'html',
            raw: source.slice(token.start, token.end),
          };
          openTags.push(piece);
          parts.push({ marker: markers.push({ piece, form: 'open' }) - 1 });
        }
      } else if (token.type === 'close') {
        const piece = openTags.pop()!;
        piece.closeRaw = source.slice(token.start, token.end);
        parts.push({ marker: markers.push({ piece, form: 'close' }) - 1 });
      }
    }
    const decoded = decodeAndroidText(parts);
    const { text, placeholders } = numberPlaceholders(decoded.pieces, markers, element.formatted !== false);
    // One literal in one property order: spreading here cost more than the rest of the parse.
    return {
      id: place.id,
      key: element.key,
      kind: place.kind,
      index: place.index,
      quantity: place.quantity,
      text,
      placeholders,
      comments: place.comments,
      translatable: element.translatable && !decoded.reference && text !== '',
      formatted: element.formatted,
      attributes: element.attributes,
      cdata,
      start,
      end,
      raw: source.slice(start, end),
      line: lineOf(start),
    };
  }

  function isBlank(token: XmlToken): boolean {
    for (let index = token.start; index < token.end; index++) {
      const code = source.charCodeAt(index);
      // String.prototype.trim's white space and line terminators, as the check used before.
      if (!(code <= 0x20 ? code === 0x20 || (code >= 0x09 && code <= 0x0d) : isTrimmedAway(code)))
        return false;
    }
    return true;
  }
}

const TRIMMED = /^\s$/;

/** A character above U+0020 that `trim()` removes (no-break and Unicode spaces, line separators, BOM). */
function isTrimmedAway(code: number): boolean {
  return code >= 0x80 && TRIMMED.test(String.fromCharCode(code));
}

/** What a unit takes from its resource element. */
interface ElementFacts {
  readonly key: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly translatable: boolean;
  readonly formatted: boolean | undefined;
}

/** Where a unit sits in its element. */
interface UnitPlace {
  readonly id: string;
  readonly kind: AndroidUnit['kind'];
  readonly index: number | undefined;
  readonly quantity: string | undefined;
  readonly comments: readonly string[];
}

/** Index of the end tag of the element opened at tokens[open] (nesting is already checked). */
function matchingClose(tokens: readonly XmlToken[], open: number): number {
  let depth = 0;
  for (let index = open; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'open' && !token.selfClosing) depth++;
    else if (token.type === 'close' && --depth === 0) return index;
  }
  return tokens.length - 1;
}

/** The attributes by name (a loop: `Object.fromEntries` of pairs cost a tenth of the whole parse). */
function attributeRecord(attributes: readonly XmlAttribute[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, value } of attributes) {
    // An XML name may be `__proto__`: it stays an own property, as fromEntries made it.
    if (name === '__proto__')
      Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
    else record[name] = value;
  }
  return record;
}

function booleanAttribute(value: string | undefined): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}
