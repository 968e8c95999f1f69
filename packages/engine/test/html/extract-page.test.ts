import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractLinks, extractPage, extractSegments } from '../../src';
import { readWebsiteFixture } from './read-fixture';

const FIXTURES = fileURLToPath(new URL('../fixtures/websites/', import.meta.url));

function htmlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [relative(FIXTURES, path)] : [];
  });
}

describe('extractPage: links and segments from one parse', () => {
  const files = htmlFiles(FIXTURES);

  it('has fixture pages to compare on', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it.each(files)('answers what extractLinks and extractSegments answer for %s', (file) => {
    const html = readWebsiteFixture(file);
    const url = `https://example.org/${file}`;
    const options = { noTranslateSelectors: ['footer'], ignorePatterns: [/^\d+$/] };
    const page = extractPage(html, url, options);
    expect(page.links).toEqual(extractLinks(html, url));
    expect(page.segments).toEqual(extractSegments(html, options));
  });

  it('resolves links against <base href> found after them and still cuts segments', () => {
    const html =
      '<html><head><title>Start page</title></head><body><p>Read <a href="next.html">the next page</a>.</p>' +
      '<base href="https://example.org/docs/"></body></html>';
    const page = extractPage(html, 'https://example.org/index.html');
    expect(page.links.links).toEqual(['https://example.org/docs/next.html']);
    expect(page.segments.map((s) => s.text)).toEqual(['Start page', 'Read <x1>the next page</x1>.']);
  });
});
