import {
  matchesSelector,
  parseSelectorList,
  selectorAttributeNames,
  type SelectorElement,
  type SelectorList,
} from './css-selector';
import {
  BUTTON_INPUT_TYPES,
  INLINE_ELEMENTS,
  METADATA_ELEMENTS,
  OPAQUE_INLINE_ELEMENTS,
  SKIPPED_ELEMENTS,
  TRANSLATABLE_ATTRIBUTES,
  TRANSLATABLE_META_NAMES,
  VOID_ELEMENTS,
} from './html-elements';
import { collapseHtmlWhitespace, isHtmlWhitespace } from './normalise-text';
import { stripPlaceholders } from './placeholder-syntax';
import { buildSegmentTexts, type Piece } from './segment-builder';
import type {
  ExtractOptions,
  Placeholder,
  Segment,
  SegmentFact,
  SegmentKind,
  SourceText,
} from './segment-types';
import { TextFactsMemo } from './text-facts';

type Role = 'block' | 'inline' | 'void' | 'excluded' | 'opaque' | 'inside-excluded';

interface OpenElement extends SelectorElement {
  readonly role: Role;
  readonly start: number;
  /** For inline elements: index of the open piece and the block generation it belongs to. */
  readonly pieceIndex?: number;
  readonly generation?: number;
}

/**
 * How an assembler answers: `segments` (full segments, with placeholders and raw markup) or
 * `facts` (kind, text, hash and words only: what a crawler stores; the same texts and hashes).
 */
export type AssemblerOutput = 'segments' | 'facts';

/** Called for every segment as it is found; `placeholderStarts[i]` is the source offset of the piece placeholder i stands for. */
export type SegmentListener = (segment: Segment, placeholderStarts: readonly number[]) => void;

// For callers without a memo of their own (the proxy, the snippet, single pages).
const sharedTextFacts = new TextFactsMemo(20_000);

// Module-level, not made per document: V8 keeps optimised code only while a function object holding
// it lives, so a comparator made anew per page was optimised again after every full GC (extract-segments.ts).
const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;

// Every attribute an assembler answering facts reads (`isMarkedNoTranslate`, `collectAttributes`);
// one answering segments also serialises every attribute of an inline tag into its placeholder.
const FACTS_ATTRIBUTE_NAMES: readonly string[] = [
  'translate',
  'class',
  'name',
  'property',
  'content',
  'type',
  'value',
  ...TRANSLATABLE_ATTRIBUTES.keys(),
];

const NOTRANSLATE_CLASS = /(?:^|[\t\n\f\r ])notranslate(?:$|[\t\n\f\r ])/;
const HAS_LETTER = /\p{L}/u;

/** Turns ignore patterns into tests of a segment's plain text: exact text (whitespace collapsed) or a RegExp. */
export function compileIgnorePatterns(patterns: readonly (string | RegExp)[]): ((text: string) => boolean)[] {
  return patterns.map((pattern) => {
    if (typeof pattern === 'string') return (text: string) => text === collapseHtmlWhitespace(pattern);
    // A global or sticky RegExp keeps state between calls; test with a stateless copy.
    const regex = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
    return (text: string) => regex.test(text);
  });
}

/**
 * The segmenter without a parser: it receives a document's tags and texts in order, with their
 * source ranges, and cuts segments (DESIGN.md §5 "Segments"). `extractSegments` drives it from
 * htmlparser2; the snippet drives it from the live DOM, so both find the same segments and hashes.
 * One instance per document.
 */
export class SegmentAssembler {
  private readonly segments: Segment[] = [];
  private readonly facts: SegmentFact[] = [];
  private readonly stack: OpenElement[] = [];
  private readonly selectors: SelectorList;
  private readonly ignore: readonly ((text: string) => boolean)[];
  private readonly textFacts: TextFactsMemo;
  private pieces: Piece[] = [];
  private generation = 0;
  private excludedDepth = 0;
  /** Whether the pieces hold any text besides whitespace (most blocks between blocks do not). */
  private hasText = false;

  constructor(
    private readonly source: SourceText,
    options: ExtractOptions = {},
    private readonly onSegment?: SegmentListener,
    private readonly output: AssemblerOutput = 'segments',
  ) {
    this.selectors = (options.noTranslateSelectors ?? []).flatMap((selector) => parseSelectorList(selector));
    this.ignore = compileIgnorePatterns(options.ignorePatterns ?? []);
    this.textFacts = options.textFacts ?? sharedTextFacts;
  }

