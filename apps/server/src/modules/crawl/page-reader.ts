import { isAscii, isUtf8 } from 'node:buffer';
import { hash } from 'node:crypto';
import { extractLinks, extractPageFacts, TextFactsMemo } from '@bhasha/engine';
import type { PageSeed } from '../scope/pages.repository';
import type { CrawlMemo } from './crawl-memo';
import { compileIgnorePatterns, toSeed, urlKeyOf, type UrlKey } from './crawl-scope';
import type { PageRow } from './crawls.repository';
import type { FetchedPage, PageOutcome } from './page-batch.repository';
import { pushUnqueuedLinks, segmentsToStore, type WireReading } from './page-reader-protocol';
import type { SegmentFacts } from './segments.repository';

/** `full` follows links and sitemaps; `urls` only re-fetches the URLs it was given (flush, tracking). */
export type CrawlMode = 'full' | 'urls';

/**
 * What reading a page needs to know about its crawl: plain data (it crosses to a reader thread),
 * the same for every page of a batch step.
 */
export interface CrawlReadSettings {
  readonly crawlId: string;
  readonly mode: CrawlMode;
  /** The project's hosts as `allowedHostsOf` gives them. */
  readonly hosts: readonly string[];
  readonly noTranslateSelectors: readonly string[];
  /** The project's ignore patterns as stored (`/source/flags` or exact text). */
  readonly ignorePatterns: readonly string[];
}

/** One fetched HTML page (HTTP 200) to read, with what its page row says about the last crawl. */
export interface PageReadRequest {
  readonly settings: CrawlReadSettings;
  readonly normalisedUrl: string;
  readonly depth: number;
  /** The content hash stored by the last crawl that fetched the page, if it did. */
  readonly previousHash: string | null;
  /**
   * The page: its HTML, or the bytes fetched (UTF-8, decoded by the reader, so decoding is not
   * the crawl thread's work). NULL characters are removed either way.
   */
  readonly html: string | Uint8Array;
  /** Send the HTML (as read) back with the reading: a tracked page stores it as a version. */
  readonly keepHtml?: boolean;
}

/**
 * What a reader found: small plain data (it crosses back from a reader thread). Links are every
 * crawlable link on the project's hosts, not yet filtered against what the crawl queued: that
 * filter is the main thread's, which alone knows what was written.
 */
export interface PageReading {
  readonly contentHash: string;
  /** Set when the page names another URL as the original (`<link rel=canonical>`). */
  readonly canonical: PageSeed | null;
  readonly links: UrlKey[];
  /** Its segments' facts, text and kind included; null when the content is unchanged since the last crawl. */
  readonly segments: Array<Required<SegmentFacts>> | null;
  /** The HTML as read, when the request asked for it (`keepHtml`). */
  readonly html?: string;
}

/**
 * A page's HTML from what was fetched. HTML §13.2.6.4.7: a NULL character in body text is
 * ignored; PostgreSQL text cannot hold one either. Pages are large strings: no copy unless needed.
 */
