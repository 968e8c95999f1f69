import { Parser } from 'htmlparser2';

/** A page's links as written (`LinkCollector.hrefsOf`): what `PageLinks` is resolved from. */
export interface PageHrefs extends Omit<PageLinks, 'links'> {
  /** Link hrefs as written (`a`/`area`/`iframe`/`frame`/`link`, `onclick` navigations), document order, not deduplicated or resolved. */
  readonly hrefs: readonly string[];
  /** The origin of `baseUrl` when it is http(s) (what a `/`-relative href depends on). */
  readonly baseOrigin: string | undefined;
}

/** What a crawler needs from a page besides its text. */
export interface PageLinks {
  /** Absolute http(s) URLs without fragment, deduplicated, in document order. */
  readonly links: string[];
  /** `<link rel="canonical">`, resolved. */
  readonly canonical?: string;
  /** Target of `<meta http-equiv="refresh" content="N; url=…">`, resolved. */
  readonly refresh?: string;
  /** `<meta name="robots">` directives (`none` sets both). */
  readonly robots: { readonly noindex: boolean; readonly nofollow: boolean };
  /** The URL relative links were resolved against (`<base href>` or the page's URL). */
  readonly baseUrl: string;
}

// Link relations that point at other pages of the site (HTML §4.6.7 "Link types").
const PAGE_RELATIONS = new Set(['alternate', 'next', 'prev', 'previous']);
const isPageRelation = (rel: string) => PAGE_RELATIONS.has(rel);
// HTML §4.2.5.3 "Refresh state": optional delay, then `; url=` (quotes optional) or a bare URL.
const REFRESH = /^\s*[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i;

// Script navigations a crawler may follow from an `onclick` attribute (see `onclickTargets`): a
// literal string assigned to `location`/`location.href` (optionally of `window`, `self`, `top` or
// `document`), or passed first to `location.assign`/`location.replace` or `window.open`. The
// string must end the statement or the argument (`'a.html' + page` is script, not a URL) and hold
// no backslash (an escape would need a JavaScript string decoder). The name must not follow a
// word character or a dot, so `my.location = '…'` is not taken.
const ONCLICK_NAVIGATION =
  /(?<![\w$.])(?:(?:window|self|top|document)\.)?(?:location(?:\.href)?\s*=(?!=)\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)")\s*(?=[;,}]|$)|(?:location\.(?:assign|replace)|(?<=window\.)open)\s*\(\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)")\s*[,)])/g;

/**
 * The URLs an `onclick` attribute navigates to as written (see `ONCLICK_NAVIGATION`), in order.
 * Never evaluates script: anything but a literal string is left alone.
 */
export function onclickTargets(onclick: string): string[] {
  // Most handlers call a function of the page (`up(3)`, `toggle()`): no regular expression for those.
  if (!onclick.includes('location') && !onclick.includes('open')) return [];
  const targets: string[] = [];
  for (const match of onclick.matchAll(ONCLICK_NAVIGATION)) {
    const target = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (target) targets.push(target);
  }
  return targets;
}

function relations(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
}

