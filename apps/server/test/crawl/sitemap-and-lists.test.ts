import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../../src/modules/crawl/sitemap';
import { readUrlList } from '../../src/modules/scope/url-list';

describe('sitemaps', () => {
  it('reads urlset and sitemapindex locations, namespaced or not, entities decoded', () => {
    const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc> https://example.in/a?x=1&amp;y=2 </loc><lastmod>2024-01-01</lastmod></url>
      <url><loc>https://example.in/b</loc></url></urlset>`;
    expect(parseSitemap(urlset)).toEqual({
      urls: ['https://example.in/a?x=1&y=2', 'https://example.in/b'],
      sitemaps: [],
    });
    const index = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://example.in/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>`;
    expect(parseSitemap(index)).toEqual({ urls: [], sitemaps: ['https://example.in/s1.xml'] });
  });

  it('does not expand custom entities (no billion laughs)', () => {
    const evil = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
      <urlset><url><loc>https://example.in/&lol2;</loc></url></urlset>`;
    const { urls } = parseSitemap(evil);
    expect(urls.join('').length).toBeLessThan(100);
  });
});

describe('uploaded URL lists', () => {
  it('reads TXT lines and CSV cells, skipping headers and notes', () => {
    const text =
      '\uFEFFurl,note\r\n"https://example.in/a","first"\nwww.example.in/b;second\nhttps://example.in/c\n\nnot a url\n';
    expect(readUrlList(text)).toEqual([
      'https://example.in/a',
      'https://www.example.in/b',
      'https://example.in/c',
    ]);
  });
});
