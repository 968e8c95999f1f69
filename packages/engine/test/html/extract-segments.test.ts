import { describe, expect, it } from 'vitest';
import { extractSegments, type ExtractOptions } from '../../src';

function textsOf(html: string, options?: ExtractOptions): string[] {
  return extractSegments(html, options).map((segment) => segment.text);
}

describe('extractSegments: blocks and inline markup', () => {
  it('cuts at block boundaries and keeps inline markup as numbered placeholders', () => {
    const html =
      '<h1>Welcome</h1><p>Read the <a href="/guide?a=1&amp;b=2" class="x">user <b>guide</b></a> first.<br>Then start.</p><ul><li>One</li><li>Two <em>more</em></li></ul>';
    const segments = extractSegments(html);
    expect(segments.map((segment) => segment.text)).toEqual([
      'Welcome',
      'Read the <x1>user <x2>guide</x2></x1> first.<x3/>Then start.',
      'One',
      'Two <x1>more</x1>',
    ]);
    expect(segments[1]!.placeholders).toEqual([
      {
        id: 1,
        kind: 'paired',
        tag: 'a',
        attributes: { href: '/guide?a=1&b=2', class: 'x' },
        html: '<a href="/guide?a=1&amp;b=2" class="x">',
        closeHtml: '</a>',
      },
      { id: 2, kind: 'paired', tag: 'b', attributes: {}, html: '<b>', closeHtml: '</b>' },
      { id: 3, kind: 'void', tag: 'br', attributes: {}, html: '<br>' },
    ]);
    expect(segments[1]!.wordCount).toBe(7);
    expect(segments[1]!.raw).toBe(
      'Read the <a href="/guide?a=1&amp;b=2" class="x">user <b>guide</b></a> first.<br>Then start.',
    );
  });

  it('treats a div with direct text, table cells, buttons, labels, options, captions, dt/dd and summary as blocks', () => {
    const html = `<div>Intro <span>text</span><div>Nested</div>tail</div>
      <table><tr><th>Name<td>Value</table>
      <button>Send</button><label><input type=checkbox> Remember me</label>
      <select><option>First<option>Second</select>
      <figure><img src=a.png><figcaption>A caption</figcaption></figure>
      <blockquote>Quoted</blockquote><dl><dt>Term<dd>Definition</dl>
      <details><summary>More</summary>Hidden text</details>`;
    expect(textsOf(html)).toEqual([
      'Intro <x1>text</x1>',
      'Nested',
      'tail',
      'Name',
      'Value',
      'Send',
      'Remember me',
      'First',
      'Second',
      'A caption',
      'Quoted',
      'Term',
      'Definition',
      'More',
      'Hidden text',
    ]);
  });

  it('keeps tags wrapping the whole block, and lone edge tags, outside the segment', () => {
    const html =
      '<p><strong><a href="/x">Whole</a></strong></p><p><img src=i.png alt=""> Caption<br></p><p><b>Note:</b> be careful</p>';
    const segments = extractSegments(html);
    expect(segments.map((segment) => segment.text)).toEqual([
      'Whole',
      'Caption',
      '<x1>Note:</x1> be careful',
    ]);
    expect(segments[0]!.raw).toBe('Whole');
    expect(segments[1]!.raw).toBe('Caption');
  });

  it('leaves heading anchors holding only a zero-width space outside the segment', () => {
    const html =
      '<h2 id="install">Install Jitsi Meet<a href="#install" class="hash-link" title="Direct link">&#8203;</a></h2>';
    const segments = extractSegments(html);
    expect(segments.map((segment) => [segment.kind, segment.text])).toEqual([
      ['text', 'Install Jitsi Meet'],
      ['attribute', 'Direct link'],
    ]);
    expect(segments[0]!.raw).toBe('Install Jitsi Meet');
  });

  it('turns an inline element without text into one void placeholder', () => {
    const segments = extractSegments(
      '<p>Click <span class="icon"><img src="gear.svg"></span> to open settings</p>',
    );
    expect(segments[0]!.text).toBe('Click <x1/> to open settings');
    expect(segments[0]!.placeholders[0]).toMatchObject({
      kind: 'void',
      tag: 'span',
      html: '<span class="icon"><img src="gear.svg"></span>',
    });
    expect(segments[0]!.wordCount).toBe(4);
  });

  it('never numbers a placeholder like text already in the segment', () => {
    const segments = extractSegments('<p>Type &lt;x1&gt; and <b>bold</b></p>');
    expect(segments[0]!.text).toBe('Type <x1> and <x2>bold</x2>');
    expect(segments[0]!.placeholders.map((placeholder) => placeholder.id)).toEqual([2]);
  });

  it('normalises whitespace but keeps the original markup and offsets', () => {
    const html = '<p>\n   Hello,\n\t  <i>wide</i>   world!  </p>';
    const [segment] = extractSegments(html);
    expect(segment!.text).toBe('Hello, <x1>wide</x1> world!');
    expect(segment!.raw).toBe('Hello,\n\t  <i>wide</i>   world!');
    expect(html.slice(segment!.start, segment!.end)).toBe(segment!.raw);
  });

  it('decodes entities in text and attributes', () => {
    const segments = extractSegments(
      '<p title="Tom &amp; Jerry">Caf&eacute; &lt;b&gt; &#x928;&#x92e;&#x938;&#x94d;&#x924;&#x947; &nbsp;!</p>',
    );
    expect(segments.map((segment) => segment.text)).toEqual(['Tom & Jerry', 'Café <b> नमस्ते \u00a0!']);
  });

  it('reads malformed real-world HTML: unclosed tags, stray end tags, inline tags around blocks', () => {
    const html =
      '<ul><li>One<li>Two <b>bold</ul><p>Para one<p>Para two</b> end</p></div></span><a href=/c><div>Card title</div><p>Card text</a>';
    expect(textsOf(html)).toEqual([
      'One',
      'Two <x1>bold</x1>',
      'Para one',
      'Para two end',
      'Card title',
      'Card text',
    ]);
  });

  it('ignores comments, CDATA sections (bogus comments in HTML) and processing instructions', () => {
    const html =
      '<?xml version="1.0"?><p>Before <!-- <b>hidden</b> --> after<![CDATA[ secret ]]></p><!--[if IE]><p>Old</p><![endif]-->';
    expect(textsOf(html)).toEqual(['Before after']);
  });

  it('reads right-to-left Urdu text with its words', () => {
    const html =
      '<html dir="rtl" lang="ur"><head><title>پاکستان</title></head><body><p>پاکستان کا <a href="/isb">دارالحکومت</a> اسلام آباد ہے۔</p><p>اُردُو زبان</p></body></html>';
    const segments = extractSegments(html);
    expect(segments.map((segment) => [segment.kind, segment.text, segment.wordCount])).toEqual([
      ['title', 'پاکستان', 1],
      // پاکستان · کا · دارالحکومت · اسلام · آباد · ہے — the Urdu full stop is punctuation.
      ['text', 'پاکستان کا <x1>دارالحکومت</x1> اسلام آباد ہے۔', 6],
      // The diacritics (zabar/pesh) of اُردُو are marks inside the word.
      ['text', 'اُردُو زبان', 2],
    ]);
  });

  it('counts Marathi and Hindi words on small snippets', () => {
    const segments = extractSegments(
      '<p>महाराष्ट्र हे <b>भारतातील</b> एक राज्य आहे.</p><p>यह एक <a href="#">परीक्षण</a> वाक्य है।</p>',
    );
    // महाराष्ट्र · हे · भारतातील · एक · राज्य · आहे = 6;  यह · एक · परीक्षण · वाक्य · है = 5 (। is punctuation).
    expect(segments.map((segment) => segment.wordCount)).toEqual([6, 5]);
  });
});

