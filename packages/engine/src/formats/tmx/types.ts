/** Inline code elements of TMX 1.4 that Bhasha keeps as placeholders. */
export type TmxCodeKind = 'bpt' | 'ept' | 'ph' | 'it' | 'hi' | 'ut';

/**
 * The native code behind one placeholder marker of a segment's text: which TMX element it came
 * from, its attributes (i, x, type, pos, assoc…) and its content (the original markup, e.g. `<b>`).
 */
export interface TmxCode {
  /** The placeholder id the marker carries in the text (`<x3>` → 3). */
  readonly id: number;
  readonly form: 'open' | 'close' | 'void';
  readonly kind: TmxCodeKind;
  readonly attributes: Readonly<Record<string, string>>;
  readonly content: string;
}

/** A segment: text with Bhasha placeholder markers, and the codes those markers stand for. */
export interface TmxSegment {
  readonly text: string;
  readonly codes: readonly TmxCode[];
}

export interface TmxProperty {
  readonly type: string;
  readonly value: string;
}

/** One language version of a translation unit (`<tuv>`). */
export interface TmxVariant {
  /** As written in the file (`xml:lang`, or `lang` in TMX 1.1). */
  readonly lang: string;
  readonly segment: TmxSegment;
  readonly attributes: Readonly<Record<string, string>>;
  readonly properties: readonly TmxProperty[];
  readonly notes: readonly string[];
}

/** A translation unit (`<tu>`): every language version of one text. */
export interface TmxUnit {
  readonly attributes: Readonly<Record<string, string>>;
  readonly properties: readonly TmxProperty[];
  readonly notes: readonly string[];
  readonly variants: readonly TmxVariant[];
}

export interface TmxHeader {
  /** `<tmx version>`. */
  readonly version: string;
  /** Attributes of `<header>`: srclang, adminlang, creationtool, datatype, segtype, o-tmf… */
  readonly attributes: Readonly<Record<string, string>>;
}

export type TmxEvent =
  { readonly type: 'header'; readonly header: TmxHeader } | { readonly type: 'unit'; readonly unit: TmxUnit };

/** A file that is not TMX Bhasha can read, with the reason in words a translator understands. */
export class TmxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TmxError';
  }
}

/** Limits that keep a hostile or broken file from exhausting memory. */
export interface TmxLimits {
  /** Longest segment text, in characters. */
  readonly maxSegmentLength: number;
  /** Most language versions in one unit. */
  readonly maxVariantsPerUnit: number;
  /** Deepest element nesting. */
  readonly maxDepth: number;
  /** Longest single tag, comment or declaration, in characters (a tag never legitimately nears it). */
  readonly maxTokenLength: number;
}

export const DEFAULT_TMX_LIMITS: TmxLimits = {
  maxSegmentLength: 100_000,
  maxVariantsPerUnit: 500,
  maxDepth: 32,
  maxTokenLength: 1_000_000,
};
