import { Parser, type Handler } from 'htmlparser2';
import { AttributeFilteringParser, AttributeNameSet } from './attribute-name-filter';
import { VOID_ELEMENTS } from './html-elements';
import { SegmentAssembler } from './segment-assembler';
import type { ExtractOptions, Segment, SegmentFact } from './segment-types';

/**
 * Cuts a page's HTML into translatable segments in document order (DESIGN.md §5 "Segments"):
 * block-level text with inline markup as placeholders, translatable attributes, `<title>` and
 * description/Open Graph/Twitter meta tags. Skips script, style, code, pre, svg, template and the
 * like, elements with `translate="no"` or class `notranslate` (whole subtree), the caller's
 * no-translation selectors, ignore patterns, and text without any letter. Malformed HTML is read
 * the way htmlparser2 reads it (implied end tags for p, li, td, option…).
 */
export function extractSegments(html: string, options: ExtractOptions = {}): Segment[] {
  return parseSegments(html, options);
}

/** Sees every start tag of a parse (`LinkCollector` is one): a caller that needs more from the page gets it from the same pass. */
export interface StartTagListener {
  openTag(name: string, attributes: Record<string, string>): void;
  /** The only attributes `openTag` reads, if it says so: a parse may then leave the others out. */
  readonly attributeNames?: readonly string[];
}

/** The parse behind `extractSegments`; `tags` sees every start tag too. */
export function parseSegments(html: string, options: ExtractOptions, tags?: StartTagListener): Segment[] {
  const assembler = new SegmentAssembler(html, options);
  feedAssembler(html, assembler, tags);
  return assembler.finish();
}

/** `parseSegments` answering only each segment's facts (see `SegmentFact`): less work per page. */
export function parseSegmentFacts(
  html: string,
  options: ExtractOptions,
  tags?: StartTagListener,
): SegmentFact[] {
  const assembler = new SegmentAssembler(html, options, undefined, 'facts');
  feedAssembler(html, assembler, tags, attributesRead(assembler, tags));
  return assembler.finishFacts();
}

// Name sets by the names they hold (joined): a crawl asks for the same one on every page.
const nameSets = new Map<string, AttributeNameSet>();
const NAME_SETS_LIMIT = 64;

/**
 * The attributes the readers of a parse look at, when every reader says which (an assembler
 * answering facts, a listener naming its `attributeNames`): the parse then keeps only those,
 * which saves slicing, decoding and storing every other attribute of every tag (`style`, `id`,
 * `data-*`…) only to drop it.
 */
function attributesRead(
  assembler: SegmentAssembler,
  tags: StartTagListener | undefined,
): AttributeNameSet | undefined {
  const own = assembler.attributeNamesRead();
  if (own === undefined || (tags !== undefined && tags.attributeNames === undefined)) return undefined;
  const names = tags?.attributeNames === undefined ? own : [...own, ...tags.attributeNames];
  const key = names.join(' ');
  let set = nameSets.get(key);
  if (set === undefined) {
    if (nameSets.size >= NAME_SETS_LIMIT) nameSets.clear();
    set = new AttributeNameSet(names);
    nameSets.set(key, set);
  }
  return set;
}

/**
 * htmlparser2's callbacks into the assembler, with their source ranges. Methods of a class, not
 * arrow functions made per page: V8 keeps a function's optimised code only while a function
 * object holding it lives (its feedback vector holds it weakly), so callbacks made anew for every
 * page lost theirs at each full garbage collection and were optimised again, over and over (the
 * crawl's reader thread compiled each of them 7-10 times a minute, ADR 0013).
 */
class AssemblerFeed implements Partial<Handler> {
  parser: Parser | undefined;

  constructor(
    private readonly assembler: SegmentAssembler,
    private readonly tags: StartTagListener | undefined,
  ) {}

  onopentag(name: string, attributes: Record<string, string>, isImplied: boolean): void {
    this.tags?.openTag(name, attributes);
    const parser = this.parser!;
    const start = parser.startIndex;
    // An implied start tag has no markup of its own: an empty range.
    this.assembler.openTag(name, attributes, start, isImplied ? start : parser.endIndex + 1);
  }

  onclosetag(name: string, isImplied: boolean): void {
    const parser = this.parser!;
    const start = parser.startIndex;
    // A void element closes right after its start tag: its range ends where that tag ends.
    const end = !isImplied || VOID_ELEMENTS.has(name) ? parser.endIndex + 1 : start;
    this.assembler.closeTag(name, start, end);
  }

  ontext(text: string): void {
    const parser = this.parser!;
    this.assembler.text(text, parser.startIndex, parser.endIndex + 1);
  }
}

// Parses the page with htmlparser2 into the assembler's tags and texts, with their source ranges;
// with `wanted`, its tags carry only those attributes.
function feedAssembler(
  html: string,
  assembler: SegmentAssembler,
  tags?: StartTagListener,
  wanted?: AttributeNameSet,
): void {
  const feed = new AssemblerFeed(assembler, tags);
  const options = { decodeEntities: true };
  const parser =
    wanted === undefined
      ? new Parser(feed, options)
      : new AttributeFilteringParser(feed, options, html, wanted);
  feed.parser = parser;
  parser.end(html);
}
