import { describe, expect, it } from 'vitest';
import { buildBase, type BaseSegment } from '../../src/tm/fuzzy-base';
import { FuzzyIndexBuilder } from '../../src/tm/fuzzy-index';
import { CHUNK_POSTINGS } from '../../src/tm/posting-passes';
import { TextStore } from '../../src/tm/text-store';
import { seededRandom } from '../support/seeded-random';

const WORDS = (
  'the a translation memory website page price delivery order account help contact new free ' +
  'fast secure bank loan café naïve Größe कीमत खाता मदद संपर्क नया भुगतान বাংলা తెలుగు தமிழ் ' +
  'open close search home about team careers login password reset email phone'
).split(' ');

/** Random sentences (some wide, some long and repetitive) with unique ascending ids. */
function gather(builder: FuzzyIndexBuilder, seed: number, count: number): FuzzyIndexBuilder {
  const next = seededRandom(seed);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  for (let i = 0; i < count; i += 1) {
    const text =
      next() < 0.03
        ? `${pick()} `.repeat(20 + Math.floor(next() * 200))
        : Array.from({ length: 1 + Math.floor(next() * 30) }, pick).join(' ');
    builder.add(i, text);
  }
  return builder;
}

function written(base: BaseSegment) {
  let postings = 0;
  for (const length of base.lengths) postings += Math.max(0, length - 2);
  return {
    postingsHashed: postings,
    size: base.size,
    mask: base.mask,
    ids: [...base.ids],
    gramCounts: [...base.gramCounts],
    offsets: [...base.offsets],
    postings: Buffer.from(base.postings).toString('base64'),
  };
}

describe('posting passes', () => {
  it('write the same postings whether pass 2 revisits all, some or none of the runs pass 1 kept', () => {
    // Over two million postings: several runs, so a budget of one run and a half keeps the first
    // run only and pass 2 hashes the texts after it again. Packed texts (a builder without a
    // store) and plain ones both.
    for (const packing of [true, false]) {
      const build = (kept: number) =>
        written(
          buildBase(
            () => gather(new FuzzyIndexBuilder(packing ? undefined : new TextStore()), 5, 24_000).take(),
            kept,
          ),
        );
      const all = build(Number.MAX_SAFE_INTEGER);
      expect(all.postingsHashed).toBeGreaterThan(CHUNK_POSTINGS * 2.5);
      expect(build(0)).toEqual(all);
      expect(build(CHUNK_POSTINGS * 1.5)).toEqual(all);
    }
  }, 180_000);
});
