import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pages, pageSegments, segments, type DbHandle } from '@bhasha/db';
import { createSegmentsRepository, type SegmentCache } from '../../src/modules/crawl/segments.repository';
import { createCrawlMemos } from '../../src/modules/crawl/crawl-memo';
import { createTestDb } from '../support/test-db';
import { seedWebsiteProject } from './support/seed-project';

/** The memos a crawl runtime holds (crawl-memo.ts). */
const memos = createCrawlMemos();

// The crawler's lanes leave out the text of segments the crawl already stored (ADR 0013): the
// writer needs only their ids then, and must never store an empty text for one it does not know.
describe('segment facts without their text', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  async function seedPages(count: number) {
    const db = handle.db;
    const ids = await seedWebsiteProject(db, {
      name: 'Facts',
      baseUrl: 'https://example.org/',
      targetLanguages: [],
    });
    const rows = await db
      .insert(pages)
      .values(
        Array.from({ length: count }, (_, i) => ({
          ...ids,
          url: `https://example.org/${i}`,
          normalisedUrl: `https://example.org/${i}`,
          hostname: 'example.org',
        })),
      )
      .returning();
    return { ids, pageIds: rows.map((r) => r.id) };
  }

  it('stores a known segment from its hash alone, with the same counts as with its text', async () => {
    const { ids, pageIds } = await seedPages(2);
    const repository = createSegmentsRepository(handle.db);
    const cache: SegmentCache = { known: new Map(), stored: new Map() };
    const menu = { sourceHash: 'hash-menu', text: 'Home page', kind: 'text' as const, wordCount: 2 };
    const body = { sourceHash: 'hash-body', text: 'Only here', kind: 'text' as const, wordCount: 2 };
    const first = await repository.replaceSegmentsOfPages(
      ids,
      [{ pageId: pageIds[0]!, segments: [menu, body, menu] }],
      new Date(),
      cache,
    );
    const known: SegmentCache = { known: new Map(cache.stored), stored: new Map() };
    const second = await repository.replaceSegmentsOfPages(
      ids,
      [
        {
          pageId: pageIds[1]!,
          segments: [
            { sourceHash: 'hash-menu', wordCount: 2 },
            body,
            { sourceHash: 'hash-menu', wordCount: 2 },
          ],
        },
      ],
      new Date(),
      known,
    );
    expect(second.get(pageIds[1]!)).toEqual(first.get(pageIds[0]!));
    const stored = await handle.db.select().from(segments).where(eq(segments.projectId, ids.projectId));
    expect(stored.map((s) => s.text).sort()).toEqual(['Home page', 'Only here']);
    const [row] = await handle.db.select().from(pageSegments).where(eq(pageSegments.pageId, pageIds[1]!));
    expect(row?.segmentIds).toHaveLength(2);
    expect(row?.occurrences).toEqual([2, 1]);
  });

  it('refuses a segment without its text that the cache does not list, storing nothing', async () => {
    const { ids, pageIds } = await seedPages(1);
    await expect(
      handle.db.transaction((tx) =>
        createSegmentsRepository(tx).replaceSegmentsOfPages(
          ids,
          [{ pageId: pageIds[0]!, segments: [{ sourceHash: 'hash-unknown', wordCount: 3 }] }],
          new Date(),
          { known: new Map(), stored: new Map() },
        ),
      ),
    ).rejects.toThrow(/without its text/);
    const stored = await handle.db.select().from(segments).where(eq(segments.projectId, ids.projectId));
    expect(stored).toHaveLength(0);
  });

  it('replaces a full crawl memo instead of emptying the one a running batch holds', () => {
    const crawlId = `memo-${Date.now()}`;
    const held = memos.of(crawlId);
    for (let i = 0; i <= 200_000; i += 1) held.segments.set(`h${i}`, { id: `id${i}`, isNew: false });
    const next = memos.of(crawlId);
    expect(next).not.toBe(held);
    expect(next.segments.size).toBe(0);
    expect(held.segments.size).toBe(200_001);
    memos.forget(crawlId);
  });
});
