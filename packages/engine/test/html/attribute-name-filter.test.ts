import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { AttributeFilteringParser, AttributeNameSet } from '../../src/html/attribute-name-filter';
import { extractPage, extractPageFacts } from '../../src';

// Every start tag's attributes as a parser hands them out.
function startTags(html: string, filter?: AttributeNameSet): Array<[string, Record<string, string>]> {
  const tags: Array<[string, Record<string, string>]> = [];
  const handler = {
    onopentag: (name: string, attributes: Record<string, string>) => tags.push([name, attributes]),
  };
  const options = { decodeEntities: true };
  const parser = filter
    ? new AttributeFilteringParser(handler, options, html, filter)
    : new Parser(handler, options);
  parser.end(html);
  return tags;
}

function only(tags: Array<[string, Record<string, string>]>, names: readonly string[]) {
  return tags.map(([tag, attributes]) => [
    tag,
    Object.fromEntries(Object.entries(attributes).filter(([name]) => names.includes(name))),
  ]);
}

describe('AttributeNameSet', () => {
  const set = new AttributeNameSet(['href', 'aria-label', 'onclick']);
  const has = (name: string) => set.hasSliceOf(`<a ${name}>`, 3, 3 + name.length);

  it('finds a name in the page as htmlparser2 lower-cases it', () => {
    expect(has('href')).toBe(true);
    expect(has('HREF')).toBe(true);
    expect(has('Aria-Label')).toBe(true);
    expect(has('hre')).toBe(false);
    expect(has('hrefs')).toBe(false);
    expect(has('aria_label')).toBe(false);
    // '-' is not a letter: CR (0x0d) differs from it only in bit 0x20 and must not match.
    expect(has('aria\rlabel')).toBe(false);
    expect(has('ariaMlabel')).toBe(false);
  });

  it('lower-cases a name with other characters as toLowerCase does', () => {
    // U+212A KELVIN SIGN lower-cases to 'k'.
    expect('onclic\u212a'.toLowerCase()).toBe('onclick');
    expect(has('oncli\u212a')).toBe(false);
    expect(has('onclic\u212a')).toBe(true);
    expect(has('hr\u00e9f')).toBe(false);
  });
});

describe('AttributeFilteringParser', () => {
  const html =
    '<html><body><a HREF="/a?x=1&amp;y=2" class="c" style="color:red" data-x="&lt;" href="/dup">A</a>' +
    "<img src=i.png alt='Logo &copy;' title ID=main><p onclick=\"location.href='/p'\" Class=notranslate>" +
    'P</p><input type=submit value="Go &gt;"><div data-long-name="' +
    'x'.repeat(40) +
    '" title="T &amp; T"></div><a href></a></body></html>';

  it('gives the wanted attributes exactly as the plain parser does, and no others', () => {
    const names = ['href', 'class', 'alt', 'title', 'onclick', 'type', 'value'];
    const filtered = startTags(html, new AttributeNameSet(names));
    expect(filtered).toEqual(only(startTags(html), names));
    expect(filtered[2]).toEqual(['a', { href: '/a?x=1&y=2', class: 'c' }]);
    expect(filtered[3]).toEqual(['img', { alt: 'Logo ©', title: '' }]);
  });

  it('keeps every attribute when every name is wanted', () => {
    const names = ['href', 'class', 'style', 'data-x', 'src', 'alt', 'title', 'id', 'onclick', 'type'];
    expect(startTags(html, new AttributeNameSet([...names, 'value', 'data-long-name']))).toEqual(
      startTags(html),
    );
  });
});

describe('extractPageFacts keeps the attributes its readers name', () => {
  it('finds the same facts and links as the full path, with attribute selectors', () => {
    const html =
      '<html><head><meta NAME="description" content="About us"><meta http-equiv="refresh" content="0; url=/r">' +
      '<link rel="next" href="/n"></head><body><nav data-role="menu"><a href="/m" title="Menu tip">Menu</a></nav>' +
      '<p lang="fr" title="Salut">Bonjour</p><p lang="en">Hello <b data-x="1">world</b></p>' +
      '<div id="skip"><p>Skipped text</p></div><iframe src="/f" title="Frame"></iframe>' +
      '<span onclick="location.assign(\'/o\')" aria-label="Open">Open it</span>' +
      '<input type="image" alt="Send" placeholder="x"><input type="RESET" value="Clear"></body></html>';
    for (const noTranslateSelectors of [[], ['[data-role=menu]', '#skip', 'p[lang|=fr]', '[data-x]']]) {
      const options = { noTranslateSelectors };
      const full = extractPage(html, 'https://example.org/', options);
      const facts = extractPageFacts(html, 'https://example.org/', options);
      expect(facts.segments).toEqual(
        full.segments.map(({ kind, text, sourceHash, wordCount, start }) => ({
          kind,
          text,
          sourceHash,
          wordCount,
          start,
        })),
      );
      expect(facts.links).toEqual(full.links);
    }
    const texts = (selectors: string[]) =>
      extractPageFacts(html, 'https://example.org/', { noTranslateSelectors: selectors }).segments.map(
        (segment) => segment.text,
      );
    expect(texts([])).toContain('Skipped text');
    expect(texts(['#skip', 'p[lang|=fr]'])).not.toContain('Skipped text');
    expect(texts(['#skip', 'p[lang|=fr]'])).not.toContain('Bonjour');
  });
});