export function htmlOf(page: string | Uint8Array): string {
  // Decoded as page-fetcher's bytesToText does (not imported: the reader thread's bundle needs no HTTP client).
  const text =
    typeof page === 'string'
      ? page
      : Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString('utf8');
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** A page's HTML (`htmlOf`) and its content hash: SHA-256 hex of that HTML's UTF-8. */
export interface PageText {
  readonly html: string;
  readonly contentHash: string;
}

// One-shot SHA-256 (no Hash object per page); a string is hashed as its UTF-8.
const sha256Hex = (data: string | Uint8Array) => hash('sha256', data, 'hex');

/**
 * `htmlOf` and the hash of its UTF-8, from fetched bytes with as little work as they allow. Bytes
 * without NULL that are valid UTF-8 are that UTF-8 already (decoding and encoding them gives them
 * back, a BOM included), so they are hashed as they are instead of encoding the decoded page
 * again; ASCII bytes (a third of the bench's pages) decode as Latin-1, a copy without UTF-8's
 * validation. Anything else (NULL characters, invalid sequences that decode as U+FFFD) takes
 * `htmlOf` and hashes its answer, so every page gets the same HTML and hash either way.
 */
export function pageTextOf(page: string | Uint8Array): PageText {
  if (typeof page !== 'string') {
    const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
    if (bytes.indexOf(0) === -1) {
      if (isAscii(bytes)) return { html: bytes.toString('latin1'), contentHash: sha256Hex(bytes) };
      if (isUtf8(bytes)) return { html: bytes.toString('utf8'), contentHash: sha256Hex(bytes) };
    }
  }
  const html = htmlOf(page);
  return { html, contentHash: sha256Hex(html) };
}

// Bounds of a reader's per-crawl memos: a few crawls at once, entries per crawl. A reader thread's
// old generation is bounded at 256 MB (READER_HEAP_FLAGS in page-reader-pool.ts): a full memo of
// links costs ~330 bytes an entry (href, key object, URL, host, map entry: a heap snapshot), one
// of texts ~320, so a crawl's memos hold at most ~33 + 16 MB, and three crawls ~150 MB. (A crawl
// beyond three drops the oldest one's memos; a full memo starts again: both only cost work.)
const MAX_CRAWLS = 3;
const MAX_LINKS = 100_000;
const MAX_TEXT_FACTS = 50_000;

/** What a reader remembers of one crawl: only a shortcut, exact whatever it holds. */
interface ReaderCrawlMemo {
  /** The settings these compiled values were made from (a new batch step may bring others). */
  settings: CrawlReadSettings;
  hosts: ReadonlySet<string>;
  ignorePatterns: Array<string | RegExp>;
  /** Hash and word count by segment text: a text met again (menus, footers) is not hashed or counted again. */
  textFacts: TextFactsMemo;
  /**
   * A link's href as written → its normalised URL and host (null: not crawlable), so a link met
   * again is not parsed again: one lookup per link (the engine's memo of resolved hrefs and a
   * second one by resolved URL took two). Keyed per base origin for `/`-relative hrefs, under ''
   * for hrefs with a scheme and an authority; other hrefs depend on the page's path and are
   * parsed every time (`linkKeyOf`).
   */
  linkKeys: Map<string, Map<string, UrlKey | null>>;
  linkCount: number;
}

// An href with a scheme and an authority resolves the same against any base (extract-links.ts).
const ABSOLUTE_WITH_AUTHORITY = /^[a-z][a-z\d+.-]*:\/\//i;
// An href with a scheme other than http(s) (`mailto:`, `javascript:`, `tel:`…) is an absolute URL
// of that scheme whatever the base (WHATWG URL: only a special scheme equal to the base's, as in
// `http:x`, is read as relative), so never crawlable: no need to parse it.
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z\d+.-]*:/i;

/**
 * `linkKeyOf` for every href of one page: a fragment-only href (`#top`) resolves to the base URL
 * with that fragment, which normalising drops, so all of a page's fragment links have the key of
 * its first one (computed once a page instead of a URL parse each).
 */
class PageLinkKeys {
  private fragmentKey: UrlKey | null | undefined;

  constructor(
    private readonly memo: ReaderCrawlMemo,
    private readonly baseUrl: string,
    private readonly baseOrigin: string | undefined,
  ) {}

  keyOf(href: string): UrlKey | null {
    const value = href.trim();
    if (value.charCodeAt(0) !== 35 /* # */) return linkKeyOf(this.memo, value, this.baseUrl, this.baseOrigin);
    if (this.fragmentKey === undefined) this.fragmentKey = urlKeyOf(value, this.baseUrl);
    return this.fragmentKey;
  }
}

/** A link followed: on the project's hosts, each URL once, where the page first links to it. */
function follow(key: UrlKey | null, hosts: ReadonlySet<string>, seen: Set<string>, links: UrlKey[]): void {
  if (key && hosts.has(key.hostname) && !seen.has(key.normalisedUrl)) {
    seen.add(key.normalisedUrl);
    links.push(key);
  }
}

/**
 * `urlKeyOf` of an href (trimmed) on a page whose links resolve against `baseUrl`, remembered per crawl.
 * `urlKeyOf(href, base)` is `urlKeyOf` of the href resolved against the base (normaliseUrl parses
 * it against the base, as the engine's resolution did before normalising; a test holds it so).
 */
