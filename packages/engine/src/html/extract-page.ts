import { LinkCollector, type PageHrefs, type PageLinks } from './extract-links';
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
  const segments = parseSegments(html, options, collector);
  return { links: collector.result(pageUrl), segments };
}

/** What a crawler stores of one fetched page: its links and its segments' facts. */
export interface ExtractedPageFacts {
  /** The links resolved (`LinkCollector.result`): resolved when first read. */
  readonly links: PageLinks;
  /** The links as written, unresolved (`LinkCollector.hrefsOf`), for a caller with its own memo by href. */
  readonly hrefs: PageHrefs;
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
  const segments = parseSegmentFacts(html, options, collector);
  let links: PageLinks | undefined;
  return {
    // Resolving every link is work a caller with its own memo by href (the crawl's page reader) skips.
    get links() {
      links ??= collector.result(pageUrl);
      return links;
    },
    hrefs: collector.hrefsOf(pageUrl),
    segments,
  };
}