/** An href resolved against `base` as a crawler follows it: absolute http(s), no fragment; else undefined. */
export function resolveHttpUrl(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

// Pages of a site link to the same menu and footer URLs: URL parsing of ~100 links a page is a
// large part of a crawler's CPU. An href with a scheme and an authority (`https://…`) resolves the
// same against any base, one starting with `/` the same against any http(s) base of one origin:
// those are remembered (bounded; a reset only costs parsing), keyed by the href itself in a map
// per origin (a key joined from origin and href was a new string per link, hashed in full at
// every lookup). Other relative hrefs depend on the base's path (and `http:foo` is relative too),
// so they are parsed every time.
const RESOLVED_LIMIT = 50_000;
const absoluteResolved = new Map<string, string | null>();
const resolvedByOrigin = new Map<string, Map<string, string | null>>();
let resolvedCount = 0;
const ABSOLUTE_WITH_AUTHORITY = /^[a-z][a-z\d+.-]*:\/\//i;

/** The origin of an http(s) base, the part of it a `/`-relative href depends on; else undefined. */
function httpOriginOf(base: string): string | undefined {
  try {
    const url = new URL(base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a trimmed href's resolution depends on (see above): `origin` for a `/`-relative href (the
 * same against any http(s) base of one origin), `none` for one with a scheme and an authority,
 * `path` for any other (it depends on the base's path). A caller keeping its own memo of resolved
 * links (the crawl's page reader) keys it by href per origin for the first two.
 */
export function hrefDependsOn(value: string): 'origin' | 'none' | 'path' {
  // `/`-relative first: the common case, and it cannot have a scheme.
  if (value.charCodeAt(0) === 47 /* / */) return 'origin';
  return ABSOLUTE_WITH_AUTHORITY.test(value) ? 'none' : 'path';
}

/** The memo an href's resolution is kept in (see above), or undefined when it depends on the base's path. */
function memoFor(value: string, baseOrigin: string | undefined): Map<string, string | null> | undefined {
  if (value.charCodeAt(0) === 47 /* / */) {
    if (baseOrigin === undefined) return undefined;
    let memo = resolvedByOrigin.get(baseOrigin);
    if (memo === undefined) {
      memo = new Map();
      resolvedByOrigin.set(baseOrigin, memo);
    }
    return memo;
  }
  return ABSOLUTE_WITH_AUTHORITY.test(value) ? absoluteResolved : undefined;
}

function resolveCached(href: string, base: string, baseOrigin: string | undefined): string | undefined {
  const value = href.trim();
  const memo = memoFor(value, baseOrigin);
  if (memo === undefined) return resolveHttpUrl(value, base);
  const known = memo.get(value);
  if (known !== undefined) return known ?? undefined;
  const url = resolveHttpUrl(value, base);
  if (resolvedCount >= RESOLVED_LIMIT) {
    // Full: start again (this URL is not remembered; the repeated ones come back at once).
    absoluteResolved.clear();
    resolvedByOrigin.clear();
    resolvedCount = 0;
    return url;
  }
  // A copy of the key: an href is a slice of its page's HTML, and a slice kept in a long-lived
  // map keeps the whole page alive (the crawl bench's RSS grew 1.83× to 539 MB with it).
  memo.set((' ' + value).slice(1), url ?? null);
  resolvedCount += 1;
  return url;
}

const LINK_ATTRIBUTE_NAMES: readonly string[] = [
  'onclick',
  'href',
  'src',
  'rel',
  'http-equiv',
  'content',
  'name',
];

/**
 * Collects a page's links from its start tags, in document order: `a`/`area` href, `link` rel
 * alternate/next/prev, `iframe`/`frame` src, literal navigations of an `onclick` attribute (any
 * element) and meta refresh; plus the canonical URL and robots
 * directives. Fed by any parse of the page (`extractLinks`, or `extractPage` sharing the pass
 * that cuts segments), then `result()` resolves what it saw.
 */
export class LinkCollector {
  /** Every attribute `openTag` reads (a parse may leave the others out: `StartTagListener`). */
  readonly attributeNames: readonly string[] = LINK_ATTRIBUTE_NAMES;
  private readonly hrefs: string[] = [];
  private baseHref: string | undefined;
  private canonicalHref: string | undefined;
  private refreshHref: string | undefined;
  private noindex = false;
  private nofollow = false;

  openTag(name: string, attributes: Readonly<Record<string, string>>): void {
    // A table row or button that navigates by script (`onclick="location.href='…'"`): only an
    // element with an onclick attribute pays for more than this lookup.
    const onclick = attributes.onclick;
    if (onclick !== undefined) for (const target of onclickTargets(onclick)) this.hrefs.push(target);
    switch (name) {
      case 'a':
      case 'area':
        if (attributes.href !== undefined) this.hrefs.push(attributes.href);
        break;
      case 'iframe':
      case 'frame':
        if (attributes.src !== undefined) this.hrefs.push(attributes.src);
        break;
      case 'base':
        if (this.baseHref === undefined && attributes.href !== undefined) this.baseHref = attributes.href;
        break;
      case 'link': {
        const rels = relations(attributes.rel);
        if (attributes.href === undefined) break;
        if (rels.includes('canonical')) this.canonicalHref ??= attributes.href;
        else if (rels.some(isPageRelation)) this.hrefs.push(attributes.href);
        break;
      }
      case 'meta': {
        if (
          attributes['http-equiv']?.trim().toLowerCase() === 'refresh' &&
          attributes.content !== undefined
        ) {
          const target = REFRESH.exec(attributes.content)?.[2];
          if (target) this.refreshHref ??= target;
        }
        if (attributes.name?.trim().toLowerCase() === 'robots') {
          const directives = (attributes.content ?? '').toLowerCase().split(/[\s,]+/);
          if (directives.includes('noindex') || directives.includes('none')) this.noindex = true;
          if (directives.includes('nofollow') || directives.includes('none')) this.nofollow = true;
        }
        break;
      }
      default:
        break;
    }
  }

  /**
   * The links resolved: relative URLs against the first `<base href>` (HTML §4.2.3 "The base
   * element"), wherever it is, else against `pageUrl`.
   */
  result(pageUrl: string): PageLinks {
    const { hrefs, baseUrl, baseOrigin, ...found } = this.hrefsOf(pageUrl);
    const links = new Set<string>();
    for (const href of found.refresh === undefined ? hrefs : [...hrefs, found.refresh]) {
      const url = resolveCached(href, baseUrl, baseOrigin);
      if (url !== undefined) links.add(url);
    }
    return { links: [...links], ...found, baseUrl };
  }

  /**
   * What `result` resolves, before it does: the link hrefs as written, in document order (the
   * refresh target not among them), with the base they resolve against. For a caller that keeps
   * its own memo from href to what it makes of the link (the crawl's page reader, which would
   * otherwise look each link up twice: resolved here, then normalised by URL).
   */
  hrefsOf(pageUrl: string): PageHrefs {
    const baseUrl = (this.baseHref !== undefined && resolveHttpUrl(this.baseHref, pageUrl)) || pageUrl;
    const refresh = this.refreshHref === undefined ? undefined : resolveHttpUrl(this.refreshHref, baseUrl);
    const canonical =
      this.canonicalHref === undefined ? undefined : resolveHttpUrl(this.canonicalHref, baseUrl);
    return {
      hrefs: this.hrefs,
      baseUrl,
      baseOrigin: httpOriginOf(baseUrl),
      ...(canonical === undefined ? {} : { canonical }),
      ...(refresh === undefined ? {} : { refresh }),
      robots: { noindex: this.noindex, nofollow: this.nofollow },
    };
  }
}

/** Finds the links a crawler follows in a page (see `LinkCollector`). */
export function extractLinks(html: string, pageUrl: string): PageLinks {
  const collector = new LinkCollector();
  new Parser(
    { onopentag: (name, attributes) => collector.openTag(name, attributes) },
    { decodeEntities: true },
  ).end(html);
  return collector.result(pageUrl);
}
