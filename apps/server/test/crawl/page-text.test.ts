import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { htmlOf, pageTextOf } from '../../src/modules/crawl/page-reader';

/** Fetched bytes as the crawl hands them to a reader: a view into shared memory. */
function shared(bytes: Uint8Array, offset = 3): Uint8Array {
  const view = new Uint8Array(new SharedArrayBuffer(bytes.byteLength + offset + 2), offset, bytes.byteLength);
  view.set(bytes);
  return view;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// Each case: what pageTextOf answers must be htmlOf's text and the hash of that text's UTF-8,
// whichever path (Latin-1 for ASCII, the bytes hashed as they are, or decode-then-hash) it takes.
const cases: Array<[string, Uint8Array]> = [
  ['ASCII', Buffer.from('<p>Plain &amp; simple</p>')],
  ['UTF-8 Devanagari and curly quotes', Buffer.from('<p>नमस्ते दुनिया — “quoted”</p>')],
  ['a byte order mark', Buffer.from('\ufeff<p>BOM first</p>')],
  ['an astral character', Buffer.from('<p>emoji 😀 here</p>')],
  ['NULL characters (dropped)', Buffer.from('<p>a\u0000b</p>\u0000')],
  ['an invalid byte (decoded as U+FFFD)', Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0x41, 0x3c])],
  ['a UTF-8 sequence cut at the end', Buffer.from([0x3c, 0x70, 0x3e, 0xe0, 0xa4])],
  ['Latin-1 bytes, not UTF-8', Buffer.from('<p>café</p>', 'latin1')],
  ['an encoded surrogate (invalid UTF-8)', Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62])],
  ['NULL and non-ASCII', Buffer.from('<p>ह\u0000ि</p>')],
  ['empty', new Uint8Array(0)],
];

describe('a page read from fetched bytes (pageTextOf)', () => {
  for (const [name, bytes] of cases) {
    it(`gives htmlOf's text and the hash of its UTF-8: ${name}`, () => {
      const expected = htmlOf(shared(bytes));
      const read = pageTextOf(shared(bytes));
      expect(read.html).toBe(expected);
      expect(read.contentHash).toBe(sha256(expected));
      expect(read.html.includes('\u0000')).toBe(false);
    });
  }

  it('reads a string as it is, NULLs dropped', () => {
    expect(pageTextOf('<p>x\u0000y</p>')).toEqual({ html: '<p>xy</p>', contentHash: sha256('<p>xy</p>') });
  });
});
