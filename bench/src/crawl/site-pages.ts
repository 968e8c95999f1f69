import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The benchmark website: the real pages of the `htmlparser-benchmark` package (258 pages saved
 * from news and shop sites), each served under many URLs. Links of a page to its own site and
 * relative links are rewritten to other URLs of this site, so every URL serves different HTML
 * (no content-hash twins) and the link graph reaches every URL from `/`; links to other sites stay
 * as they were and must never be fetched. `<base>` and `<link rel=canonical>` are dropped: they
 * point at the page's original site.
 */

/** Paths under this prefix are disallowed by robots.txt; every page links to one. */
export const PRIVATE_PREFIX = '/private/';

export interface SitePage {
  /** The page's HTML (UTF-8) cut at each rewritten link, and before its last `</body>`. */
  readonly parts: readonly Buffer[];
  /** Everything from the last `</body>` on (empty when the page has none). */
  readonly tail: Buffer;
}

const require = createRequire(import.meta.url);

function pagesFolder(): string {
  return join(dirname(require.resolve('htmlparser-benchmark/package.json')), 'files');
}

/** The original host of a saved page: its canonical URL's, else the most linked absolute host. */
function ownHostOf(html: string): string | undefined {
  const canonical = /<link[^>]+rel=["']?canonical["']?[^>]*>/i.exec(html)?.[0];
  const href = canonical && /href=["']([^"']+)["']/i.exec(canonical)?.[1];
  if (href) {
    try {
      return new URL(href).host;
    } catch {
      // fall through to the link count
    }
  }
  const counts = new Map<string, number>();
  for (const match of html.matchAll(/href=["']https?:\/\/([^/"':]+)/gi)) {
    counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const ANCHOR_HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])([^"']*)\2/gi;

function isRewritten(href: string, ownHost: string | undefined): boolean {
  const value = href.trim();
  if (value === '' || value.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(value)) return false;
  if (!/^([a-z]+:)?\/\//i.test(value)) return true; // relative
  try {
    return ownHost !== undefined && new URL(value, 'http://x/').host === ownHost;
  } catch {
    return false;
  }
}

/** Loads and cuts the package's pages once. */
export function loadSitePages(): SitePage[] {
  const folder = pagesFolder();
  return readdirSync(folder)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => {
      const html = readFileSync(join(folder, name), 'utf8')
        .replace(/<base\b[^>]*>/gi, '')
        .replace(/<link\b[^>]*\brel=["']?canonical["']?[^>]*>/gi, '');
      const ownHost = ownHostOf(html);
      const parts: string[] = [];
      let last = 0;
      for (const match of html.matchAll(ANCHOR_HREF)) {
        if (!isRewritten(match[3]!, ownHost)) continue;
        const valueStart = match.index + match[1]!.length + 1;
        parts.push(html.slice(last, valueStart));
        last = valueStart + match[3]!.length;
      }
      const rest = html.slice(last);
      const bodyEnd = rest.toLowerCase().lastIndexOf('</body>');
      parts.push(bodyEnd < 0 ? rest : rest.slice(0, bodyEnd));
      return {
        parts: parts.map((part) => Buffer.from(part)),
        tail: Buffer.from(bodyEnd < 0 ? '' : rest.slice(bodyEnd)),
      };
    });
}

/** Path of URL number `n` of a site of `total` URLs: `/` for 0, then spread over 40 sections. */
export function pathOf(n: number): string {
  return n === 0 ? '/' : `/s${n % 40}/p${n}.html`;
}

/** URL number of a path, or undefined when the path is not one of the site's pages. */
export function numberOf(path: string): number | undefined {
  if (path === '/') return 0;
  const match = /^\/s(\d+)\/p(\d+)\.html$/.exec(path);
  if (!match) return undefined;
  const n = Number(match[2]);
  return n > 0 && n % 40 === Number(match[1]) ? n : undefined;
}

/**
 * The HTML of URL number `n`: the page `n mod pages`, its first rewritten link to the next URL
 * (so `/` reaches everything), the others spread over the site, plus one robots-disallowed link.
 */
export function renderPage(pages: readonly SitePage[], n: number, total: number): Buffer {
  const { parts, tail } = pages[n % pages.length]!;
  const chunks: Buffer[] = [parts[0]!];
  for (let k = 1; k < parts.length; k += 1) {
    const target = k === 1 ? (n + 1) % total : (n * 7919 + k * 104_729) % total;
    chunks.push(Buffer.from(pathOf(target)), parts[k]!);
  }
  chunks.push(Buffer.from(`<a href="${PRIVATE_PREFIX}p${n}.html">members</a>`), tail);
  return Buffer.concat(chunks);
}

/** sitemap.xml listing every URL of the site (sitemaps.org 0.9). */
export function renderSitemap(origin: string, total: number): string {
  const entries: string[] = [];
  for (let n = 0; n < total; n += 1) entries.push(`<url><loc>${origin}${pathOf(n)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export function renderRobotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: ${PRIVATE_PREFIX}\n\nSitemap: ${origin}/sitemap.xml\n`;
}
