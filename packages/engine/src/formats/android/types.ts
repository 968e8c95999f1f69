/** What a unit is in the resource file: a `<string>`, an item of a `<string-array>`, or one quantity of `<plurals>`. */
export const ANDROID_UNIT_KINDS = ['string', 'string-array', 'plurals'] as const;
/** The resource element a unit comes from. */
export type AndroidUnitKind = (typeof ANDROID_UNIT_KINDS)[number];

/** What an inline placeholder stands for. */
export type AndroidPlaceholderRole = 'format' | 'xliff' | 'html' | 'comment';

/**
 * One protected piece of a unit's text, shown to translators as `<xN/>` (format specifiers,
 * `<xliff:g>` with its content, inline comments) or `<xN>…</xN>` (inline HTML such as `<b>`, `<a href>`).
 */
export interface AndroidPlaceholder {
  /** The number in the marker. */
  readonly id: number;
  readonly kind: 'paired' | 'void' | 'opaque';
  readonly role: AndroidPlaceholderRole;
  /** The original markup written back for `<xN>` or `<xN/>`, exactly as in the file. */
  readonly raw: string;
  /** The original markup written back for `</xN>` (paired placeholders only). */
  readonly closeRaw?: string;
}

/** A translatable text of an Android resource file, with where it sits in the file. */
export interface AndroidUnit {
  /** Unique in the file: `name` for a string, `name[2]` for an array item, `name#one` for a plural quantity. */
  readonly id: string;
  /** The resource name (`name` attribute). */
  readonly key: string;
  readonly kind: AndroidUnitKind;
  /** Position of the item in its `<string-array>` (from 0). */
  readonly index?: number;
  /** CLDR category of the `<plurals>` item (`zero one two few many other`). */
  readonly quantity?: string;
  /** The text translators see: platform escapes decoded, protected pieces as `<xN>` markers. */
  readonly text: string;
  readonly placeholders: readonly AndroidPlaceholder[];
  /** Comments just before the element (and before the item inside it): context for translators. */
  readonly comments: readonly string[];
  /** False for `translatable="false"` and for resource references (`@string/other`): kept, never translated. */
  readonly translatable: boolean;
  /** The `formatted` attribute (`undefined` when absent). */
  readonly formatted?: boolean;
  /** Every attribute of the resource element, decoded, `tools:*` included. */
  readonly attributes: Readonly<Record<string, string>>;
  /** True when the text is one CDATA section (written back as CDATA). */
  readonly cdata: boolean;
  /** Span of the text in the file (UTF-16 offsets, end exclusive), outer whitespace excluded. */
  readonly start: number;
  readonly end: number;
  /** The file's own markup of that span, untouched. */
  readonly raw: string;
  /** 1-based line of the text. */
  readonly line: number;
}

/** A `<string-array>` or `<plurals>` element, and the units of its items. */
export interface AndroidGroup {
  readonly kind: 'string-array' | 'plurals';
  readonly key: string;
  readonly translatable: boolean;
  /** Span of the whole element. */
  readonly start: number;
  readonly end: number;
  /** End of its start tag, and start of its end tag. */
  readonly contentStart: number;
  readonly contentEnd: number;
  /** Span, start tag and unit (none for an empty `<item/>`) of each `<item>`, in file order. */
  readonly items: readonly AndroidItem[];
  readonly units: readonly AndroidUnit[];
}

/** An `<item>` of a `<string-array>` or `<plurals>`. */
export interface AndroidItem {
  readonly start: number;
  readonly end: number;
  readonly startTag: string;
  readonly unit?: AndroidUnit;
}

/** A parsed resource file: its text and what can be translated in it. */
export interface AndroidResourceFile {
  /** The decoded file, byte order mark included, so offsets point into it. */
  readonly source: string;
  readonly units: readonly AndroidUnit[];
  /** Span of every top-level `<string>` element (by unit id) for writers that leave one out. */
  readonly elements: ReadonlyMap<string, { readonly start: number; readonly end: number }>;
  readonly groups: readonly AndroidGroup[];
  readonly fileName?: string;
}

/** A file Bhasha cannot read as Android resources, with the line (and file) at fault. */
export class AndroidResourceError extends Error {
  readonly line: number | undefined;
  readonly fileName: string | undefined;

  constructor(reason: string, line?: number, fileName?: string) {
    const where = [fileName, line === undefined ? undefined : `line ${line}`].filter(Boolean).join(', ');
    super(where ? `${where}: ${reason}` : reason);
    this.name = 'AndroidResourceError';
    this.line = line;
    this.fileName = fileName;
  }
}

/** Limits that keep a hostile or broken file from exhausting memory. */
export interface AndroidLimits {
  /** Largest file, in bytes (UTF-8) or characters. */
  readonly maxBytes: number;
  /** Deepest element nesting. */
  readonly maxDepth: number;
}

export const DEFAULT_ANDROID_LIMITS: AndroidLimits = { maxBytes: 10 * 1024 * 1024, maxDepth: 32 };

/** 1-based line of an offset in a text (for one error; `lineIndex` for many offsets). */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line++;
  }
  return line;
}

/** A finder of 1-based lines for many offsets of one text: line starts once, then a binary search. */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
