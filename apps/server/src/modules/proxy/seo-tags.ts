import { escapeHtmlAttribute } from '@bhasha/engine';

/** One `<link rel="alternate" hreflang>` target. */
export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * The head tags search engines read on a translated page: hreflang alternates for every published
 * language, the source and x-default (Google's "Tell Google about localized versions"), and one
 * canonical. Values are escaped; the result is safe to insert as markup.
 */
export function buildSeoTags(alternates: readonly Alternate[], canonical: string | undefined): string {
  let html = '';
  for (const alternate of alternates) {
    html += `<link rel="alternate" hreflang="${escapeHtmlAttribute(alternate.hreflang)}" href="${escapeHtmlAttribute(alternate.href)}">`;
  }
  if (canonical !== undefined) html += `<link rel="canonical" href="${escapeHtmlAttribute(canonical)}">`;
  return html;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** A sitemap of one language's pages, each with its alternates (sitemaps.org, xhtml:link per Google). */
export function buildSitemap(entries: readonly { loc: string; alternates: readonly Alternate[] }[]): string {
  let xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  for (const entry of entries) {
    xml += `<url><loc>${escapeXml(entry.loc)}</loc>`;
    for (const alternate of entry.alternates) {
      xml += `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`;
    }
    xml += '</url>\n';
  }
  return `${xml}</urlset>\n`;
}
