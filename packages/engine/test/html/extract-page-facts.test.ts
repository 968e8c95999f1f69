import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPage, extractPageFacts, TextFactsMemo, type ExtractOptions } from '../../src';

// Every page the crawler's facts path is checked on: the shared website data (the Jitsi handbook
// and the orgpedia pages, when present) and the crawl bench's pages (htmlparser-benchmark's 258
// saved news and shop pages).
const SHARED_WEBSITES = join(import.meta.dirname, '../../../../../shared/data/websites');
const BENCH_PAGES = join(
  dirname(createRequire(import.meta.url).resolve('htmlparser-benchmark/package.json')),
  'files',
);

function htmlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return /\.html?$/.test(name) ? [path] : [];
  });
}

const OPTION_SETS: Record<string, () => ExtractOptions> = {
  'default options': () => ({}),
  'selectors, ignore patterns and a crawl memo': () => ({
    noTranslateSelectors: ['footer', 'nav a', '.sidebar'],
    ignorePatterns: ['Home', /^\d+$/],
    textFacts: new TextFactsMemo(50_000),
  }),
};

// The facts path must answer, page for page and segment for segment, what the full path answers.
function expectSameAsFullPath(
  files: readonly string[],
  folder: string,
  options: () => ExtractOptions,
): number {
  let segments = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const url = `https://example.org/${relative(folder, file)}`;
    const full = extractPage(html, url, options());
    const facts = extractPageFacts(html, url, options());
    const expected = full.segments.map(({ kind, text, sourceHash, wordCount, start }) => ({
      kind,
      text,
      sourceHash,
      wordCount,
      start,
    }));
    expect(facts.segments, file).toEqual(expected);
    expect(facts.links, file).toEqual(full.links);
    segments += expected.length;
  }
  return segments;
}

describe('extractPageFacts: the crawler’s facts, the same as extractPage’s segments', () => {
  const benchFiles = htmlFiles(BENCH_PAGES);
  const sharedFiles = existsSync(SHARED_WEBSITES) ? htmlFiles(SHARED_WEBSITES) : [];

  for (const [name, options] of Object.entries(OPTION_SETS)) {
    it(`matches on every crawl bench page (${name})`, () => {
      expect(benchFiles.length).toBe(258);
      expect(expectSameAsFullPath(benchFiles, BENCH_PAGES, options)).toBeGreaterThan(10_000);
    }, 180_000);

    it.skipIf(sharedFiles.length === 0)(
      `matches on every shared website page (${name})`,
      () => {
        expect(expectSameAsFullPath(sharedFiles, SHARED_WEBSITES, options)).toBeGreaterThan(1_000);
      },
      180_000,
    );
  }

  it('keeps placeholders in the text and hash, skips literal marker numbers, counts words without them', () => {
    const html =
      '<html><head><title>A &lt;x1&gt; title</title><meta name="description" content="  About   us "></head>' +
      '<body><p title="Tip">Press <kbd>Ctrl</kbd> and <b>write &lt;x1/&gt;</b><br>here <img src="i.png" alt="Logo">.</p>' +
      '<ul><li><a href="/a">One</a></li><li><a href="/b">Two <span><img src="x"></span></a> | <a href="/c">Three</a></li></ul>' +
      '<p>   </p><p>123</p><div translate="no"><p>Skip me</p></div><p>Home</p></body></html>';
    const options = { ignorePatterns: ['Home'] };
    const full = extractPage(html, 'https://example.org/', options);
    const facts = extractPageFacts(html, 'https://example.org/', options);
    expect(facts.segments.map((s) => s.text)).toEqual(full.segments.map((s) => s.text));
    expect(facts.segments.map((s) => [s.kind, s.sourceHash, s.wordCount, s.start])).toEqual(
      full.segments.map((s) => [s.kind, s.sourceHash, s.wordCount, s.start]),
    );
    // A marker written literally in the text (<x1/>) keeps its number: the placeholders skip it.
    expect(facts.segments.map((s) => s.text)).toEqual([
      'A <x1> title',
      'About us',
      'Tip',
      'Press <x2>Ctrl</x2> and <x3>write <x1/></x3><x4/>here <x5/>.',
      'Logo',
      'One',
      '<x1>Two <x2/></x1> | <x3>Three</x3>',
    ]);
  });
});
