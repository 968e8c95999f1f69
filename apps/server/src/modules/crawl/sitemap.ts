import { Parser } from 'htmlparser2';

/** What a sitemap document lists (sitemaps.org protocol 0.9). */
export interface SitemapEntries {
  /** `<url><loc>` entries of a `<urlset>`. */
  urls: string[];
  /** `<sitemap><loc>` entries of a `<sitemapindex>`. */
  sitemaps: string[];
}

// The protocol caps a sitemap at 50,000 URLs and 50 MB uncompressed.
const MAX_ENTRIES = 50_000;

/**
 * Reads `<loc>` values of a sitemap or sitemap index with a streaming, non-validating parser:
 * no DTDs, no entity expansion beyond the five XML built-ins, so no "billion laughs".
 */
export function parseSitemap(xml: string): SitemapEntries {
  const urls: string[] = [];
  const sitemaps: string[] = [];
  const stack: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        stack.push(name.replace(/^.*:/, '').toLowerCase());
        text = '';
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag() {
        const name = stack.pop();
        if (name !== 'loc') return;
        const parent = stack[stack.length - 1];
        const value = text.trim();
        if (!value || urls.length + sitemaps.length >= MAX_ENTRIES) return;
        if (parent === 'url') urls.push(value);
        else if (parent === 'sitemap') sitemaps.push(value);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { urls, sitemaps };
}
