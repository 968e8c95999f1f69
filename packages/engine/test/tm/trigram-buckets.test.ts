import { describe, expect, it } from 'vitest';
import { distinctBuckets, trigramBucket, trigramBuckets } from '../../src/tm/trigram-buckets';

describe('trigram buckets', () => {
  it('gives a trigram the same bucket whether its text is stored as bytes or as UTF-16 units', () => {
    const alphabet = 'abcxyz XYZ01éÿ\u00a0कखा्ಕ\u0100\uffff';
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x80000000;
    };
    for (const mask of [(1 << 12) - 1, (1 << 16) - 1, (1 << 21) - 1]) {
      const seen = new Set<number>();
      for (let round = 0; round < 500; round += 1) {
        const text = Array.from({ length: Math.floor(next() * 40) }, () =>
          alphabet.charAt(Math.floor(next() * alphabet.length)),
        ).join('');
        const wide = Uint16Array.from(text, (c) => c.charCodeAt(0));
        const expected = Array.from({ length: Math.max(0, text.length - 2) }, (_, i) =>
          trigramBucket(wide, i, mask),
        );
        for (const bucket of expected) {
          expect(bucket).toBeGreaterThanOrEqual(0);
          expect(bucket).toBeLessThanOrEqual(mask);
          seen.add(bucket);
        }
        const out = new Int32Array(text.length + 5);
        // A byte page, at an offset, when every unit fits a byte (as the text store keeps it).
        if (wide.every((unit) => unit < 0x100)) {
          const narrow = new Uint8Array(text.length + 3);
          narrow.set(wide, 3);
          expect(trigramBuckets(narrow, 3, text.length, mask, out, 5)).toBe(expected.length);
          expect([...out.subarray(5, 5 + expected.length)]).toEqual(expected);
        }
        expect(trigramBuckets(wide, 0, text.length, mask, out, 2)).toBe(expected.length);
        expect([...out.subarray(2, 2 + expected.length)]).toEqual(expected);
        const count = distinctBuckets(wide, 0, text.length, mask, out);
        expect([...out.subarray(0, count)]).toEqual([...new Set(expected)]);
      }
      // The buckets spread over the table rather than clumping in a corner of it.
      expect(seen.size).toBeGreaterThan(Math.min(mask / 4, 2000));
    }
  });
});
