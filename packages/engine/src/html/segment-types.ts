import type { TextFactsMemo } from './text-facts';

/** Where a segment's text comes from. */
export const SEGMENT_KINDS = ['text', 'attribute', 'title', 'meta'] as const;
/** Where a segment's text comes from: element text, a translatable attribute, `<title>`, or a meta tag's content. */
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** How a placeholder is written in segment text: `<xN>…</xN>` (paired) or `<xN/>` (void and opaque). */
export const PLACEHOLDER_KINDS = ['paired', 'void', 'opaque'] as const;
/** Paired wraps text (`<b>`, `<a>`); void stands alone (`<br>`, `<img>`); opaque stands for an untranslated subtree (`<code>…</code>`). */
export type PlaceholderKind = (typeof PLACEHOLDER_KINDS)[number];

/** One inline tag (or untranslated inline subtree) replaced by a numbered marker in a segment's text. */
export interface Placeholder {
  /** The number in `<xN>`, `</xN>` or `<xN/>`. */
  readonly id: number;
  readonly kind: PlaceholderKind;
  /** Lower-case tag name of the element it stands for. */
  readonly tag: string;
  /** The element's decoded attributes (empty for opaque placeholders and stray end tags). */
  readonly attributes: Readonly<Record<string, string>>;
  /** HTML emitted for `<xN>` / `<xN/>`: the serialised start tag, or the original markup of an opaque subtree. */
  readonly html: string;
  /** HTML emitted for `</xN>` (paired placeholders only). */
  readonly closeHtml?: string;
}

/** A translatable unit of a page, with what is needed to put its translation back. */
export interface Segment {
  readonly kind: SegmentKind;
  /** Normalised source text; inline markup appears as placeholders. */
  readonly text: string;
  /** `sourceHash(text)`: the translation-memory key. */
  readonly sourceHash: string;
  /** Words of the text without placeholders (`countWords`). */
  readonly wordCount: number;
  readonly placeholders: readonly Placeholder[];
  /** Tag name of the element whose content or attribute this is (the block element for text). */
  readonly element: string;
  /** For `attribute` and `meta` segments: the attribute holding the text. */
  readonly attribute?: string;
  /** Source range (UTF-16 offsets, end exclusive): the segment's markup for text and title, the start tag for attribute and meta. */
  readonly start: number;
  readonly end: number;
  /** The original HTML of that range, untouched. */
  readonly raw: string;
}

/**
 * What a crawler stores of a segment: the same kind, text, hash and word count as the `Segment`
 * (the hash is of the text with its placeholder markers), without placeholders or raw markup.
 */
export interface SegmentFact {
  readonly kind: SegmentKind;
  readonly text: string;
  readonly sourceHash: string;
  readonly wordCount: number;
  /** Where the segment starts in the source (its order in the page). */
  readonly start: number;
}

/** What `extractSegments` leaves out besides the built-in exclusions. */
export interface ExtractOptions {
  /** CSS selectors of elements never translated, with their subtree (the project's no-translation nodes). */
  readonly noTranslateSelectors?: readonly string[];
  /** Segments to skip: a string matches a segment's whole plain text exactly, a RegExp is tested against it. */
  readonly ignorePatterns?: readonly (string | RegExp)[];
  /** Where hashes and word counts of texts already seen are remembered (a crawl passes one of its own). */
  readonly textFacts?: TextFactsMemo;
}

/**
 * The markup a segmenter reads, by UTF-16 range: a page's HTML string, or a view that serialises a
 * live DOM on demand (the snippet). Offsets in pieces and segments index into it.
 */
export interface SourceText {
  slice(start: number, end: number): string;
}
