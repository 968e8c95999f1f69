import { describe, expect, it } from 'vitest';
import { sourceHash } from '@bhasha/engine';
import { createOrganisationFuzzyIndexes } from '../../src/modules/translation-memory/organisation-fuzzy-indexes';
import type { TranslationMemoryRepository } from '../../src/modules/translation-memory/translation-memory.repository';

const sourceOf = (i: number) => `order ${i % 7} of the delivery page number ${i}`;

/** A memory whose rows arrive in stretches: `readSources` hands on the rows stored since the last read, in pages. */
function arrivingMemory() {
  const rows: string[] = [];
  let read = 0;
  const repository = {
    readSources(
      table: 'translations' | 'memory',
      _organisationId: string,
      _sourceLang: string,
      _since: Date,
      pageSize: number,
      onPage: (hashes: string[], texts: string[]) => void,
    ): Promise<Date | null> {
      if (table === 'translations') return Promise.resolve(null);
      for (; read < rows.length; read += pageSize) {
        const page = rows.slice(read, read + pageSize);
        onPage(page.map(sourceHash), page);
      }
      read = rows.length;
      return Promise.resolve(null);
    },
  } as unknown as TranslationMemoryRepository;
  return {
    repository,
    store: (from: number, to: number) =>
      rows.push(...Array.from({ length: to - from }, (_, k) => sourceOf(from + k))),
  };
}

describe('catch-up segments (ADR 0019)', () => {
  it('seals a segment every segmentTexts texts within one catch-up, and answers every text', async () => {
    const memory = arrivingMemory();
    const fuzzy = createOrganisationFuzzyIndexes(memory.repository, {
      refreshMs: 0,
      maxIndexes: 1,
      segmentTexts: 10_000,
    });
    try {
      expect(await fuzzy.query('org', 'en', sourceOf(1), 0.75, 5)).toEqual([]);
      memory.store(0, 25_500); // one catch-up's worth: 10,000 + 10,000 + 5,500
      const [best] = await fuzzy.query('org', 'en', sourceOf(25_499), 0.75, 1);
      expect(best).toMatchObject({ score: 100, sourceHash: sourceHash(sourceOf(25_499)) });
      expect(fuzzy.stats('org', 'en')).toEqual({ size: 25_500, segments: 3, tail: 0 });
      memory.store(25_500, 26_000); // fewer than a segment's floor: single additions to the tail
      for (const i of [0, 9_999, 10_000, 19_999, 20_000, 25_999]) {
        const [match] = await fuzzy.query('org', 'en', sourceOf(i), 0.75, 1);
        expect(match).toMatchObject({ score: 100, sourceHash: sourceHash(sourceOf(i)) });
      }
      expect(fuzzy.stats('org', 'en')).toEqual({ size: 26_000, segments: 3, tail: 500 });
    } finally {
      await fuzzy.close();
    }
  });

  it('keeps the texts a catch-up read before a later page failed, so the next catch-up does not skip them', async () => {
    const memory = arrivingMemory();
    let failAfterPages = -1;
    const repository = {
      ...memory.repository,
      readSources: (
        table: 'translations' | 'memory',
        organisationId: string,
        sourceLang: string,
        since: Date,
        pageSize: number,
        onPage: (hashes: string[], texts: string[]) => void,
      ) => {
        let pages = 0;
        return memory.repository.readSources(
          table,
          organisationId,
          sourceLang,
          since,
          1_000,
          (hashes, texts) => {
            if (pages++ === failAfterPages) throw new Error('connection lost');
            onPage(hashes, texts);
          },
        );
      },
    };
    const fuzzy = createOrganisationFuzzyIndexes(repository, { refreshMs: 0, maxIndexes: 1 });
    try {
      await fuzzy.query('org', 'en', sourceOf(1), 0.75, 5);
      memory.store(0, 3_000);
      failAfterPages = 2; // pages of 1,000: two read (a segment under way), the third fails
      await expect(fuzzy.query('org', 'en', sourceOf(1), 0.75, 1)).rejects.toThrow('connection lost');
      failAfterPages = -1;
      memory.store(3_000, 3_500);
      for (const i of [0, 1_999, 3_499]) {
        const [match] = await fuzzy.query('org', 'en', sourceOf(i), 0.75, 1);
        expect(match).toMatchObject({ score: 100, sourceHash: sourceHash(sourceOf(i)) });
      }
    } finally {
      await fuzzy.close();
    }
  });
});
