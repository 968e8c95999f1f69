import { describe, expect, it } from 'vitest';
import { FuzzyIndex } from '../../src/tm/fuzzy-index';
import { SegmentedFuzzyIndex } from '../../src/tm/segmented-fuzzy-index';
import { seededRandom } from '../support/seeded-random';

const WORDS = (
  'the a translation memory website page price delivery order account help contact ' +
  'new free fast secure bank loan कीमत खाता मदद संपर्क नया भुगतान open close search home'
).split(' ');

/** Texts of 1–12 words drawn from a small vocabulary: many near matches and many ties. */
function text(next: () => number): string {
  return Array.from(
    { length: 1 + Math.floor(next() * 12) },
    () => WORDS[Math.floor(next() * WORDS.length)],
  ).join(' ');
}

/** Small policy sizes, so a few thousand operations seal tails, cap segments and merge tiers. */
const SMALL = { tailTexts: 40, tierFloor: 30, maxMergedTexts: 2_000, maxSegments: 6 };

describe('SegmentedFuzzyIndex', () => {
  it('answers exactly as one index over the same texts, through batches, single adds, replacements, removals and merges', () => {
    const next = seededRandom(17);
    const segmented = new SegmentedFuzzyIndex(SMALL);
    const single = FuzzyIndex.build([]);
    const texts = new Map<number, string>();
    let sawSegments = 0;
    let merged = 0;
    for (let round = 0; round < 60; round += 1) {
      const kind = next();
      if (kind < 0.35) {
        // A batch: mostly new ids, some replacing live ones.
        const batch: Array<{ id: number; text: string }> = [];
        const size = 1 + Math.floor(next() * 150);
        for (let i = 0; i < size; i += 1) {
          const id =
            next() < 0.15 && texts.size > 0
              ? Math.floor(next() * texts.size * 1.5)
              : 100_000 + round * 1_000 + i;
          batch.push({ id, text: text(next) });
        }
        segmented.addAll(batch);
        for (const { id, text: value } of batch) {
          single.add(id, value);
          texts.set(id, value);
        }
      } else if (kind < 0.75) {
        for (let i = 0; i < 30; i += 1) {
          const id = Math.floor(next() * 3_000);
          if (next() < 0.3) {
            expect(segmented.remove(id)).toBe(single.remove(id));
            texts.delete(id);
          } else {
            const value = text(next);
            segmented.add(id, value);
            single.add(id, value);
            texts.set(id, value);
          }
        }
      } else if (segmented.mergeStep()) merged += 1;
      sawSegments = Math.max(sawSegments, segmented.stats().segments);
      expect(segmented.size).toBe(single.size);
      for (let q = 0; q < 6; q += 1) {
        const query =
          next() < 0.5 && texts.size > 0 ? [...texts.values()][Math.floor(next() * texts.size)]! : text(next);
        for (const [threshold, limit] of [
          [0.75, 5],
          [0.5, 1],
          [0.4, 60],
        ] as const) {
          expect(segmented.query(query, { threshold, limit })).toEqual(
            single.query(query, { threshold, limit }),
          );
        }
      }
    }
    // The sequence really exercised the parts: several segments at once, and merges.
    expect(sawSegments).toBeGreaterThanOrEqual(4);
    expect(merged).toBeGreaterThan(0);
    expect(segmented.stats().segments).toBeLessThanOrEqual(SMALL.maxSegments);
  });

  it('merges a tier of similar segments into one and rewrites a segment that is mostly dead', () => {
    const next = seededRandom(5);
    const segmented = new SegmentedFuzzyIndex(SMALL);
    for (let s = 0; s < 4; s += 1) {
      segmented.addAll(Array.from({ length: 50 }, (_, i) => ({ id: s * 100 + i, text: text(next) })));
    }
    expect(segmented.stats().segments).toBe(4);
    expect(segmented.mergeStep()).toBe(true);
    expect(segmented.stats()).toEqual({ size: 200, segments: 1, tail: 0 });
    expect(segmented.mergeStep()).toBe(false);
    for (let id = 0; id < 250; id += 1) segmented.remove(id); // three of the four batches
    expect(segmented.mergeStep()).toBe(true);
    expect(segmented.stats()).toEqual({ size: 50, segments: 1, tail: 0 });
  });

  it('never merges past maxMergedTexts, not even beyond maxSegments, and still answers as one index', () => {
    const next = seededRandom(23);
    const policy = { tailTexts: 40, tierFloor: 30, maxMergedTexts: 150, maxSegments: 3 };
    const segmented = new SegmentedFuzzyIndex(policy);
    const single = FuzzyIndex.build([]);
    for (let s = 0; s < 5; s += 1) {
      const batch = Array.from({ length: 50 }, (_, i) => ({ id: s * 100 + i, text: text(next) }));
      segmented.addAll(batch);
      for (const entry of batch) single.add(entry.id, entry.text);
    }
    // Four of the five would make 200 texts: above the bound, so five segments stay.
    expect(segmented.stats()).toEqual({ size: 250, segments: 5, tail: 0 });
    expect(segmented.mergeStep()).toBe(false);
    for (let q = 0; q < 40; q += 1) {
      const query = text(next);
      expect(segmented.query(query, { threshold: 0.5, limit: 5 })).toEqual(
        single.query(query, { threshold: 0.5, limit: 5 }),
      );
    }
    // With a bound of 200 the same batches do merge: the check is the bound, not a lost merge.
    const small = new SegmentedFuzzyIndex({ ...policy, maxMergedTexts: 200 });
    for (let s = 0; s < 5; s += 1) {
      small.addAll(Array.from({ length: 50 }, (_, i) => ({ id: s * 100 + i, text: text(next) })));
    }
    // 200 texts fit: the fourth segment past maxSegments merged the four smallest at once.
    expect(small.stats()).toEqual({ size: 250, segments: 2, tail: 0 });
  });
});

describe('SegmentedFuzzyIndex.newBuilder', () => {
  it('packs a new segment with the largest segment’s digram table, and answers as one index', () => {
    const next = seededRandom(23);
    const first = Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: text(next) }));
    const later = Array.from({ length: 3_000 }, (_, i) => ({ id: 50_000 + i, text: `${text(next)} ${i}` }));
    const segmented = new SegmentedFuzzyIndex();
    // Too few texts in the only segment to lend its table: the builder chooses its own.
    const small = segmented.newBuilder();
    for (const entry of first.slice(0, 100)) small.add(entry.id, entry.text);
    const smallIndex = small.finish();
    segmented.appendNew(smallIndex);
    expect(segmented.newBuilder().finish().digramTable()).toBeNull(); // nothing gathered, nothing chosen
    const large = segmented.newBuilder();
    for (const entry of first.slice(100)) large.add(entry.id, entry.text);
    const largeIndex = large.finish();
    segmented.appendNew(largeIndex);
    const builder = segmented.newBuilder();
    for (const entry of later) builder.add(entry.id, entry.text);
    const built = builder.finish();
    expect(built.digramTable()!.pairs).toEqual(largeIndex.digramTable()!.pairs);
    segmented.appendNew(built);
    const single = FuzzyIndex.build([...first, ...later]);
    for (let q = 0; q < 150; q += 1) {
      const query = q % 3 === 0 ? later[q]!.text : text(next);
      expect(segmented.query(query, { limit: 10 }), query).toEqual(single.query(query, { limit: 10 }));
    }
  }, 120_000);
});
