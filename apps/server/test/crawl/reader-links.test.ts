import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractLinks } from '@bhasha/engine';
import { describe, expect, it } from 'vitest';
import { allowedHostsOf, urlKeyOf, type UrlKey } from '../../src/modules/crawl/crawl-scope';
import { createPageReader, crawlReadSettings } from '../../src/modules/crawl/page-reader';

// The reader follows links by their hrefs as written, one memo lookup per link (ADR 0013).
// What it answers must be what resolving every link first gives: the engine's resolved links
// (refresh target last), each normalised (`urlKeyOf`), on the project's hosts, each URL once.
function expectedLinks(html: string, pageUrl: string, hosts: ReadonlySet<string>): UrlKey[] {
  const found = extractLinks(html, pageUrl);
  if (found.robots.nofollow) return [];
  const seen = new Set<string>();
  const links: UrlKey[] = [];
  for (const link of found.refresh ? [...found.links, found.refresh] : found.links) {
    const key = urlKeyOf(link);
    if (key && hosts.has(key.hostname) && !seen.has(key.normalisedUrl)) {
      seen.add(key.normalisedUrl);
      links.push(key);
    }
  }
  return links;
}

const PAGES: Array<[string, string]> = [
  [
    'https://example.org/docs/guide/intro.html',
    `<a href="/about">About</a><a href=" /about ">Again, spaced</a><a href="../faq.html#top">FAQ</a>
     <a href="setup?utm_source=x&amp;b=2">Setup</a><a href="//example.org/docs/">Docs</a>
     <a href="https://EXAMPLE.org:443/Team/">Team</a><a href="http://other.example/x">Elsewhere</a>
     <a href="mailto:a@example.org">Mail</a><a href="javascript:void(0)">JS</a><a href="#only">Fragment</a>
     <a href="">Self</a><a href="https://user:pw@example.org/secret">Credentials</a><a href="http:relative">Odd</a>
     <area href="/map"><iframe src="/frame.html"></iframe><link rel="next" href="/docs/guide/two.html">
     <link rel="canonical" href="/docs/guide/intro.html"><meta http-equiv="refresh" content="5; url=/later">`,
  ],
  [
    'https://example.org/blog/post/',
    `<base href="https://example.org/other/base/"><a href="/about">About</a><a href="relative">Rel</a>
     <a href="https://example.org/about">Absolute same</a><a href="//cdn.example.org/a">CDN</a>`,
  ],
  ['https://example.org/x', `<meta name="robots" content="nofollow"><a href="/about">About</a>`],
  [
    // Fragment-only hrefs all name the page itself; other schemes are never followed, whatever their case.
    'https://example.org/z/page?q=1&utm_source=x#here',
    `<a href="#one">One</a><a href=" #two ">Two</a><a href="HTTPS:example.org/up">Up</a>
     <a href="Http:side">Side</a><a href="TEL:123">Tel</a><a href="data:text/html,x">Data</a>
     <a href="ws://example.org/s">WS</a><a href="c:\\file">Drive</a><a href="#">Top</a>`,
  ],
  [
    'https://example.org/w',
    `<base href="mailto:someone@example.org"><a href="#a">A</a><a href="/about">About</a><a href="b">B</a>`,
  ],
  [
    'https://example.org/y',
    `<base href="ftp://files.example.org/"><a href="/about">About</a><a href="b">B</a>`,
  ],
];

describe('page reader links', () => {
  const hosts = allowedHostsOf(['example.org', 'cdn.example.org']);
  const settings = crawlReadSettings('links', 'full', hosts, {});

  it('follows the same links as resolving each link first, with a fresh and a warm reader', () => {
    const warm = createPageReader();
    for (let round = 0; round < 2; round += 1) {
      for (const [url, html] of PAGES) {
        const expected = expectedLinks(html, url, hosts);
        for (const reader of [createPageReader(), warm]) {
          const reading = reader.read({ settings, normalisedUrl: url, depth: 0, previousHash: null, html });
          expect(reading.links).toEqual(expected);
        }
      }
    }
    // The first page really exercises the cases: spaced and repeated hrefs, a port, tracking parameters.
    const first = expectedLinks(PAGES[0]![1], PAGES[0]![0], hosts).map((key) => key.normalisedUrl);
    expect(first).toContain('https://example.org/about');
    expect(first).toContain('https://example.org/docs/guide/setup?b=2');
    expect(first).toContain('https://example.org/later');
    expect(first.filter((url) => url === 'https://example.org/about')).toHaveLength(1);
  });

  it('follows the same links on real pages, changed and unchanged (read for its links only)', () => {
    const reader = createPageReader();
    // The project's copy of the shared Jitsi handbook (SOURCES beside it): a clean clone has no ../shared.
    const root = join(__dirname, '../fixtures/websites/jitsi-handbook/handbook');
    const files = ['index.html', '404.html', 'search/index.html'];
    for (const file of files) {
      const html = readFileSync(join(root, file), 'utf8');
      // Read at its canonical URL (a page naming another URL as the original answers no links).
      const url = extractLinks(html, `https://jitsi.github.io/handbook/${file}`).canonical ?? '';
      expect(url).toMatch(/^https:\/\/jitsi\.github\.io\//);
      const siteHosts = allowedHostsOf(['jitsi.github.io']);
      const site = crawlReadSettings('site', 'full', siteHosts, {});
      const expected = expectedLinks(html, url, siteHosts);
      expect(expected.length).toBeGreaterThan(0);
      const first = reader.read({ settings: site, normalisedUrl: url, depth: 0, previousHash: null, html });
      expect(first.links).toEqual(expected);
      const unchanged = reader.read({
        settings: site,
        normalisedUrl: url,
        depth: 0,
        previousHash: first.contentHash,
        html,
      });
      expect(unchanged.segments).toBeNull();
      expect(unchanged.links).toEqual(expected);
    }
  });
});
