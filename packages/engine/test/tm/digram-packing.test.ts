import { describe, expect, it } from 'vitest';
import { FuzzyIndex, FuzzyIndexBuilder } from '../../src/tm/fuzzy-index';
import { normaliseFuzzyText } from '../../src/tm/fuzzy-text';
import { TextStore } from '../../src/tm/text-store';
import { seededRandom } from '../support/seeded-random';

/** A text with a unit above U+00FF: stored wide. */
const WIDE = /[^\u0000-\u00ff]/; // eslint-disable-line no-control-regex

/** Texts of every kind a store holds: ASCII, Latin-1 above 0x7F (escaped), wide, one unit, long. */
function texts(count: number): string[] {
  const next = seededRandom(41);
  const words = ['the', 'price', 'of', 'délivrance', 'straße', 'ñandú', 'कीमत', 'खाता', 'x', 'order', '42'];
  const out: string[] = ['a', 'é', 'ab', 'the the the the', 'z'.repeat(3_999)];
  while (out.length < count) {
    out.push(
      Array.from(
        { length: 1 + Math.floor(next() * 14) },
        () => words[Math.floor(next() * words.length)],
      ).join(' '),
    );
  }
  return out.map((text) => normaliseFuzzyText(text));
}

describe('digram-packed text store', () => {
  it('reads every text back as stored, narrow and wide, across pages, and takes fewer bytes', () => {
    const store = new TextStore();
    const all = texts(40_000);
    const handles = new Uint32Array(all.length);
    const lengths = new Uint16Array(all.length);
    all.forEach((text, slot) => {
      handles[slot] = store.append(text);
      lengths[slot] = text.length;
    });
    const narrowBytes = all.filter((text) => !WIDE.test(text)).reduce((sum, text) => sum + text.length, 0);
    expect(store.allocatedBytes).toBeGreaterThan(2 * 2 ** 20); // more than one page: pages are let go in turn
    const { store: packed, handles: packedHandles } = store.packed(handles, lengths, all.length);
    expect(packed.isPacked).toBe(true);
    const scratch = new Uint8Array(4_000);
    all.forEach((text, slot) => {
      expect(packed.read(packedHandles[slot]!, lengths[slot]!)).toBe(text);
      if (packed.isPackedNarrow(packedHandles[slot]!)) {
        packed.unpackNarrow(packedHandles[slot]!, lengths[slot]!, scratch);
        expect(String.fromCharCode(...scratch.subarray(0, lengths[slot]))).toBe(text);
      }
    });
    const wideBytes = all.filter((text) => WIDE.test(text)).reduce((sum, text) => sum + text.length * 2, 0);
    expect(packed.textBytes - wideBytes).toBeLessThan(narrowBytes * 0.8);
    expect(() => packed.append('more')).toThrow(/read-only/);
  });

  it('answers every query of a packed index as before packing, and compacts a packed index', () => {
    const all = texts(3_000);
    const build = () => {
      const builder = new FuzzyIndexBuilder(new TextStore());
      all.forEach((text, id) => builder.add(id, text));
      return builder.finish();
    };
    const plain = build();
    const packed = build();
    packed.packTexts();
    expect(packed.memoryBytes()).toBeLessThan(plain.memoryBytes());
    const next = seededRandom(3);
    for (let q = 0; q < 200; q += 1) {
      const query = all[Math.floor(next() * all.length)]!;
      for (const [threshold, limit] of [
        [0.75, 5],
        [0.4, 40],
      ] as const) {
        expect(packed.query(query, { threshold, limit })).toEqual(plain.query(query, { threshold, limit }));
      }
    }
    // Changes after packing: a removal, an addition, then a compaction (into a fresh store).
    for (const index of [plain, packed]) {
      index.remove(7);
      index.add(90_000, 'the price of the order');
      index.compact();
    }
    for (const query of ['the price of the order', all[9]!, all[4]!]) {
      expect(packed.query(query, { threshold: 0.5, limit: 10 })).toEqual(
        plain.query(query, { threshold: 0.5, limit: 10 }),
      );
    }
    expect(FuzzyIndex.build([]).size).toBe(0);
  });

  it('packs texts as a builder without a store gathers them, before and after its table is chosen', () => {
    // More than the 16,384 texts gathered as they are before the table: both sides of the switch,
    // narrow, escaped Latin-1 and wide texts; a few ids repeated out of order (the last text wins).
    const all = texts(20_000);
    const builder = new FuzzyIndexBuilder();
    const plainBuilder = new FuzzyIndexBuilder(new TextStore());
    all.forEach((text, id) => {
      builder.add(id, text);
      plainBuilder.add(id, text);
    });
    for (const id of [3, 17_000, 5]) {
      builder.add(id, `Replaced Text ${id} Ünïcode`);
      plainBuilder.add(id, `Replaced Text ${id} Ünïcode`);
    }
    const packed = builder.finish();
    const plain = plainBuilder.finish();
    expect(packed.size).toBe(plain.size);
    expect(packed.memoryBytes()).toBeLessThan(plain.memoryBytes() - 0.25 * all.join('').length);
    const next = seededRandom(8);
    for (let q = 0; q < 200; q += 1) {
      const query =
        q < 3 ? `replaced text ${[3, 17_000, 5][q]} ünïcode` : all[Math.floor(next() * all.length)]!;
      expect(packed.query(query, { threshold: 0.6, limit: 20 })).toEqual(
        plain.query(query, { threshold: 0.6, limit: 20 }),
      );
    }
    // Packing afterwards has nothing left to do; a compaction copies the live texts out.
    packed.packTexts();
    packed.remove(11);
    packed.add(90_000, 'the price of the order');
    packed.compact();
    plain.remove(11);
    plain.add(90_000, 'the price of the order');
    for (const query of ['the price of the order', all[12]!, all[19_999]!]) {
      expect(packed.query(query, { threshold: 0.5, limit: 10 })).toEqual(
        plain.query(query, { threshold: 0.5, limit: 10 }),
      );
    }
  });

  it('packs a small builder whole when it finishes, wide texts kept as they are', () => {
    const all = texts(500);
    const builder = new FuzzyIndexBuilder();
    all.forEach((text, id) => builder.add(id, text));
    const packed = builder.finish();
    const plain = FuzzyIndex.build(all.map((text, id) => ({ id, text })));
    expect(packed.memoryBytes()).toBeLessThan(plain.memoryBytes());
    for (const query of all.slice(0, 100)) {
      expect(packed.query(query, { threshold: 0.5, limit: 10 })).toEqual(
        plain.query(query, { threshold: 0.5, limit: 10 }),
      );
    }
  });
});