describe('extractSegments: attributes, title and meta', () => {
  it('extracts translatable attributes, the title and description/Open Graph/Twitter meta tags', () => {
    const html = `<html><head><title>Home | Shop</title>
      <meta name="description" content="Best  shop">
      <meta property="og:title" content="OG title"><meta property="og:description" content="OG description">
      <meta name="twitter:title" content="TW title"><meta name="twitter:description" content="TW description">
      <meta name="keywords" content="not, translated"><meta property="og:url" content="https://x.test/">
      <link rel="alternate" title="RSS feed" href="/feed"></head>
      <body><img src="a.png" alt="A red bicycle" title="Bicycle">
      <input type="text" placeholder="Your name" value="typed value"><input type="submit" value="Send now">
      <input type=button value="Click"><input type="reset" value="Reset form"><input type="image" alt="Go">
      <textarea placeholder="Message"></textarea>
      <a href="/" aria-label="Home page">⌂</a><abbr title="World Health Organization">WHO</abbr></body></html>`;
    const segments = extractSegments(html);
    expect(
      segments.map((segment) => [segment.kind, segment.element, segment.attribute, segment.text]),
    ).toEqual([
      ['title', 'title', undefined, 'Home | Shop'],
      ['meta', 'meta', 'content', 'Best shop'],
      ['meta', 'meta', 'content', 'OG title'],
      ['meta', 'meta', 'content', 'OG description'],
      ['meta', 'meta', 'content', 'TW title'],
      ['meta', 'meta', 'content', 'TW description'],
      ['attribute', 'img', 'alt', 'A red bicycle'],
      ['attribute', 'img', 'title', 'Bicycle'],
      ['attribute', 'input', 'placeholder', 'Your name'],
      ['attribute', 'input', 'value', 'Send now'],
      ['attribute', 'input', 'value', 'Click'],
      ['attribute', 'input', 'value', 'Reset form'],
      ['attribute', 'input', 'alt', 'Go'],
      ['attribute', 'textarea', 'placeholder', 'Message'],
      ['attribute', 'a', 'aria-label', 'Home page'],
      ['attribute', 'abbr', 'title', 'World Health Organization'],
      ['text', 'body', undefined, 'WHO'],
    ]);
    const meta = segments[1]!;
    expect(html.slice(meta.start, meta.end)).toBe('<meta name="description" content="Best  shop">');
  });
});