  /**
   * The only attributes this assembler reads, its no-translation selectors' included, when it
   * answers facts; undefined when it answers segments (placeholders keep every attribute).
   */
  attributeNamesRead(): readonly string[] | undefined {
    if (this.output !== 'facts') return undefined;
    return this.selectors.length === 0
      ? FACTS_ATTRIBUTE_NAMES
      : [...FACTS_ATTRIBUTE_NAMES, ...selectorAttributeNames(this.selectors)];
  }

  /** Whether text and attributes met now are skipped (inside script, code, `translate="no"`…). */
  get isExcluding(): boolean {
    return this.excludedDepth > 0;
  }

  // Excluded by the page's author or the project: the element's attributes are not translated either.
  private isMarkedNoTranslate(name: string, attributes: Readonly<Record<string, string>>): boolean {
    // The HTML `translate` attribute ("no" = do not translate) and Google's `notranslate` class convention.
    if (attributes.translate?.trim().toLowerCase() === 'no') return true;
    if (attributes.class !== undefined && NOTRANSLATE_CLASS.test(attributes.class)) return true;
    return this.selectors.length > 0 && matchesSelector(this.selectors, { name, attributes }, this.stack);
  }

  /** A start tag (lower-case name, decoded attributes) at source range [start, end); implied tags have start === end. */
  openTag(name: string, attributes: Record<string, string>, start: number, end: number): void {
    let role: Role;
    const isMarked = this.excludedDepth === 0 && this.isMarkedNoTranslate(name, attributes);
    if (this.excludedDepth > 0) {
      role = 'inside-excluded';
    } else if (isMarked || SKIPPED_ELEMENTS.has(name)) {
      // Skipped elements keep their own attributes (a textarea's placeholder, an iframe's title).
      if (!isMarked) this.collectAttributes(name, attributes, start, end);
      role = INLINE_ELEMENTS.has(name) || OPAQUE_INLINE_ELEMENTS.has(name) ? 'opaque' : 'excluded';
      if (role === 'excluded') this.flush('text', this.currentBlock());
    } else {
      this.collectAttributes(name, attributes, start, end);
      role = INLINE_ELEMENTS.has(name) ? (VOID_ELEMENTS.has(name) ? 'void' : 'inline') : 'block';
    }
    if (role === 'inside-excluded' || role === 'excluded' || role === 'opaque') this.excludedDepth += 1;
    if (role === 'block') this.flush('text', this.currentBlock());
    if (role === 'void') this.pieces.push({ type: 'void', tag: name, attributes, start, end });
    if (role === 'inline') {
      this.pieces.push({ type: 'open', tag: name, attributes, start, end });
      this.stack.push({
        name,
        attributes,
        role,
        start,
        pieceIndex: this.pieces.length - 1,
        generation: this.generation,
      });
      return;
    }
    this.stack.push({ name, attributes, role, start });
  }

  /**
   * The end of the element opened last, with its end tag's range (empty when implied). For void
   * elements `end` is the end of their start tag: the element then spans [its start, end).
   */
  closeTag(name: string, start: number, end: number): void {
    const element = this.stack.pop();
    if (!element) return;
    if (VOID_ELEMENTS.has(name)) start = element.start;
    switch (element.role) {
      case 'inside-excluded':
      case 'excluded':
        this.excludedDepth -= 1;
        break;
      case 'opaque':
        this.excludedDepth -= 1;
        this.pieces.push({
          type: 'opaque',
          tag: name,
          start: element.start,
          end: Math.max(end, element.start),
        });
        break;
      case 'void':
        break;
      case 'inline': {
        const close: Piece = { type: 'close', tag: name, start, end };
        const open = element.generation === this.generation ? this.pieces[element.pieceIndex!] : undefined;
        if (open?.type === 'open') {
          open.partner = this.pieces.length;
          close.partner = element.pieceIndex;
        }
        this.pieces.push(close);
        break;
      }
      case 'block':
        this.flush(name === 'title' ? 'title' : 'text', name);
        break;
    }
  }

