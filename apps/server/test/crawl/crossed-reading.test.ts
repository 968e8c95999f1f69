import { describe, expect, it } from 'vitest';
import { AsciiKeySet, AsciiKeyTable } from '../../src/modules/crawl/ascii-key-table';
import { createCrawlMemos } from '../../src/modules/crawl/crawl-memo';
import { allowedHostsOf } from '../../src/modules/crawl/crawl-scope';
import type { PageRow } from '../../src/modules/crawl/crawls.repository';
import type { PageOutcome } from '../../src/modules/crawl/page-batch.repository';
import { createPageReader, crawlReadSettings, toFetchedPage } from '../../src/modules/crawl/page-reader';
import { fromWire, toWire } from '../../src/modules/crawl/page-reader-protocol';

/** The memos a crawl runtime holds (crawl-memo.ts). */
const memos = createCrawlMemos();

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('ascii key table', () => {
  it('finds a key from its string and from its bytes inside a larger buffer, and nothing else', () => {
    const table = new AsciiKeyTable<number>();
    // Enough keys to grow the slots several times, with shared prefixes as URLs have.
    const keys = Array.from({ length: 5000 }, (_, i) => `https://example.org/section/${i % 7}/page-${i}`);
    keys.forEach((key, i) => table.set(key, i));
    expect(table.size).toBe(5000);
    const joined = latin1(`xx${keys[1234]}yy`);
    const index = table.indexOfBytes(joined, 2, joined.length - 2);
    expect(table.keyAt(index)).toBe(keys[1234]);
    expect(table.valueAt(index)).toBe(1234);
    expect(table.get(keys[4999]!)).toBe(4999);
    // A prefix, an extension and a one-character change are other keys.
    expect(table.indexOfBytes(joined, 2, joined.length - 3)).toBe(-1);
    expect(table.indexOfBytes(joined, 2, joined.length - 1)).toBe(-1);
    expect(table.has(`${keys[7]!.slice(0, -1)}Z`)).toBe(false);
    expect(table.get('https://example.org/section/0/page-5000')).toBeUndefined();
  });

  it('replaces the value of a key set again, and reads back as the Map it stands for', () => {
    const table = new AsciiKeyTable<string>();
    table.set('a', 'first').set('b', 'second').set('a', 'again');
    expect(table.size).toBe(2);
    expect([...table]).toEqual([
      ['a', 'again'],
      ['b', 'second'],
    ]);
    expect([...table.keys()]).toEqual(['a', 'b']);
    expect([...table.values()]).toEqual(['again', 'second']);
    const seen: string[] = [];
    table.forEach((value, key) => seen.push(`${key}=${value}`));
    expect(seen).toEqual(['a=again', 'b=second']);
    const set = new AsciiKeySet().add('x').add('x');
    expect(set.size).toBe(1);
    expect(set.has('x')).toBe(true);
  });
});

// The crawl's thread takes a reading as it crossed from a reader thread (toWire's form), checking
// it against the crawl memo by bytes: it must give exactly what the decoded reading gives.
describe('a crossed reading taken against the crawl memo', () => {
  const settings = crawlReadSettings('crossed-test', 'full', allowedHostsOf(['example.org']), {});
  const html = (n: number) => `<!doctype html><html><head><title>Page ${n}</title></head><body>
    <nav><a href="/">Home</a> <a href="/about">About</a></nav>
    <h1>Heading ${n}</h1><p>The same paragraph on every page.</p><p>नमस्ते दुनिया ${n % 2}</p>
    <a href="/p${n + 1}">Next</a> <a href="https://elsewhere.test/">Away</a></body></html>`;
  const row = (n: number) =>
    ({ id: `p${n}`, normalisedUrl: `https://example.org/p${n}`, depth: 2, tracked: false }) as PageRow;
  const outcome = (): PageOutcome => ({ status: 'fetched', links: [] });

  it('drops queued links and the text of stored segments as the decoded reading does', () => {
    const reader = createPageReader();
    const memo = memos.of('crossed-test');
    try {
      for (let n = 0; n < 6; n += 1) {
        const reading = reader.read({
          settings,
          normalisedUrl: `https://example.org/p${n}`,
          depth: 2,
          previousHash: null,
          html: html(n),
        });
        const wire = toWire(reading);
        const crossed = toFetchedPage(row(n), outcome(), wire, memo);
        const decoded = toFetchedPage(row(n), outcome(), fromWire(wire), memo);
        expect(crossed).toEqual(decoded);
        if (n > 0) {
          // From the second page on, the menu links and shared segments are in the memo.
          expect(crossed.outcome.links.map((link) => link.normalisedUrl)).toEqual([
            `https://example.org/p${n + 1}`,
          ]);
          const shared = crossed.segments!.find((s) => s.wordCount === 6 && !('text' in s));
          expect(shared).toBeDefined();
        }
        // As the writer records after storing.
        for (const link of crossed.outcome.links) memo.queuedUrls.add(link.normalisedUrl);
        for (const fact of crossed.segments ?? [])
          memo.segments.set(fact.sourceHash, { id: fact.sourceHash, isNew: true });
      }
      expect([...memo.queuedUrls.keys()]).toEqual([
        'https://example.org/',
        'https://example.org/about',
        ...[1, 2, 3, 4, 5, 6].map((n) => `https://example.org/p${n}`),
      ]);
    } finally {
      memos.forget('crossed-test');
    }
  });

  it('takes strings that are not ASCII by their text', () => {
    const memo = memos.of('crossed-test-utf8');
    try {
      memo.queuedUrls.add('https://example.org/ä');
      memo.segments.set('hash-é', { id: 's1', isNew: false });
      const wire = toWire({
        contentHash: 'c',
        canonical: null,
        links: [
          { normalisedUrl: 'https://example.org/ä', hostname: 'example.org' },
          { normalisedUrl: 'https://example.org/ö', hostname: 'example.org' },
        ],
        segments: [
          { sourceHash: 'hash-é', text: 'Known', kind: 'text', wordCount: 1 },
          { sourceHash: 'hash-ü', text: 'New one', kind: 'text', wordCount: 2 },
        ],
      });
      expect(wire.linkUrls.ascii).toBe(false);
      const crossed = toFetchedPage(row(1), outcome(), wire, memo);
      expect(crossed).toEqual(toFetchedPage(row(1), outcome(), fromWire(wire), memo));
      expect(crossed.outcome.links).toEqual([
        {
          url: 'https://example.org/ö',
          normalisedUrl: 'https://example.org/ö',
          hostname: 'example.org',
          depth: 3,
        },
      ]);
      expect(crossed.segments).toEqual([
        { sourceHash: 'hash-é', wordCount: 1 },
        { sourceHash: 'hash-ü', text: 'New one', kind: 'text', wordCount: 2 },
      ]);
    } finally {
      memos.forget('crossed-test-utf8');
    }
  });
});
