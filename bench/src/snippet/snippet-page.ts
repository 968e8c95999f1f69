import { extractSegments } from '@bhasha/engine';

const WORDS =
  'river mountain market school library garden station village harvest festival monsoon bridge temple museum ferry lantern'.split(
    ' ',
  );

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i += 1) words.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} ${seed}.`;
}

/**
 * A news-site-like page with about `segmentCount` segments: headings, paragraphs with inline
 * links and emphasis, list items, images with alt text, inputs with placeholders, nested in
 * sections the way real templates nest them.
 */
export function buildSnippetBenchPage(segmentCount: number, snippetTag: string): string {
  const parts: string[] = [];
  let made = 1; // the title
  for (let i = 0; made < segmentCount; i += 1) {
    const kind = i % 5;
    if (kind === 0) {
      parts.push(`<section class="story"><div class="wrap"><h2>${sentence(i, 5)}</h2>`);
      made += 1;
    } else if (kind === 1) {
      parts.push(
        `<p>${sentence(i, 12)} <a href="/story/${i}">${sentence(i + 1, 3)}</a> and <em>${sentence(i + 2, 2)}</em> ${sentence(i + 3, 6)}</p>`,
      );
      made += 1;
    } else if (kind === 2) {
      parts.push(`<ul><li>${sentence(i, 4)}</li><li><a href="/tag/${i}">${sentence(i + 5, 2)}</a></li></ul>`);
      made += 2;
    } else if (kind === 3) {
      parts.push(
        `<figure><img src="data:," alt="${sentence(i, 6)}"><figcaption>${sentence(i + 1, 8)}</figcaption></figure>`,
      );
      made += 2;
    } else {
      parts.push(`<p>${sentence(i, 20)}</p></div></section>`);
      made += 1;
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${sentence(0, 4)}</title>${snippetTag}</head><body><main>${parts.join('')}</main></body></html>`;
}

/** A translation for every segment of the page (source hash → text), as the TM would answer. */
export function translationsFor(html: string): Record<string, string> {
  return Object.fromEntries(
    extractSegments(html).map((segment) => [segment.sourceHash, `हिं ${segment.text}`]),
  );
}
