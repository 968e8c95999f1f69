import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extractSegments, normaliseSourceText, sha256Hex, sourceHash } from '../../src';
import { isNativeDigest } from '../../src/html/source-hash';

describe('sourceHash', () => {
  it('is SHA-256 hex of the normalised text, fixed across runs and machines', () => {
    // Also: printf '%s' 'Hello, world!' | sha256sum
    expect(sourceHash('Hello, world!')).toBe(
      '315f5bdb76d078c43b8ac0064e4a0164612b1fce77c869345bfc94c75894edd3',
    );
    expect(sourceHash('नमस्ते दुनिया')).toBe('d7be5996fa562294908ffe50c6aece46c34d6bed34e241dec5d1e8b5e83f7596');
    expect(sourceHash('Read the <x1>user guide</x1> first.')).toBe(
      '43669a0eb27ae0cfb1c0934231b165164a0fa2a48a6cf840909ff39c910e72b6',
    );
  });

  it('ignores differences of whitespace and Unicode composition', () => {
    const reference = sourceHash('Café au lait');
    expect(sourceHash('  Café\n\tau\u00a0 lait ')).toBe(reference);
    expect(sourceHash('Cafe\u0301 au lait')).toBe(reference);
    expect(normaliseSourceText('Cafe\u0301\u2003au  lait')).toBe('Café au lait');
    expect(sourceHash('Café au Lait')).not.toBe(reference);
  });

  it('answers what NFC, collapsing every whitespace run and trimming answer, already-normal texts included', () => {
    // The alphabet straddles the quick path's bounds: U+02FF / U+0300 (the first combining mark),
    // NBSP, control characters, Unicode spaces, a decomposed Devanagari letter, surrogates.
    const alphabet = [
      'a',
      'Z',
      '.',
      ' ',
      ' ',
      '\t',
      '\n',
      '\u000b',
      '\u001f',
      '\u00a0',
      '\u00e9',
      'e',
      '\u0301',
      '\u02ff',
      '\u0300',
      '\u2003',
      '\ufeff',
      '\u0915\u093c',
      '\u0958',
      '\ud83d',
      '\ude00',
      '\u212b',
    ];
    let state = 7;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
    const reference = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim();
    let unchanged = 0;
    for (let round = 0; round < 20_000; round += 1) {
      const size = Math.floor(next() * 8);
      let text = '';
      for (let at = 0; at < size; at += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(normaliseSourceText(text)).toBe(reference(text));
      if (reference(text) === text) unchanged += 1;
    }
    expect(unchanged).toBeGreaterThan(1000);
    for (const text of [
      'Hello, world! (12)',
      'Caf\u00e9 au lait',
      'a  b',
      ' a',
      'a ',
      'A\u0300',
      '\u00c5\u212b',
    ])
      expect(normaliseSourceText(text)).toBe(reference(text));
  });

  it('keeps zero-width joiners and non-joiners, which change Indic spelling', () => {
    expect(sourceHash('क्\u200dष')).not.toBe(sourceHash('क्ष'));
  });

  it('is the segment hash', () => {
    const [segment] = extractSegments('<p>Hello,\n   world!</p>');
    expect(segment!.sourceHash).toBe('315f5bdb76d078c43b8ac0064e4a0164612b1fce77c869345bfc94c75894edd3');
  });
});

describe('sha256Hex (pure JavaScript, for the snippet)', () => {
  it('agrees with node:crypto on every block-boundary length and on any Unicode', () => {
    for (let length = 0; length <= 130; length += 1) {
      const text = 'a'.repeat(length);
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
    for (let round = 0; round < 50; round += 1) {
      const text = String.fromCodePoint(
        ...[...randomBytes(40)].map((byte, index) =>
          index % 3 === 0 ? 0x900 + byte : 0x1f600 + (byte % 80),
        ),
      );
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('sourceHash on Node (native digest)', () => {
  // Random text over the code points that stress UTF-8: ASCII with NUL, Latin-1, Devanagari,
  // CJK, emoji (astral, surrogate pairs), lone surrogates and whitespace of several kinds.
  const POOL = [0x0, 0x41, 0x7a, 0x20, 0xa0, 0xe9, 0x915, 0x94d, 0x200d, 0x3000, 0x4e2d, 0xd800, 0xdfff];
  function randomText(length: number): string {
    const bytes = randomBytes(length * 2);
    let text = '';
    for (let index = 0; index < length; index += 1) {
      const roll = bytes[index * 2]! % 16;
      const offset = bytes[index * 2 + 1]!;
      text +=
        roll < POOL.length
          ? String.fromCharCode(POOL[roll]! + (roll === 1 || roll === 8 ? offset % 26 : 0))
          : String.fromCodePoint(0x1f600 + (offset % 80));
    }
    return text;
  }

  it('runs on node:crypto here', () => {
    expect(isNativeDigest).toBe(true);
  });

  it('gives the portable digest of the normalised text on many strings, non-BMP, NUL and lone surrogates included', () => {
    const texts = ['', ' ', '\u0000', 'a\ud800b', '\udfff', 'x'.repeat(10_000)];
    for (let round = 0; round < 3000; round += 1) texts.push(randomText(1 + (round % 200)));
    const differing = texts.filter((text) => sourceHash(text) !== sha256Hex(normaliseSourceText(text)));
    expect(differing).toEqual([]);
  });
});
