import { describe, expect, it } from 'vitest';
import { sourceHash } from '@bhasha/engine';
import { SourceHashIds } from '../../src/modules/translation-memory/source-hash-ids';

describe('SourceHashIds', () => {
  it('numbers source hashes densely, finds each again and writes it back, past table growth', () => {
    const ids = new SourceHashIds();
    const hashes = Array.from({ length: 20_000 }, (_, i) => sourceHash(`segment number ${i}`));
    hashes.forEach((hash, i) => expect(ids.add(hash)).toBe(i));
    expect(ids.size).toBe(hashes.length);
    hashes.forEach((hash, i) => {
      expect(ids.idOf(hash)).toBe(i);
      expect(ids.hashOf(i)).toBe(hash);
    });
    expect(ids.add(hashes[123]!)).toBe(123);
    expect(ids.size).toBe(hashes.length);
    expect(ids.idOf(sourceHash('never added'))).toBeUndefined();
    // 32 bytes a hash plus the table, far below a Map of 64-character strings.
    expect(ids.memoryBytes()).toBeLessThan(hashes.length * 48 + 2_000_000);
  });

  it('keeps anything that is not lower-case SHA-256 hex as it came, apart from the hex ones', () => {
    const ids = new SourceHashIds();
    const upper = sourceHash('x').toUpperCase();
    const short = 'abc';
    const hex = sourceHash('x');
    expect([ids.add(upper), ids.add(short), ids.add(hex), ids.add(upper)]).toEqual([0, 1, 2, 0]);
    expect([ids.hashOf(0), ids.hashOf(1), ids.hashOf(2)]).toEqual([upper, short, hex]);
    expect([ids.idOf(upper), ids.idOf(short), ids.idOf(hex), ids.idOf('zz')]).toEqual([0, 1, 2, undefined]);
  });

  it('tells a 64-character string that is not lower-case hex from a hash, wherever the odd digit is', () => {
    const hex = sourceHash('y');
    // 'á' is 0xe1: its low seven bits are 'a', a valid digit; 'g', upper case and a space are not.
    const odd = [0, 1, 31, 62, 63].flatMap((at) =>
      ['g', 'A', ' ', '\u00e1', '\u0130'].map((digit) => hex.slice(0, at) + digit + hex.slice(at + 1)),
    );
    const ids = new SourceHashIds();
    expect(ids.add(hex)).toBe(0);
    odd.forEach((hash, i) => expect(ids.add(hash)).toBe(i + 1));
    odd.forEach((hash, i) => expect(ids.hashOf(i + 1)).toBe(hash));
    expect(ids.idOf(hex)).toBe(0);
    expect(ids.hashOf(0)).toBe(hex);
  });
});
