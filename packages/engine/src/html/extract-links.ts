import { Parser } from 'htmlparser2';

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
// HTML §4.2.5.3 "Refresh state": optional delay, then `; url=` (quotes optional) or a bare URL.
const REFRESH = /^\s*[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i;

function relations(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
}

function resolveHttpUrl(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Finds the links a crawler follows in a page: `a`/`area` href, `link` rel alternate/next/prev,
 * `iframe`/`frame` src and meta refresh; plus the canonical URL and robots directives. Relative
 * URLs resolve against the first `<base href>` (HTML §4.2.3 "The base element"), wherever it is.
 */
export function extractLinks(html: string, pageUrl: string): PageLinks {
  const hrefs: string[] = [];
  let baseHref: string | undefined;
  let canonicalHref: string | undefined;
  let refreshHref: string | undefined;
  let noindex = false;
  let nofollow = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        switch (name) {
          case 'a':
          case 'area':
            if (attributes.href !== undefined) hrefs.push(attributes.href);
            break;
          case 'iframe':
          case 'frame':
            if (attributes.src !== undefined) hrefs.push(attributes.src);
            break;
          case 'base':
            if (baseHref === undefined && attributes.href !== undefined) baseHref = attributes.href;
            break;
          case 'link': {
            const rels = relations(attributes.rel);
            if (attributes.href === undefined) break;
            if (rels.includes('canonical')) canonicalHref ??= attributes.href;
            else if (rels.some((rel) => PAGE_RELATIONS.has(rel))) hrefs.push(attributes.href);
            break;
          }
          case 'meta': {
            if (
              attributes['http-equiv']?.trim().toLowerCase() === 'refresh' &&
              attributes.content !== undefined
            ) {
              const target = REFRESH.exec(attributes.content)?.[2];
              if (target) refreshHref ??= target;
            }
            if (attributes.name?.trim().toLowerCase() === 'robots') {
              const directives = (attributes.content ?? '').toLowerCase().split(/[\s,]+/);
              if (directives.includes('noindex') || directives.includes('none')) noindex = true;
              if (directives.includes('nofollow') || directives.includes('none')) nofollow = true;
            }
            break;
          }
          default:
            break;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);

  const baseUrl = (baseHref !== undefined && resolveHttpUrl(baseHref, pageUrl)) || pageUrl;
  const refresh = refreshHref === undefined ? undefined : resolveHttpUrl(refreshHref, baseUrl);
  const canonical = canonicalHref === undefined ? undefined : resolveHttpUrl(canonicalHref, baseUrl);
  const links = new Set<string>();
  for (const href of refresh === undefined ? hrefs : [...hrefs, refresh]) {
    const url = resolveHttpUrl(href, baseUrl);
    if (url !== undefined) links.add(url);
  }
  return {
    links: [...links],
    ...(canonical === undefined ? {} : { canonical }),
    ...(refresh === undefined ? {} : { refresh }),
    robots: { noindex, nofollow },
    baseUrl,
  };
}
