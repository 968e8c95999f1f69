/**
 * A JSON scanner that keeps where everything is: each value knows the character span of its
 * literal in the original text and each object member the span from its key to its value, so a
 * writer can replace one string and leave every other byte (indentation, key order, escapes,
 * line endings) exactly as it was. Strict RFC 8259 JSON; duplicate keys are kept in order.
 */

/** Why a text is not JSON, with the 1-based line and column where reading stopped. */
export class JsonScanError extends Error {
  override readonly name = 'JsonScanError';
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

export interface Span {
  start: number;
  end: number;
}

export type JsonNode =
  | (Span & { kind: 'string'; value: string })
  | (Span & { kind: 'number'; raw: string })
  | (Span & { kind: 'literal'; value: boolean | null })
  | (Span & { kind: 'array'; items: JsonNode[] })
  | (Span & { kind: 'object'; members: JsonMember[] });

export interface JsonMember {
  key: string;
  /** From the key's opening quote to the end of the value. */
  span: Span;
  value: JsonNode;
}

export interface ScanLimits {
  /** Nesting depth allowed; deeper input is refused rather than overflowing the stack. */
  maxDepth: number;
}

const DEFAULT_LIMITS: ScanLimits = { maxDepth: 64 };

const LITERALS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Reads a whole JSON document; a leading byte-order mark is skipped (and kept by the writer). */
export function scanJson(text: string, limits: ScanLimits = DEFAULT_LIMITS): JsonNode {
  let at = text.startsWith('\uFEFF') ? 1 : 0;

  const fail = (reason: string, position = at): never => {
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    throw new JsonScanError(reason, line, position - before.lastIndexOf('\n'));
  };
  const skipSpace = (): void => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) at += 1;
      else break;
    }
  };
  const expect = (char: string): void => {
    if (text[at] !== char) fail(at >= text.length ? 'unexpected end of input' : `expected '${char}'`);
    at += 1;
  };

  function readString(): string {
    const start = at;
    expect('"');
    // Most strings have no escape: one scan to the closing quote and one slice.
    let index = at;
    for (;;) {
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        at = index + 1;
        return text.slice(start + 1, index);
      }
      if (code === 0x5c) break;
      if (code < 0x20 || index >= text.length) {
        at = index;
        if (index >= text.length) fail('unterminated string', start);
        fail('control character in a string');
      }
      index += 1;
    }
    at = index;
    let value = '';
    let runStart = start + 1;
    for (;;) {
      if (at >= text.length) fail('unterminated string', start);
      const code = text.charCodeAt(at);
      if (code === 0x22) break;
      if (code < 0x20) fail('control character in a string');
      if (code !== 0x5c) {
        at += 1;
        continue;
      }
      value += text.slice(runStart, at);
      const escape = text[at + 1];
      if (escape === 'u') {
        const hex = text.slice(at + 2, at + 6);
        if (!HEX4.test(hex)) fail('bad \\u escape');
        value += String.fromCharCode(parseInt(hex, 16));
        at += 6;
      } else {
        const decoded = escape === undefined ? undefined : ESCAPES[escape];
        if (decoded === undefined) fail('bad escape');
        value += decoded;
        at += 2;
      }
      runStart = at;
    }
    value += text.slice(runStart, at);
    at += 1;
    return value;
  }

  function readValue(depth: number): JsonNode {
    if (depth > limits.maxDepth) fail(`nesting deeper than ${limits.maxDepth}`);
    skipSpace();
    const start = at;
    const c = text[at];
    if (c === '"') return { kind: 'string', value: readString(), start, end: at };
    if (c === '{') return readObject(depth);
    if (c === '[') return readArray(depth);
    for (const [word, value] of LITERALS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return { kind: 'literal', value, start, end: at };
      }
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (!number) fail(at >= text.length ? 'unexpected end of input' : 'unexpected character');
    at += number![0].length;
    return { kind: 'number', raw: number![0], start, end: at };
  }

  function readObject(depth: number): JsonNode {
    const start = at;
    expect('{');
    const members: JsonMember[] = [];
    skipSpace();
    if (text[at] === '}') {
      at += 1;
      return { kind: 'object', members, start, end: at };
    }
    for (;;) {
      skipSpace();
      const keyStart = at;
      if (text[at] !== '"') fail('expected a key');
      const key = readString();
      skipSpace();
      expect(':');
      const value = readValue(depth + 1);
      members.push({ key, span: { start: keyStart, end: value.end }, value });
      skipSpace();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      expect('}');
      return { kind: 'object', members, start, end: at };
    }
  }

  function readArray(depth: number): JsonNode {
    const start = at;
    expect('[');
    const items: JsonNode[] = [];
    skipSpace();
    if (text[at] === ']') {
      at += 1;
      return { kind: 'array', items, start, end: at };
    }
    for (;;) {
      items.push(readValue(depth + 1));
      skipSpace();
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      expect(']');
      return { kind: 'array', items, start, end: at };
    }
  }

  const root = readValue(0);
  skipSpace();
  if (at < text.length) fail('unexpected text after the document');
  return root;
}

/** A string as JSON writes it: quotes, backslashes and control characters escaped, the rest kept. */
export function jsonStringLiteral(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}