function linkKeyOf(memo: ReaderCrawlMemo, value: string, baseUrl: string, baseOrigin: string | undefined) {
  if (OTHER_SCHEME.test(value)) return null;
  const scope =
    value.charCodeAt(0) === 47 /* / */ ? baseOrigin : ABSOLUTE_WITH_AUTHORITY.test(value) ? '' : undefined;
  if (scope === undefined) return urlKeyOf(value, baseUrl);
  let byHref = memo.linkKeys.get(scope);
  let key = byHref?.get(value);
  if (key !== undefined) return key;
  key = urlKeyOf(value, baseUrl);
  if (memo.linkCount >= MAX_LINKS) {
    memo.linkKeys.clear();
    memo.linkCount = 0;
    byHref = undefined;
  }
  if (byHref === undefined) {
    byHref = new Map();
    memo.linkKeys.set(scope, byHref);
  }
  // A copy of the key: an href is a slice of its page's HTML, which a kept slice would keep alive.
  byHref.set((' ' + value).slice(1), key);
  memo.linkCount += 1;
  return key;
}

// Module-level helpers and plain loops on the per-page path: V8 keeps optimised code only while a
// function object holding it lives, so arrow functions made per page were optimised again after
// every full GC (ADR 0013).
function same(x: readonly string[], y: readonly string[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return false;
  return true;
}

function sameSettings(a: CrawlReadSettings, b: CrawlReadSettings): boolean {
  return (
    a.mode === b.mode &&
    same(a.hosts, b.hosts) &&
    same(a.noTranslateSelectors, b.noTranslateSelectors) &&
    same(a.ignorePatterns, b.ignorePatterns)
  );
}

/**
 * A page reader: content hash, one htmlparser2 parse for links and segment facts. The crawler's
 * own CPU per page (bench `crawl-extract` measures it), so it keeps only what storing needs. Each
 * reader (one per reader thread, or the crawl's own thread without threads) keeps per-crawl memos
 * of texts and links; they only save work, so two readers of one crawl answer alike.
 */
export function createPageReader() {
  const memos = new Map<string, ReaderCrawlMemo>();

  function memoOf(settings: CrawlReadSettings): ReaderCrawlMemo {
    let memo = memos.get(settings.crawlId);
    if (memo && !sameSettings(memo.settings, settings)) {
      memo.settings = settings;
      memo.hosts = new Set(settings.hosts);
      memo.ignorePatterns = compileIgnorePatterns(settings.ignorePatterns);
    }
    if (memo) return memo;
    if (memos.size >= MAX_CRAWLS) memos.delete(memos.keys().next().value!);
    memo = {
      settings,
      hosts: new Set(settings.hosts),
      ignorePatterns: compileIgnorePatterns(settings.ignorePatterns),
      textFacts: new TextFactsMemo(MAX_TEXT_FACTS),
      linkKeys: new Map(),
      linkCount: 0,
    };
    memos.set(settings.crawlId, memo);
    return memo;
  }

  function read(request: PageReadRequest): PageReading {
    const { settings, normalisedUrl, depth } = request;
    const memo = memoOf(settings);
    // The engine's sha256Hex gives the same digest; the native one is much faster on whole pages.
    const { html, contentHash } = pageTextOf(request.html);
    const kept = request.keepHtml ? { html } : {};
    const unchanged = request.previousHash === contentHash;
    // One parse for links and segments; an unchanged page only needs its links.
    const parsed = unchanged
      ? { hrefs: resolvedAsHrefs(extractLinks(html, normalisedUrl)), segments: null }
      : extractPageFacts(html, normalisedUrl, {
          noTranslateSelectors: settings.noTranslateSelectors,
          ignorePatterns: memo.ignorePatterns,
          textFacts: memo.textFacts,
        });
    const found = parsed.hrefs;
    const canonical = found.canonical ? toSeed(found.canonical, memo.hosts, depth) : null;
    if (canonical && canonical.normalisedUrl !== normalisedUrl) {
      // The page names another URL as the original: crawl that one, count words once.
      return { contentHash, canonical, links: [], segments: null, ...kept };
    }
    const links: UrlKey[] = [];
    if (settings.mode === 'full' && !found.robots.nofollow) {
      const { baseUrl, baseOrigin, hrefs, refresh } = found;
      const keys = new PageLinkKeys(memo, baseUrl, baseOrigin);
      const seen = new Set<string>();
      for (const href of hrefs) follow(keys.keyOf(href), memo.hosts, seen, links);
      // Resolved already (absolute), after the page's links as the engine's `links` puts it.
      if (refresh !== undefined) follow(keys.keyOf(refresh), memo.hosts, seen, links);
    }
    // Only what storing needs (the facts also carry each segment's offset in the page), so less crosses back.
    let segments: Array<Required<SegmentFacts>> | null = null;
    if (parsed.segments) {
      segments = new Array<Required<SegmentFacts>>(parsed.segments.length);
      for (let i = 0; i < segments.length; i += 1) {
        const { sourceHash, text, kind, wordCount } = parsed.segments[i]!;
        segments[i] = { sourceHash, text, kind, wordCount };
      }
    }
    return { contentHash, canonical: null, links, segments, ...kept };
  }

  return {
    read,
    /** Drops what this reader remembers of a crawl (it ended). */
    forget(crawlId: string): void {
      memos.delete(crawlId);
    },
  };
}

export type PageReader = ReturnType<typeof createPageReader>;

type PageHrefs = ReturnType<typeof extractPageFacts>['hrefs'];

/** An unchanged page's resolved links as hrefs: absolute, so each resolves to itself. */
function resolvedAsHrefs(found: ReturnType<typeof extractLinks>): PageHrefs {
  const { links, ...rest } = found;
  return { ...rest, hrefs: links, baseOrigin: undefined };
}

/** The settings a batch step reads its pages with (see `allowedHostsOf` for the hosts). */
export function crawlReadSettings(
  crawlId: string,
  mode: CrawlMode,
  hosts: ReadonlySet<string>,
  project: { noTranslateSelectors?: readonly string[] | null; ignorePatterns?: readonly string[] | null },
): CrawlReadSettings {
  return {
    crawlId,
    mode,
    hosts: [...hosts],
    noTranslateSelectors: [...(project.noTranslateSelectors ?? [])],
    ignorePatterns: [...(project.ignorePatterns ?? [])],
  };
}

/**
 * A reading as the batch writer stores it, on the crawl's own thread: links this process already
 * queued for the crawl are dropped (as queueing would, so a page waiting for the writer holds only
 * its new links), and a segment the crawl already stored keeps only its hash and word count. Both
 * memos gain entries only after their writes committed, so what is dropped here is in the database.
 * A reading as it crossed from a reader thread (`WireReading`) is taken as it is: what the memos
 * hold is looked up by its bytes, without making its strings (page-reader-protocol.ts).
 */
export function toFetchedPage(
  page: PageRow,
  outcome: PageOutcome,
  reading: PageReading | WireReading,
  memo: CrawlMemo,
  html = reading.html,
): FetchedPage {
  outcome.contentHash = reading.contentHash;
  if (reading.canonical) {
    outcome.status = 'duplicate';
    outcome.canonicalUrl = reading.canonical.normalisedUrl;
    outcome.links.push(reading.canonical);
    return { page, outcome, hasContent: false, segments: null };
  }
  const depth = page.depth + 1;
  let segments: FetchedPage['segments'];
  if ('linkUrls' in reading) {
    pushUnqueuedLinks(reading, memo.queuedUrls, depth, outcome.links);
    segments = segmentsToStore(reading, memo.segments);
  } else {
    for (const key of reading.links) {
      if (!memo.queuedUrls.has(key.normalisedUrl)) {
        outcome.links.push({ url: key.normalisedUrl, ...key, depth });
      }
    }
    segments =
      reading.segments?.map((segment) => {
        const known = memo.segments.indexOf(segment.sourceHash);
        // The memo's own string, as a crossed reading gets: equal, and the writer's lookup of it is cheaper.
        return known >= 0
          ? { sourceHash: memo.segments.keyAt(known), wordCount: segment.wordCount }
          : segment;
      }) ?? null;
  }
  const fetched: FetchedPage = { page, outcome, hasContent: true, segments };
  if (page.tracked && html !== undefined) fetched.versionHtml = html;
  return fetched;
}
