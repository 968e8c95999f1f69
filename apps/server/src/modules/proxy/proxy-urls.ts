import type { ProxySite } from './proxy.repository';

/**
 * How visitors address translated pages (ADR 0017):
 * - `subdomain`: `{lang}.{project domain}` (the customer points that name at Bhasha);
 * - `path`: `{project domain}/{lang}/…` (the customer's server forwards `/{lang}/` to Bhasha);
 * - `preview`: `{renderBaseUrl}/proxy-preview/{token}/{host}/…`, one language, before publishing.
 */
export type ProxyAddress =
  | { mode: 'subdomain' | 'path'; protocol: string; port: string; publicHosts: PublicHosts }
  | { mode: 'preview'; prefix: string };

/** Origin `host[:port]` → the domain's public host name (they differ when a domain is fetched from another origin). */
export type PublicHosts = ReadonlyMap<string, string>;

/** The public host names of a site's origins; the domain a request came for wins when two share an origin. */
export function publicHostsOf(site: ProxySite, requested?: ProxySite['domains'][number]): PublicHosts {
  const hosts = new Map<string, string>();
  for (const domain of requested ? [...site.domains, requested] : site.domains) {
    try {
      hosts.set(new URL(domain.origin).host, domain.hostname);
    } catch {
      // A malformed origin cannot be fetched either.
    }
  }
  return hosts;
}

/** A language's slugs: source path → translated path. */
export type SlugMap = ReadonlyMap<string, string>;

const stripWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/** The site's domain a URL belongs to (with or without `www.`). */
export function domainOf(site: ProxySite, hostname: string) {
  const bare = stripWww(hostname.toLowerCase());
  return site.domains.find((domain) => stripWww(domain.hostname) === bare);
}

/** The translated page's address of a source URL, in one language. */
export function publicUrl(address: ProxyAddress, language: string, source: URL, slugs: SlugMap): URL {
  const path = slugs.get(source.pathname) ?? source.pathname;
  const tail = `${path}${source.search}${source.hash}`;
  switch (address.mode) {
    case 'subdomain': {
      const host = address.publicHosts.get(source.host) ?? source.hostname;
      return new URL(`${address.protocol}//${language}.${host}${address.port}${tail}`);
    }
    case 'path': {
      const host = address.publicHosts.get(source.host) ?? source.hostname;
      return new URL(`${address.protocol}//${host}${address.port}/${language}${tail}`);
    }
    case 'preview':
      return new URL(`${address.prefix}/${source.hostname}${tail}`);
  }
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/**
 * A link rewriter for one page: links to the project's domains point to the same language
 * (and its slugs); links elsewhere, fragments, mailto: and the like stay as they are. Relative
 * paths that already resolve to the right translated page are left untouched.
 */
export function createLinkRewriter(options: {
  site: ProxySite;
  address: ProxyAddress;
  language: string;
  page: URL;
  publicPage: URL;
  baseHref?: string;
  slugs: SlugMap;
}): (value: string) => string | undefined {
  const { site, address, language, page, publicPage, slugs } = options;
  let base = page;
  if (options.baseHref !== undefined) {
    try {
      base = new URL(options.baseHref, page);
    } catch {
      // An invalid <base href> is ignored by browsers too.
    }
  }
  return (value) => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return undefined;
    let target: URL;
    try {
      target = new URL(trimmed, base);
    } catch {
      return undefined;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
    if (!domainOf(site, target.hostname)) return undefined;
    const isRelative = !HAS_SCHEME.test(trimmed);
    const hasSlug = slugs.has(target.pathname);
    // `about.html`, `../x`: the browser resolves them against the translated page already.
    if (isRelative && !trimmed.startsWith('/') && !hasSlug && base === page) return undefined;
    // The query and fragment are kept as written (`?` alone, odd encodings): pages' scripts read them.
    const cut = trimmed.search(/[?#]/);
    const suffix = cut < 0 ? '' : trimmed.slice(cut);
    target.search = '';
    target.hash = '';
    const translated = publicUrl(address, language, target, slugs);
    // A link the browser already resolves to the translated page stays as written, byte for byte
    // (`/a b`, a line break inside a path: the browser encodes or drops those characters itself).
    if (base === page && !hasSlug) {
      try {
        const asWritten = new URL(trimmed, publicPage);
        asWritten.search = '';
        asWritten.hash = '';
        if (asWritten.href === translated.href) return undefined;
      } catch {
        // Unreadable against the public page: rewrite it.
      }
    }
    const head = translated.origin === publicPage.origin ? translated.pathname : translated.href;
    const rewritten = `${head}${suffix}`;
    return rewritten === trimmed ? undefined : rewritten;
  };
}
