import { Parser } from 'htmlparser2';

// An independent, simple definition of a page's translatable words, to check Bhasha's counts
// against: visible text outside code-like elements and outside `notranslate` / `translate="no"`
// subtrees (DESIGN.md §5), the texts of alt/title/placeholder/aria-label,
// and descriptive meta tags. A word is what Bhasha documents as one (letters, marks and digits,
// joined by inner apostrophes and hyphens), found here with a plain regular expression.
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'code',
  'pre',
  'svg',
  'math',
  'textarea',
  'iframe',
  'canvas',
]);
// Attribute texts and the elements they are shown for (`alt` means nothing on a link, say).
const TEXT_ATTRIBUTES: ReadonlyArray<[string, ReadonlySet<string> | null]> = [
  ['alt', new Set(['img', 'area', 'input'])],
  ['title', null],
  ['placeholder', new Set(['input', 'textarea'])],
  ['aria-label', null],
];
// Shown or spoken page descriptions (DESIGN.md §5 "title/meta description"); `keywords` is
// never shown to anyone, so it is not text to translate.
const META_NAMES = new Set([
  'description',
  'og:title',
  'og:description',
  'og:site_name',
  'og:image:alt',
  'twitter:title',
  'twitter:description',
  'twitter:image:alt',
]);
// Phrasing content (HTML §3.2.5.2.5) that does not break a line: text on both sides of these
// tags is one run of text ("foo<b>bar</b>" is one word). Every other tag ends a block.
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'big',
  'ins',
  'del',
  'abbr',
  'acronym',
  'nobr',
]);
const HAS_LETTER = /\p{L}/u;
// Inner ' ’ - join word characters; . , / : join digits ("2.0", "5/15/2013", "2:04:01").
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,/:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

export function countTokens(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** A streaming pass that collects a page's links and counts its words. */
export function createLinkAndTextParser(onLink: (href: string) => void) {
  const opened: boolean[] = [];
  let skipped = 0;
  let words = 0;
  let text = '';
  // One block's text: a block without any letter (a page number, a price, "…") is not text to
  // translate (DESIGN.md §5), so its digits do not count.
  const flush = () => {
    if (HAS_LETTER.test(text)) words += countTokens(text);
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a' && attributes.href !== undefined) onLink(attributes.href);
        // htmlparser2 closes every element it opens (void and implied ones too), so a stack matches.
        const isSkipped =
          SKIPPED.has(name) ||
          /(^|\s)notranslate(\s|$)/.test(attributes.class ?? '') ||
          attributes.translate?.toLowerCase() === 'no';
        opened.push(isSkipped);
        if (isSkipped) skipped += 1;
        if (skipped > 0) return;
        if (!INLINE.has(name)) flush();
        for (const [attribute, elements] of TEXT_ATTRIBUTES) {
          const value = attributes[attribute];
          if (value !== undefined && (!elements || elements.has(name))) words += countTokens(value);
        }
        const meta = (attributes.name ?? attributes.property)?.toLowerCase();
        if (name === 'meta' && meta && META_NAMES.has(meta) && attributes.content) {
          words += countTokens(attributes.content);
        }
      },
      onclosetag(name) {
        if (opened.pop()) skipped -= 1;
        // Block boundaries separate words ("a</p><p>b" is two) and blocks.
        if (!INLINE.has(name) && skipped === 0) flush();
      },
      ontext(chunk) {
        if (skipped === 0) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  return {
    end(html: string): number {
      parser.end(html);
      flush();
      return words;
    },
  };
}
