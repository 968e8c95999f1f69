/**
 * What the iOS codecs (`.strings`, `.stringsdict`, `.xcstrings`) have in common: a translatable
 * unit with its format specifiers protected as placeholder markers, and an error that names the
 * file and line of broken input.
 */

/** A printf-style specifier (`%@`, `%1$lld`, `%#@count@`) that a marker `<xN/>` stands for in unit text. */
export interface IosPlaceholder {
  /** The number in `<xN/>`. */
  readonly id: number;
  /** The specifier exactly as the file has it. */
  readonly code: string;
}

/** One translatable text of an iOS file. */
export interface IosUnit {
  /** `iosUnitId(key, path)`: unique within the file, the key of a translation handed to a writer. */
  readonly id: string;
  readonly key: string;
  /** Where the text sits below the key: `[]` for a plain string, `['COUNT', 'one']` for a stringsdict plural form, `['plural', 'one']` or `['device', 'iphone']` for a String Catalog variation. */
  readonly path: readonly string[];
  /** The decoded text with specifiers as `<xN/>` markers. */
  readonly text: string;
  readonly placeholders: readonly IosPlaceholder[];
  /** The CLDR plural category when the text is one plural form. */
  readonly pluralCategory?: string;
  /** What the developer wrote for translators (comments of the file). */
  readonly comment?: string;
  /** 1-based line of the text in the file (1 for JSON catalogs read as a whole). */
  readonly line: number;
}

/** Joins a key and its path into a unit id; the separator (U+001F) cannot be typed in a key by hand. */
export function iosUnitId(key: string, path: readonly string[] = []): string {
  let id = key;
  for (const segment of path) id += `\u001f${segment}`;
  return id;
}

/** Broken or refused input, with the file and line it was found at. */
export class IosFormatError extends Error {
  override readonly name = 'IosFormatError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** The 1-based line of a UTF-16 offset in a text (for one look-up; `LineIndex` for many). */
export function lineAt(text: string, offset: number): number {
  return new LineIndex(text).lineAt(offset);
}

/** Line numbers of offsets in one text, by binary search over its line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
      this.starts.push(index + 1);
  }

  /** The 1-based line of a UTF-16 offset. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}