  /** Decoded text at source range [start, end). */
  text(text: string, start: number, end: number): void {
    if (this.excludedDepth > 0) return;
    if (!this.hasText) {
      if (!isHtmlWhitespace(text)) this.hasText = true;
      // Whitespace that starts a block ("\n    " between block tags: most of a page's text events)
      // is trimmed from whatever the block becomes, and text glued to it starts after it anyway:
      // not kept, so most of those pieces are never made (the same segments, ranges and hashes).
      else if (this.pieces.length === 0) return;
    }
    const last = this.pieces[this.pieces.length - 1];
    // Entities arrive as separate events; glue them to the surrounding text.
    if (last?.type === 'text' && last.end === start) {
      last.text += text;
      last.end = end;
    } else {
      this.pieces.push({ type: 'text', text, start, end });
    }
  }

  /** Ends the document: flushes the last block and answers every segment in source order. */
  finish(): Segment[] {
    this.flush('text', this.stack[this.stack.length - 1]?.name ?? '#document');
    // Attribute segments are found when their tag opens, text segments when their block ends.
    return this.segments.sort(byStart);
  }

  /** `finish` of an assembler answering `facts`: every segment's facts in source order. */
  finishFacts(): SegmentFact[] {
    this.flush('text', this.stack[this.stack.length - 1]?.name ?? '#document');
    // Sorted the same way (a stable sort by the same start offsets), so in the same order.
    return this.facts.sort(byStart);
  }

  private currentBlock(): string {
    for (let index = this.stack.length - 1; index >= 0; index -= 1) {
      const element = this.stack[index]!;
      if (element.role === 'block') return element.name;
    }
    return '#document';
  }

  private flush(kind: SegmentKind, element: string): void {
    if (this.pieces.length === 0) return;
    const texts = this.hasText ? buildSegmentTexts(this.pieces, this.source, this.output === 'segments') : [];
    this.pieces = [];
    this.hasText = false;
    this.generation += 1;
    for (const built of texts)
      this.addSegment(
        kind,
        element,
        built.text,
        built.placeholders,
        built.start,
        built.end,
        undefined,
        built.placeholderStarts,
        built.placeholderCount,
      );
  }

  private collectAttributes(
    name: string,
    attributes: Record<string, string>,
    start: number,
    end: number,
  ): void {
    if (name === 'meta') {
      const key = (attributes.name ?? attributes.property ?? '').trim().toLowerCase();
      const content = attributes.content;
      if (TRANSLATABLE_META_NAMES.has(key) && content !== undefined) {
        this.addSegment('meta', name, collapseHtmlWhitespace(content), [], start, end, 'content');
      }
      return;
    }
    for (const attribute in attributes) {
      const elements = TRANSLATABLE_ATTRIBUTES.get(attribute);
      if (elements === undefined && attribute !== 'value') continue;
      const value = attributes[attribute]!;
      const applies =
        elements === '*'
          ? !METADATA_ELEMENTS.has(name)
          : elements !== undefined &&
            elements.has(name) &&
            (attribute !== 'alt' || name !== 'input' || attributes.type?.toLowerCase() === 'image');
      const isButtonLabel =
        attribute === 'value' &&
        name === 'input' &&
        BUTTON_INPUT_TYPES.has(attributes.type?.trim().toLowerCase() ?? '');
      if (applies || isButtonLabel) {
        this.addSegment('attribute', name, collapseHtmlWhitespace(value), [], start, end, attribute);
      }
    }
  }

  private addSegment(
    kind: SegmentKind,
    element: string,
    text: string,
    placeholders: readonly Placeholder[],
    start: number,
    end: number,
    attribute?: string,
    placeholderStarts: readonly number[] = [],
    placeholderCount = placeholders.length,
  ): void {
    const plain = placeholderCount > 0 ? stripPlaceholders(text) : text;
    if (!HAS_LETTER.test(plain)) return;
    if (this.ignore.length > 0 && this.ignore.some((matches) => matches(plain))) return;
    const facts = this.textFacts.factsOf(text, plain);
    if (this.output === 'facts') {
      this.facts.push({ kind, text, sourceHash: facts.sourceHash, wordCount: facts.wordCount, start });
      return;
    }
    const raw = this.source.slice(start, end);
    const { sourceHash: hash, wordCount } = facts;
    const segment: Segment =
      attribute === undefined
        ? { kind, text, sourceHash: hash, wordCount, placeholders, element, start, end, raw }
        : { kind, text, sourceHash: hash, wordCount, placeholders, element, attribute, start, end, raw };
    this.segments.push(segment);
    this.onSegment?.(segment, placeholderStarts);
  }
}
