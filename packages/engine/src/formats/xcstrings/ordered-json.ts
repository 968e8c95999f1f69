import { IosFormatError, LineIndex } from '../ios-strings/types';

/** A JSON object with its keys in file order (a JS object would move integer-like keys first). */
export interface JsonObject {
  readonly kind: 'object';
  readonly entries: [string, JsonNode][];
  /** Where a parsed object's text starts and ends (end exclusive); absent on objects built later. */
  readonly start?: number;
  readonly end?: number;
}

/** A JSON value as read: objects keep key order, numbers and literals keep their spelling. */
export type JsonNode =
  | JsonObject
  | { readonly kind: 'array'; readonly items: JsonNode[] }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'literal'; readonly raw: string };

/** Nesting allowed; a String Catalog needs about ten levels. */
const MAX_DEPTH = 64;
const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** Reads JSON (RFC 8259) into ordered nodes; a syntax error names the file and line. */
export function parseOrderedJson(text: string, file: string): { root: JsonNode; trailing: string } {
  const reader = new JsonReader(text, file);
  const root = reader.readDocument();
  return { root, trailing: reader.trailing() };
}

class JsonReader {
  private position = 0;
  private lines: LineIndex | undefined;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  readDocument(): JsonNode {
    this.skipSpace();
    const root = this.readValue(0);
    this.skipSpace();
    if (this.position < this.text.length) this.fail('text after the end of the JSON document');
    return root;
  }

  trailing(): string {
    return this.text.slice(this.text.trimEnd().length);
  }

  private readValue(depth: number): JsonNode {
    if (depth > MAX_DEPTH) this.fail(`the JSON is nested deeper than ${MAX_DEPTH} levels`);
    const char = this.text[this.position];
    if (char === '{') return this.readObject(depth);
    if (char === '[') return this.readArray(depth);
    if (char === '"') return { kind: 'string', value: this.readString() };
    LITERAL.lastIndex = this.position;
    const match = LITERAL.exec(this.text);
    if (!match) return this.fail('expected a JSON value');
    this.position += match[0].length;
    return { kind: 'literal', raw: match[0] };
  }

  private readObject(depth: number): JsonObject {
    const start = this.position;
    this.position += 1;
    const entries: [string, JsonNode][] = [];
    this.skipSpace();
    if (this.text[this.position] === '}') {
      this.position += 1;
      return { kind: 'object', entries, start, end: this.position };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] !== '"') this.fail('expected a quoted key');
      const key = this.readString();
      this.skipSpace();
      this.expect(':');
      this.skipSpace();
      entries.push([key, this.readValue(depth + 1)]);
      this.skipSpace();
      if (this.text[this.position] === '}') {
        this.position += 1;
        return { kind: 'object', entries, start, end: this.position };
      }
      this.expect(',');
    }
  }

  private readArray(depth: number): JsonNode {
    this.position += 1;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.position] === ']') {
      this.position += 1;
      return { kind: 'array', items };
    }
    for (;;) {
      this.skipSpace();
      items.push(this.readValue(depth + 1));
      this.skipSpace();
      if (this.text[this.position] === ']') {
        this.position += 1;
        return { kind: 'array', items };
      }
      this.expect(',');
    }
  }

  private readString(): string {
    const { text } = this;
    const start = this.position;
    let index = start + 1;
    let escaped = false;
    for (; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code === 0x22) break;
      if (code === 0x5c) {
        escaped = true;
        index += 1;
      } else if (code < 0x20) this.fail('a control character inside a string');
    }
    if (index >= this.text.length) this.fail('a string is not closed');
    this.position = index + 1;
    if (!escaped) return this.text.slice(start + 1, index);
    try {
      return JSON.parse(this.text.slice(start, index + 1)) as string;
    } catch {
      return this.fail('a string has an invalid escape');
    }
  }

  private expect(char: string): void {
    if (this.text[this.position] !== char) this.fail(`expected "${char}"`);
    this.position += 1;
  }

  private skipSpace(): void {
    const { text } = this;
    let position = this.position;
    for (;;) {
      const code = text.charCodeAt(position);
      // Space, tab, line feed, carriage return (NaN past the end stops the loop).
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
      position += 1;
    }
    this.position = position;
  }

  private fail(reason: string): never {
    this.lines ??= new LineIndex(this.text);
    throw new IosFormatError(this.file, this.lines.lineAt(this.position), reason);
  }
}

/** The value of a key of an object, if the node is an object that has it. */
export function jsonMember(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.kind !== 'object') return undefined;
  for (const entry of node.entries) if (entry[0] === key) return entry[1];
  return undefined;
}

/** The text of a string member, if there is one. */
export function jsonString(node: JsonNode | undefined, key: string): string | undefined {
  const member = jsonMember(node, key);
  return member?.kind === 'string' ? member.value : undefined;
}
