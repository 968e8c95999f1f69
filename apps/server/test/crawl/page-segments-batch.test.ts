import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { pages, pageSegments, segments, type DbHandle } from '@bhasha/db';
import { createSegmentsRepository, type SegmentFacts } from '../../src/modules/crawl/segments.repository';
import { createTestDb } from '../support/test-db';
import { seedWebsiteProject } from './support/seed-project';

// The batch writer sends a batch's distinct segment ids once and every page's elements as slots
// into them (ADR 0013): each page must still get exactly its own ids, in its order.
describe('page_segments of a batch of pages sharing segments', () => {
  let handle: DbHandle & { url: string | null };
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  const fact = (name: string, words: number): Required<SegmentFacts> => ({
    sourceHash: `hash-${name}`,
    text: `Text ${name}`,
    kind: 'text',
    wordCount: words,
  });

  it('stores each page its ids in document order of first occurrence, with counts and word counts', async () => {
    const ids = await seedWebsiteProject(handle.db, {
      name: 'Batch',
      baseUrl: 'https://example.org/',
      targetLanguages: [],
    });
    const rows = await handle.db
      .insert(pages)
      .values(
        ['a', 'b', 'c', 'd'].map((path) => ({
          ...ids,
          url: `https://example.org/${path}`,
          normalisedUrl: `https://example.org/${path}`,
          hostname: 'example.org',
        })),
      )
      .returning();
    const pageIds = rows.map((row) => row.id);
    const [menu, footer, one, two, three] = [
      fact('menu', 2),
      fact('footer', 3),
      fact('one', 5),
      fact('two', 7),
      fact('three', 11),
    ];
    const found: Array<{ pageId: string; segments: SegmentFacts[] }> = [
      { pageId: pageIds[0]!, segments: [menu, one, footer, menu] },
      { pageId: pageIds[1]!, segments: [two, footer, menu, two, two] },
      { pageId: pageIds[2]!, segments: [] },
      { pageId: pageIds[3]!, segments: [three, one, menu, footer] },
    ];
    // On PostgreSQL the arrays go in the binary format, as the crawl's writer sends them there.
    const counts = await createSegmentsRepository(handle.db, {
      binaryArrays: handle.url !== null,
    }).replaceSegmentsOfPages(ids, found, new Date());

    const stored = await handle.db
      .select({ id: segments.id, sourceHash: segments.sourceHash, firstPageId: segments.firstPageId })
      .from(segments)
      .where(eq(segments.projectId, ids.projectId))
      .orderBy(segments.seq);
    // Inserted in page order, then document order; each first found on the page that first holds it.
    expect(stored.map((s) => s.sourceHash)).toEqual(
      ['menu', 'one', 'footer', 'two', 'three'].map((name) => `hash-${name}`),
    );
    expect(stored.map((s) => s.firstPageId)).toEqual([
      pageIds[0],
      pageIds[0],
      pageIds[0],
      pageIds[1],
      pageIds[3],
    ]);
    const idOf = new Map(stored.map((s) => [s.sourceHash, s.id]));

    const rowsByPage = new Map(
      (await handle.db.select().from(pageSegments).where(inArray(pageSegments.pageId, pageIds))).map(
        (row) => [row.pageId, row],
      ),
    );
    for (const { pageId, segments: facts } of found) {
      const order = [...new Set(facts.map((f) => f.sourceHash))];
      const row = rowsByPage.get(pageId)!;
      expect(row.segmentIds).toEqual(order.map((hash) => idOf.get(hash)));
      expect(row.occurrences).toEqual(order.map((hash) => facts.filter((f) => f.sourceHash === hash).length));
    }
    expect(counts.get(pageIds[1]!)).toEqual({
      sourceWordCount: 7 * 3 + 3 + 2,
      uniqueWordCount: 7 + 3 + 2,
      newContentWordCount: 7 + 3 + 2,
      segmentCount: 3,
    });
    expect(counts.get(pageIds[2]!)).toEqual({
      sourceWordCount: 0,
      uniqueWordCount: 0,
      newContentWordCount: 0,
      segmentCount: 0,
    });
  });
  it('with a crawl cache, a later batch names the segments an earlier one stored by their ids', async () => {
    const ids = await seedWebsiteProject(handle.db, {
      name: 'Cached',
      baseUrl: 'https://example.com/',
      targetLanguages: [],
    });
    const rows = await handle.db
      .insert(pages)
      .values(
        ['x', 'y', 'z'].map((path) => ({
          ...ids,
          url: `https://example.com/${path}`,
          normalisedUrl: `https://example.com/${path}`,
          hostname: 'example.com',
        })),
      )
      .returning();
    const [x, y, z] = rows.map((row) => row.id);
    const repo = createSegmentsRepository(handle.db, { binaryArrays: handle.url !== null });
    const known = new Map<string, { id: string; isNew: boolean }>();
    const store = async (found: Array<{ pageId: string; segments: SegmentFacts[] }>) => {
      const cache = { known, stored: new Map<string, { id: string; isNew: boolean }>() };
      await repo.replaceSegmentsOfPages(ids, found, new Date(), cache);
      for (const [hash, entry] of cache.stored) known.set(hash, entry);
    };
    const [menu, one, two] = [fact('menu', 2), fact('one', 5), fact('two', 7)];
    // As the crawl's reader hands them on: a segment the cache knows comes without its text.
    const knownOnly = ({ sourceHash, wordCount }: SegmentFacts): SegmentFacts => ({ sourceHash, wordCount });
    await store([{ pageId: x!, segments: [menu, one] }]);
    await store([
      { pageId: y!, segments: [knownOnly(one), two, knownOnly(menu), knownOnly(one)] },
      { pageId: z!, segments: [knownOnly(menu)] },
    ]);
    await store([{ pageId: x!, segments: [knownOnly(one), knownOnly(two)] }]);

    const idOf = new Map(
      (
        await handle.db
          .select({ id: segments.id, sourceHash: segments.sourceHash })
          .from(segments)
          .where(eq(segments.projectId, ids.projectId))
      ).map((s) => [s.sourceHash, s.id]),
    );
    const byPage = new Map(
      (
        await handle.db
          .select()
          .from(pageSegments)
          .where(inArray(pageSegments.pageId, [x!, y!, z!]))
      ).map((row) => [row.pageId, row]),
    );
    const expectRow = (pageId: string, names: string[], occurrences: number[]) => {
      expect(byPage.get(pageId)!.segmentIds).toEqual(names.map((name) => idOf.get(`hash-${name}`)));
      expect(byPage.get(pageId)!.occurrences).toEqual(occurrences);
    };
    expectRow(y!, ['one', 'two', 'menu'], [2, 1, 1]);
    expectRow(z!, ['menu'], [1]);
    expectRow(x!, ['one', 'two'], [1, 1]);
  });
});