describe('extractSegments: exclusions', () => {
  it('skips script, style, noscript, template, pre, svg, textarea and iframe content', () => {
    const html = `<script>var t = "<p>no</p>";</script><style>p::after { content: "no" }</style>
      <noscript><p>Enable JavaScript</p></noscript><template><p>Template</p></template>
      <pre>preformatted text</pre><svg><title>Icon title</title><text>svg text</text></svg>
      <textarea>typed</textarea><iframe>fallback</iframe><p>Kept</p>`;
    expect(textsOf(html)).toEqual(['Kept']);
  });

  it('keeps inline code inside the sentence as one opaque placeholder with its original markup', () => {
    const html =
      '<p>Run <code class="cmd">npm ci &amp;&amp; npm test</code> before you push.</p><p><code>only code</code></p>';
    const segments = extractSegments(html);
    expect(segments.map((segment) => segment.text)).toEqual(['Run <x1/> before you push.']);
    expect(segments[0]!.placeholders).toEqual([
      {
        id: 1,
        kind: 'opaque',
        tag: 'code',
        attributes: {},
        html: '<code class="cmd">npm ci &amp;&amp; npm test</code>',
      },
    ]);
    expect(segments[0]!.wordCount).toBe(4);
  });

  it('skips translate="no" and class notranslate with their subtree, attributes included', () => {
    const html = `<div translate="no"><p>Brand</p><img alt="Logo"></div>
      <p>Made by <span class="brand notranslate" title="Acme Inc">Acme</span> in India</p>
      <section class="notranslate"><h2>Not this</h2></section><p translate="yes">Yes</p>`;
    const segments = extractSegments(html);
    expect(segments.map((segment) => segment.text)).toEqual(['Made by <x1/> in India', 'Yes']);
    expect(segments[0]!.placeholders[0]!.html).toBe(
      '<span class="brand notranslate" title="Acme Inc">Acme</span>',
    );
  });

  it("skips the project's no-translation selectors", () => {
    const html = `<header id="top"><p>Top bar</p></header>
      <main><p class="price big">₹ 100 only</p><p data-sku="A1">SKU text</p><p data-lang="en-IN">English only</p>
      <article><footer><p>Article footer</p></footer></article><footer><p>Page footer</p></footer>
      <p>Keep <b class="name">Bhasha</b> here</p></main>`;
    const options = {
      noTranslateSelectors: [
        '#top',
        '.price.big',
        '[data-sku]',
        '[data-lang|=en]',
        'article footer',
        'main > p > b',
      ],
    };
    expect(textsOf(html, options)).toEqual(['Page footer', 'Keep <x1/> here']);
  });

  it('refuses selectors it cannot honour instead of ignoring them', () => {
    expect(() => extractSegments('<p>x</p>', { noTranslateSelectors: ['p:first-child'] })).toThrow(
      /Unsupported selector/,
    );
  });

  it('skips segments matching ignore patterns and text without any letter', () => {
    const html =
      '<p>© 2026</p><p>12,345</p><p>→</p><p>Call 1800-123</p><p>Order #A-1234</p><p>Keep me</p><p>SKIP   ME</p>';
    const options = { ignorePatterns: [/^Order #/g, 'SKIP ME'] };
    expect(textsOf(html, options)).toEqual(['Call 1800-123', 'Keep me']);
    // A global RegExp keeps no state between segments.
    expect(textsOf('<p>Order #1</p><p>Order #2</p>', options)).toEqual([]);
  });
});
