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
const META_NAMES = new Set([
  'description',
  'keywords',
  'og:title',
  'og:description',
  'twitter:title',
  'twitter:description',
]);
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

export function countTokens(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** A streaming pass that collects a page's links and counts its words. */
export function createLinkAndTextParser(onLink: (href: string) => void) {
  const opened: boolean[] = [];
  let skipped = 0;
  let words = 0;
  let text = '';
  const flush = () => {
    words += countTokens(text);
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
        for (const [attribute, elements] of TEXT_ATTRIBUTES) {
          const value = attributes[attribute];
          if (value !== undefined && (!elements || elements.has(name))) words += countTokens(value);
        }
        const meta = (attributes.name ?? attributes.property)?.toLowerCase();
        if (name === 'meta' && meta && META_NAMES.has(meta) && attributes.content) {
          words += countTokens(attributes.content);
        }
      },
      onclosetag() {
        if (opened.pop()) skipped -= 1;
        // Block boundaries separate words ("a</p><p>b" is two).
        text += ' ';
      },
      ontext(chunk) {
        if (skipped === 0) text += chunk;
        if (text.length > 65_536) flush();
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
