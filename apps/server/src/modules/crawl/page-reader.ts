import { createHash } from 'node:crypto';
import { extractLinks, extractPage, type ExtractOptions } from '@bhasha/engine';
import type { CrawlMemo } from './crawl-memo';
import type { PageRow } from './crawls.repository';
import { toSeed, urlKeyOf } from './crawl-scope';
import type { FetchedPage, PageOutcome } from './page-batch-store';

/** `full` follows links and sitemaps; `urls` only re-fetches the URLs it was given (flush, tracking). */
export type CrawlMode = 'full' | 'urls';

/** What reading a page needs to know about its crawl. */
export interface PageReadContext {
  readonly hosts: ReadonlySet<string>;
  readonly extract: ExtractOptions;
  readonly mode: CrawlMode;
  readonly memo: CrawlMemo;
}

/**
 * Reads a fetched HTML page (HTTP 200, NUL characters removed) into what the batch writer stores:
 * its content hash, the links this crawl has not queued yet, and its segments' facts. This is the
 * crawler's own CPU per page (bench `crawl-extract` measures it), so it keeps only what storing
 * needs.
 */
export function readHtmlPage(
  page: PageRow,
  html: string,
  outcome: PageOutcome,
  context: PageReadContext,
): FetchedPage {
  const fetched: FetchedPage = { page, outcome, hasContent: false, segments: null };
  // The engine's sha256Hex gives the same digest; the native one is much faster on whole pages.
  outcome.contentHash = createHash('sha256').update(html, 'utf8').digest('hex');
  const unchanged = page.status === 'fetched' && page.contentHash === outcome.contentHash;
  // One parse for links and segments; an unchanged page only needs its links.
  const read = unchanged
    ? { links: extractLinks(html, page.normalisedUrl), segments: null }
    : extractPage(html, page.normalisedUrl, context.extract);
  const found = read.links;
  const canonical = found.canonical ? toSeed(found.canonical, context.hosts, page.depth) : null;
  if (canonical && canonical.normalisedUrl !== page.normalisedUrl) {
    // The page names another URL as the original: crawl that one, count words once.
    outcome.status = 'duplicate';
    outcome.canonicalUrl = canonical.normalisedUrl;
    outcome.links.push(canonical);
    return fetched;
  }
  if (context.mode === 'full' && !found.robots.nofollow) {
    const targets = found.refresh ? [...found.links, found.refresh] : found.links;
    const { normalisedLinks, queuedUrls } = context.memo;
    for (const link of targets) {
      // toSeed's answer in two steps, the URL parsing remembered per crawl (every page repeats
      // the menu and footer links), the project's hosts checked each time.
      let key = normalisedLinks.get(link);
      if (key === undefined) {
        key = urlKeyOf(link);
        normalisedLinks.set(link, key);
      }
      // Most links are already queued by this crawl: drop them here, as queueing would, so a
      // page waiting for the writer holds only its new links.
      if (key && context.hosts.has(key.hostname) && !queuedUrls.has(key.normalisedUrl)) {
        outcome.links.push({ url: key.normalisedUrl, ...key, depth: page.depth + 1 });
      }
    }
  }
  fetched.hasContent = true;
  // Only what storing needs: the parsed segments also hold raw markup and placeholders, and
  // a segment this crawl already stored (menus, footers) needs only its hash and word count.
  // For those, the text memo's own facts object serves (no new object per segment and page).
  const { segments: stored, textFacts } = context.memo;
  fetched.segments =
    read.segments?.map((segment) =>
      stored.has(segment.sourceHash)
        ? (textFacts.peek(segment.text) ?? { sourceHash: segment.sourceHash, wordCount: segment.wordCount })
        : {
            sourceHash: segment.sourceHash,
            text: segment.text,
            kind: segment.kind,
            wordCount: segment.wordCount,
          },
    ) ?? null;
  if (page.tracked) fetched.versionHtml = html;
  return fetched;
}
