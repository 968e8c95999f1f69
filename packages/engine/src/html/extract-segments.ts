import { Parser } from 'htmlparser2';
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

/**
 * The parse behind `extractSegments`; `onOpenTag` sees every start tag too, so a caller that
 * needs more from the page (its links) gets it from the same pass.
 */
export function parseSegments(
  html: string,
  options: ExtractOptions,
  onOpenTag?: (name: string, attributes: Record<string, string>) => void,
): Segment[] {
  const assembler = new SegmentAssembler(html, options);
  feedAssembler(html, assembler, onOpenTag);
  return assembler.finish();
}

/** `parseSegments` answering only each segment's facts (see `SegmentFact`): less work per page. */
export function parseSegmentFacts(
  html: string,
  options: ExtractOptions,
  onOpenTag?: (name: string, attributes: Record<string, string>) => void,
): SegmentFact[] {
  const assembler = new SegmentAssembler(html, options, undefined, 'facts');
  feedAssembler(html, assembler, onOpenTag);
  return assembler.finishFacts();
}

// Parses the page with htmlparser2 into the assembler's tags and texts, with their source ranges.
function feedAssembler(
  html: string,
  assembler: SegmentAssembler,
  onOpenTag?: (name: string, attributes: Record<string, string>) => void,
): void {
  const parser: Parser = new Parser(
    {
      onopentag: (name, attributes, isImplied) => {
        onOpenTag?.(name, attributes);
        const start = parser.startIndex;
        // An implied start tag has no markup of its own: an empty range.
        assembler.openTag(name, attributes, start, isImplied ? start : parser.endIndex + 1);
      },
      onclosetag: (name, isImplied) => {
        const start = parser.startIndex;
        // A void element closes right after its start tag: its range ends where that tag ends.
        const end = !isImplied || VOID_ELEMENTS.has(name) ? parser.endIndex + 1 : start;
        assembler.closeTag(name, start, end);
      },
      ontext: (text) => assembler.text(text, parser.startIndex, parser.endIndex + 1),
    },
    { decodeEntities: true },
  );
  parser.end(html);
}
