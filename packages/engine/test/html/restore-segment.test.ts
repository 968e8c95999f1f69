import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { extractSegments, findPlaceholderIssues, restoreSegment, type Placeholder } from '../../src';
import { readWebsiteFixture } from './read-fixture';

/** What a browser would build from an HTML fragment: elements with sorted attributes, and text with collapsed spaces. */
function describeHtml(html: string): string[] {
  const events: string[] = [];
  let text = '';
  const flushText = (): void => {
    const collapsed = text.replace(/[\t\n\f\r ]+/g, ' ');
    if (collapsed !== '') events.push(`#text ${collapsed}`);
    text = '';
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      flushText();
      const pairs = Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b));
      events.push(`<${name} ${JSON.stringify(pairs)}>`);
    },
    onclosetag(name) {
      flushText();
      events.push(`</${name}>`);
    },
    ontext(data) {
      text += data;
    },
    onend: flushText,
  });
  parser.end(html);
  return events;
}

/** Every element and attribute a fragment creates, whatever its nesting. */
function elementsOf(html: string): string[] {
  return describeHtml(html).filter((event) => event.startsWith('<'));
}

const LINK: Placeholder = {
  id: 1,
  kind: 'paired',
  tag: 'a',
  attributes: { href: '/docs' },
  html: '<a href="/docs">',
  closeHtml: '</a>',
};
const BREAK: Placeholder = { id: 2, kind: 'void', tag: 'br', attributes: {}, html: '<br>' };

describe('restoreSegment', () => {
  it('rebuilds every segment of the real pages from its own text (identity translation)', () => {
    const pages = [
      'orgpedia-cabsec/hi/deputy.html',
      'orgpedia-cabsec/mr/deputy.html',
      'orgpedia-cabsec/disclaimer.html',
      'jitsi-handbook/handbook/docs/security/index.html',
    ];
    let checked = 0;
    for (const page of pages) {
      for (const segment of extractSegments(readWebsiteFixture(page))) {
        if (segment.kind !== 'text') continue;
        const restored = restoreSegment(segment.text, segment.placeholders);
        expect(describeHtml(restored.trim()), `${page}: ${segment.text}`).toEqual(
          describeHtml(segment.raw.trim()),
        );
        checked += 1;
      }
    }
    expect(checked).toBe(56 + 56 + 5 + 40);
  });

  it('round-trips entities, inline code and nested markup', () => {
    const html =
      '<p>Tom &amp; Jerry &lt;3 <a href="/x?a=1&amp;b=&quot;2&quot;" title="T &amp; J">see <b>this</b></a>, run <code>a &lt; b</code><br>done</p>';
    const [segment] = extractSegments(html).filter((found) => found.kind === 'text');
    expect(segment!.text).toBe('Tom & Jerry <3 <x1>see <x2>this</x2></x1>, run <x3/><x4/>done');
    const restored = restoreSegment(segment!.text, segment!.placeholders);
    expect(restored).toBe(
      'Tom &amp; Jerry &lt;3 <a href="/x?a=1&amp;b=&quot;2&quot;" title="T &amp; J">see <b>this</b></a>, run <code>a &lt; b</code><br>done',
    );
    expect(describeHtml(restored)).toEqual(describeHtml(segment!.raw));
  });

  it('follows the translation when it moves, repeats or drops placeholders', () => {
    expect(restoreSegment('<x2/>पढ़ें <x1>दस्तावेज़</x1>', [LINK, BREAK])).toBe(
      '<br>पढ़ें <a href="/docs">दस्तावेज़</a>',
    );
    expect(restoreSegment('दस्तावेज़ पढ़ें', [LINK, BREAK])).toBe('दस्तावेज़ पढ़ें');
    expect(findPlaceholderIssues('दस्तावेज़ <x7/>', [LINK, BREAK])).toEqual({ missing: [1, 2], unknown: [7] });
  });

  it('keeps the markup balanced whatever the translation does to the markers', () => {
    const bold: Placeholder = {
      id: 3,
      kind: 'paired',
      tag: 'b',
      attributes: {},
      html: '<b>',
      closeHtml: '</b>',
    };
    expect(restoreSegment('<x1>a <x3>b</x1> c</x3>', [LINK, bold])).toBe('<a href="/docs">a <b>b</b></a> c');
    expect(restoreSegment('</x1>a <x1>b', [LINK])).toBe('a <a href="/docs">b</a>');
    expect(restoreSegment('< X1 >spaced</ x1 >', [LINK])).toBe('<a href="/docs">spaced</a>');
  });

  it('never lets a translation add an element or an attribute', () => {
    const placeholders = [LINK, BREAK];
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<x1 onclick="alert(1)">click</x1>',
      '<a href="javascript:alert(1)">link</a>',
      '<x1>ok</x1><a href="javascript:alert(1)">bad</a>',
      '</x1><script>alert(1)</script>',
      '<x1></x1><scr<x2/>ipt>alert(1)</scr<x2/>ipt>',
      '<!--<x1>--><script>alert(1)</script>',
      '--><script>alert(1)</script><!--',
      '<![CDATA[<script>alert(1)</script>]]>',
      ']]><script>alert(1)</script>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '<x1 href="javascript:alert(1)">x</x1>',
      '<svg onload=alert(1)><x9/>',
      '"><img src=x onerror=alert(1)>',
    ];
    const allowed = new Set([...elementsOf('<a href="/docs"></a>'), ...elementsOf('<br>'), '</a>', '</br>']);
    for (const attack of attacks) {
      const restored = restoreSegment(attack, placeholders);
      for (const element of elementsOf(restored))
        expect(allowed, `${attack} → ${restored}`).toContain(element);
      expect(restored).not.toMatch(/<(?!\/?a[ >]|br>)/);
    }
  });

  it('shows an injected tag to the reader as text', () => {
    expect(restoreSegment('<b onclick="x()">hi</b> & bye', [])).toBe(
      '&lt;b onclick="x()"&gt;hi&lt;/b&gt; &amp; bye',
    );
  });
});
