import { describe, expect, it } from 'vitest';
import { extractLinks, extractPageFacts } from '../../src';
import { onclickTargets } from '../../src/html/extract-links';
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
      // The deputy prime ministers' rows navigate by onclick="location.href='…'".
      'http://127.0.0.1:8080/hi/o-Vallabhbhai_Patel.html',
      'http://127.0.0.1:8080/hi/o-Morarji_Desai.html',
      'http://127.0.0.1:8080/hi/o-Charan_Singh.html',
      'http://127.0.0.1:8080/hi/o-Jagjivan_Ram.html',
      'http://127.0.0.1:8080/hi/o-Yashwantrao_Chavan.html',
      'http://127.0.0.1:8080/hi/o-Chaudhary_Devi_Lal.html',
      'http://127.0.0.1:8080/hi/o-Lal_Krishna_Advani.html',
      'https://github.com/orgpedia/cabsec',
      'https://creativecommons.org/licenses/by/4.0/',
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

  it('follows the onclick navigations of orgpedia: the root reaches the English pages, the prime ministers list every minister', () => {
    // Orgpedia's root links its English section only from a clickable card, and the prime
    // ministers' table rows only by script: without these a crawl from the root read 9 pages.
    const root = extractLinks(readWebsiteFixture('orgpedia-cabsec/index.html'), 'http://127.0.0.1:8080/');
    expect(root.links).toContain('http://127.0.0.1:8080/en/ministry.html');
    expect(root.links).toContain('https://mahsummary.orgpedia.in/en/index.html');

    const html = readWebsiteFixture('orgpedia-cabsec/en/prime.html');
    const prime = extractLinks(html, 'http://127.0.0.1:8080/en/prime.html');
    const ministers = prime.links.filter((link) => link.includes('/en/o-'));
    expect(ministers).toHaveLength(15);
    expect(ministers).toContain('http://127.0.0.1:8080/en/o-Narendra_Modi.html');
    expect(ministers).toContain('http://127.0.0.1:8080/en/o-H._D._Deve_Gowda.html');
    // The one parse of the crawl (extractPageFacts) hands the reader the same targets as written.
    const facts = extractPageFacts(html, 'http://127.0.0.1:8080/en/prime.html');
    expect(facts.hrefs.hrefs).toContain('o-Narendra_Modi.html');
    expect(facts.links.links).toEqual(prime.links);
  });

  it('takes only literal navigations from onclick, with entities decoded as in any attribute', () => {
    const html = `<tr onclick="location.href='a.html';"><td>A</td></tr>
      <div onclick='window.location = "b.html"; return false'>B</div>
      <button onclick="window.location.href=&quot;c.html?x=1&amp;y=2&quot;">C</button>
      <span onclick="location.assign('/d.html')"></span><span onclick="location.replace( 'e.html' )"></span>
      <span onclick="window.open('f.html', '_blank')"></span><span onclick="document.location='g.html'"></span>
      <a href="h.html" onclick="track(); location.href='i.html'">H</a>
      <span onclick="location.href='j/' + page">script</span><span onclick="if (location.href=='k.html') go()"></span>
      <span onclick="my.location='l.html'"></span><span onclick="open('m.html')"></span>
      <span onclick="location.href='n\\'o.html'"></span><span onclick="up(3)"></span>
      <span onclick="location.href='javascript:void(0)'"></span><span data-onclick="location.href='p.html'"></span>`;
    expect(extractLinks(html, 'https://site.test/dir/page.html').links).toEqual([
      'https://site.test/dir/a.html',
      'https://site.test/dir/b.html',
      'https://site.test/dir/c.html?x=1&y=2',
      'https://site.test/d.html',
      'https://site.test/dir/e.html',
      'https://site.test/dir/f.html',
      'https://site.test/dir/g.html',
      // The handler's target first: attributes are read before the element's own href.
      'https://site.test/dir/i.html',
      'https://site.test/dir/h.html',
    ]);
    expect(onclickTargets(`location.href="a.html"; window.open('b.html')`)).toEqual(['a.html', 'b.html']);
    expect(onclickTargets('toggle(this)')).toEqual([]);
  });
});
