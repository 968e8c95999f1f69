import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src';
import { readWebsiteFixture } from './read-fixture';

describe('extractLinks', () => {
  it('resolves relative links of a real page and drops fragments, mailto and duplicates', () => {
    const page = extractLinks(
      readWebsiteFixture('orgpedia-cabsec/hi/deputy.html'),
      'http://127.0.0.1:8080/hi/deputy.html',
    );
    expect(page.links).toEqual([
      'http://127.0.0.1:8080/index.html',
      'http://127.0.0.1:8080/hi/ministry.html',
      'http://127.0.0.1:8080/hi/orders-1947-1952.html',
      'http://127.0.0.1:8080/hi/prime.html',
      'http://127.0.0.1:8080/hi/deputy.html',
      'http://127.0.0.1:8080/hi/officers-A.html',
      'http://127.0.0.1:8080/languages.html',
      'http://127.0.0.1:8080/disclaimer.html',
    ]);
    expect(page.robots).toEqual({ noindex: false, nofollow: false });
    expect(page.canonical).toBeUndefined();
  });

  it('reads canonical, alternates and the meta refresh of a Docusaurus redirect page', () => {
    const redirect = extractLinks(
      readWebsiteFixture('jitsi-handbook/handbook/docs/dev-guide/index.html'),
      'http://127.0.0.1:8080/handbook/docs/dev-guide/',
    );
    expect(redirect.refresh).toBe('http://127.0.0.1:8080/handbook/docs/category/developer-guide');
    expect(redirect.canonical).toBe('http://127.0.0.1:8080/handbook/docs/category/developer-guide');
    expect(redirect.links).toEqual(['http://127.0.0.1:8080/handbook/docs/category/developer-guide']);

    const page = extractLinks(
      readWebsiteFixture('jitsi-handbook/handbook/docs/security/index.html'),
      'http://127.0.0.1:8080/handbook/docs/security',
    );
    expect(page.canonical).toBe('https://jitsi.github.io/handbook/docs/security');
    expect(page.links).toContain('http://127.0.0.1:8080/handbook/docs/architecture');
    expect(page.links).toContain('http://127.0.0.1:8080/handbook/docs/faq');
    expect(page.links).toContain('https://jitsi.org/security');
    expect(page.links.every((link) => !link.includes('#'))).toBe(true);
    expect(new Set(page.links).size).toBe(page.links.length);
  });

  it('honours <base href>, even after the links, and keeps only http(s)', () => {
    const html = `<a href="a.html#top">A</a><a href="javascript:void(0)">J</a><a href="mailto:x@y.z">M</a>
      <a href="  /b.html?q=1 ">B</a><a href="//cdn.test/c">C</a><a href="ftp://f.test/">F</a><a href="tel:123">T</a>
      <area href="map.html"><iframe src="frame.html"></iframe><link rel="next" href="page2.html"><link rel="stylesheet" href="s.css">
      <a>no href</a><a href="http://[bad">bad</a><base href="https://site.test/docs/"><base href="https://ignored.test/">`;
    const page = extractLinks(html, 'https://origin.test/index.html');
    expect(page.baseUrl).toBe('https://site.test/docs/');
    expect(page.links).toEqual([
      'https://site.test/docs/a.html',
      'https://site.test/b.html?q=1',
      'https://cdn.test/c',
      'https://site.test/docs/map.html',
      'https://site.test/docs/frame.html',
      'https://site.test/docs/page2.html',
    ]);
  });

  it('reads robots directives', () => {
    expect(extractLinks('<meta name="ROBOTS" content="NoIndex, follow">', 'https://x.test/').robots).toEqual({
      noindex: true,
      nofollow: false,
    });
    expect(extractLinks('<meta name="robots" content="none">', 'https://x.test/').robots).toEqual({
      noindex: true,
      nofollow: true,
    });
    expect(extractLinks('<meta name="robots" content="index,nofollow">', 'https://x.test/').robots).toEqual({
      noindex: false,
      nofollow: true,
    });
  });

  it('resolves remembered hrefs as a fresh parse does, whatever page and origin they come from', () => {
    const hrefs = [
      '/a/../b?x#f',
      'http:rel',
      '//other.test/p',
      'https://x.test/q',
      'rel',
      ' /pad ',
      '/\\evil.test/',
    ];
    const html = hrefs.map((href, index) => `<a href="${href}">${index}</a>`).join('');
    const pages = [
      'http://one.test/dir/page',
      'https://one.test/other/',
      'http://two.test:8080/',
      'http://one.test/dir/page',
    ];
    for (const page of pages) {
      const fresh = hrefs.map((href) => {
        const url = new URL(href.trim(), page);
        url.hash = '';
        return url.href;
      });
      expect(extractLinks(html, page).links).toEqual([...new Set(fresh)]);
    }
  });
});
