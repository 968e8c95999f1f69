import { decodeStringsEscapes } from './escapes';
import { protectSpecifiers } from './format-specifiers';
import { decodeText, type TextEncodingInfo } from './text-encoding';
import { IosFormatError, iosUnitId, LineIndex, type IosUnit } from './types';

/** One `key = value;` pair as written, with the value's place in the decoded text. */
export interface StringsEntry {
  readonly key: string;
  /** The decoded value. */
  readonly value: string;
  /** UTF-16 range of the value token: inside the quotes for a quoted value, the bare word otherwise. */
  readonly valueStart: number;
  readonly valueEnd: number;
  readonly quoted: boolean;
  readonly line: number;
}

/** A parsed `.strings` file: everything the writer needs to give it back byte for byte. */
export interface StringsFile {
  readonly file: string;
  readonly encoding: TextEncodingInfo;
  readonly text: string;
  /** A copy of the bytes read: what a write that changes nothing gives back. */
  readonly bytes: Uint8Array;
  /** Every pair in file order, duplicates included. */
  readonly entries: readonly StringsEntry[];
  /** One unit per key (the last definition, as Xcode keeps), in order of first appearance. */
  readonly units: readonly IosUnit[];
  /** Things worth telling the uploader that do not stop the file: duplicate keys. */
  readonly warnings: readonly string[];
}

export interface ParseStringsOptions {
  /** Bytes allowed; a larger file is refused. */
  readonly maxBytes?: number;
}

/** Default size limit of a `.strings` file. */
export const DEFAULT_STRINGS_MAX_BYTES = 16 * 1024 * 1024;

// Characters of an unquoted word in an old-style property list.
const BARE_WORD = /[A-Za-z0-9_$+/:.-]/;

/**
 * Reads a `.strings` file (Apple "String Resources", old-style property list subset): pairs
 * `"key" = "value";` or with bare-word keys and values, `/* *\/` and `//` comments (the comments
 * just before a pair become its translator comment). Duplicate keys are warnings; the last wins.
 */
export function parseStrings(
  bytes: Uint8Array,
  file: string,
  options: ParseStringsOptions = {},
): StringsFile {
  const maxBytes = options.maxBytes ?? DEFAULT_STRINGS_MAX_BYTES;
  if (bytes.length > maxBytes) throw new IosFormatError(file, 1, `the file is larger than ${maxBytes} bytes`);
  const { text, encoding } = decodeText(bytes, file);
  const entries = new StringsTokenizer(text, file).readEntries();
  return {
    file,
    encoding,
    text,
    bytes: bytes.slice(),
    entries: entries.map((entry) => entry.entry),
    ...unitsOf(entries, file),
  };
}

/** A pair as the tokenizer reads it, with the comments just before it. */
export interface ReadEntry {
  readonly entry: StringsEntry;
  readonly comment: string | undefined;
}

/** The tokenizer's pass alone: every pair of the text, decoded, with its comment (no units). */
export function readStringsPairs(text: string, file: string): ReadEntry[] {
  return new StringsTokenizer(text, file).readEntries();
}

function unitsOf(entries: readonly ReadEntry[], file: string): { units: IosUnit[]; warnings: string[] } {
  // Per key: the line of its first definition and its last definition (which Xcode keeps).
  const byKey = new Map<string, { readonly firstLine: number; last: ReadEntry }>();
  const warnings: string[] = [];
  for (const read of entries) {
    const { key, line } = read.entry;
    const seen = byKey.get(key);
    if (seen === undefined) byKey.set(key, { firstLine: line, last: read });
    else {
      warnings.push(`${file}:${line}: the key "${key}" is also on line ${seen.firstLine}; the last one wins`);
      seen.last = read;
    }
  }
  const units: IosUnit[] = [];
  for (const { last } of byKey.values()) {
    const { entry, comment } = last;
    const { text, placeholders } = protectSpecifiers(entry.value);
    units.push({
      id: iosUnitId(entry.key),
      key: entry.key,
      path: [],
      text,
      placeholders,
      line: entry.line,
      ...(comment === undefined ? {} : { comment }),
    });
  }
  return { units, warnings };
}

class StringsTokenizer {
  private position = 0;
  private comments: string[] = [];
  private readonly lines: LineIndex;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.lines = new LineIndex(text);
  }

  readEntries(): ReadEntry[] {
    const entries: ReadEntry[] = [];
    for (;;) {
      this.skipSpaceAndComments();
      if (this.position >= this.text.length) return entries;
      const comment = this.comments.length > 0 ? this.comments.join('\n') : undefined;
      this.comments = [];
      const keyStart = this.position;
      const key = this.readToken('a key');
      this.skipSpaceAndComments();
      this.expect('=', `"=" after the key "${key.value}"`, key.end);
      this.skipSpaceAndComments();
      const value = this.readToken(`a value for the key "${key.value}"`);
      this.skipSpaceAndComments();
      this.expect(';', `";" after the value of "${key.value}"`, value.end);
      entries.push({
        entry: {
          key: key.value,
          value: value.value,
          valueStart: value.start,
          valueEnd: value.end,
          quoted: value.quoted,
          line: this.lines.lineAt(keyStart),
        },
        comment,
      });
    }
  }

  private readToken(what: string): { value: string; start: number; end: number; quoted: boolean } {
    const start = this.position;
    if (this.text[start] === '"') {
      const index = this.closingQuote(start);
      if (index === -1) this.fail(start, 'a quoted string is not closed');
      this.position = index + 1;
      return {
        value: decodeStringsEscapes(this.text.slice(start + 1, index)),
        start: start + 1,
        end: index,
        quoted: true,
      };
    }
    let index = start;
    while (index < this.text.length && BARE_WORD.test(this.text[index]!)) index += 1;
    if (index === start) this.fail(start, `expected ${what}`);
    this.position = index;
    return { value: this.text.slice(start, index), start, end: index, quoted: false };
  }

  /** The quote that closes the one at `open` (one after an even run of backslashes), or -1. */
  private closingQuote(open: number): number {
    const { text } = this;
    for (let quote = text.indexOf('"', open + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
      let backslashes = 0;
      while (quote - backslashes - 1 > open && text.charCodeAt(quote - backslashes - 1) === 0x5c)
        backslashes += 1;
      if (backslashes % 2 === 0) return quote;
    }
    return -1;
  }

  /** Consumes `char`; when it is missing, the error points at `after`, the end of what it should follow. */
  private expect(char: string, what: string, after: number): void {
    if (this.text[this.position] !== char) this.fail(after, `expected ${what}`);
    this.position += 1;
  }

  private skipSpaceAndComments(): void {
    const { text } = this;
    while (this.position < text.length) {
      const char = text[this.position]!;
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\uFEFF') {
        this.position += 1;
      } else if (text.startsWith('/*', this.position)) {
        const end = text.indexOf('*/', this.position + 2);
        if (end === -1) this.fail(this.position, 'a /* comment is not closed');
        this.comments.push(text.slice(this.position + 2, end).trim());
        this.position = end + 2;
      } else if (text.startsWith('//', this.position)) {
        const end = text.indexOf('\n', this.position);
        const stop = end === -1 ? text.length : end;
        this.comments.push(text.slice(this.position + 2, stop).trim());
        this.position = stop;
      } else return;
    }
  }

  private fail(offset: number, reason: string): never {
    throw new IosFormatError(this.file, this.lines.lineAt(offset), reason);
  }
}
