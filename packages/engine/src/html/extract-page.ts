import { LinkCollector, type PageLinks } from './extract-links';
import { parseSegmentFacts, parseSegments } from './extract-segments';
import type { ExtractOptions, Segment, SegmentFact } from './segment-types';

/** What a crawler takes from one fetched page. */
export interface ExtractedPage {
  readonly links: PageLinks;
  readonly segments: Segment[];
}

/**
 * A page's links and its segments from one parse: the same answers as `extractLinks` and
 * `extractSegments`, at the cost of one pass of the HTML tokenizer instead of two (on a crawl
 * the tokenizer is most of the CPU time spent per page).
 */
export function extractPage(html: string, pageUrl: string, options: ExtractOptions = {}): ExtractedPage {
  const collector = new LinkCollector();
  const segments = parseSegments(html, options, (name, attributes) => collector.openTag(name, attributes));
  return { links: collector.result(pageUrl), segments };
}

/** What a crawler stores of one fetched page: its links and its segments' facts. */
export interface ExtractedPageFacts {
  readonly links: PageLinks;
  readonly segments: SegmentFact[];
}

/**
 * `extractPage` for a caller that stores only each segment's kind, text, hash and word count (the
 * crawler): the same links and, segment for segment, the same facts, without building
 * placeholders (their serialised tags) or slicing raw markup.
 */
export function extractPageFacts(
  html: string,
  pageUrl: string,
  options: ExtractOptions = {},
): ExtractedPageFacts {
  const collector = new LinkCollector();
  const segments = parseSegmentFacts(html, options, (name, attributes) =>
    collector.openTag(name, attributes),
  );
  return { links: collector.result(pageUrl), segments };
}
