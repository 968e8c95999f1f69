import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extractSegments, normaliseSourceText, sha256Hex, sourceHash } from '../../src';

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
