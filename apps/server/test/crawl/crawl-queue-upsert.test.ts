import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { pages, type DbHandle } from '@bhasha/db';
import { createCrawlsRepository } from '../../src/modules/crawl/crawls.repository';
import { createTestDb } from '../support/test-db';
import { seedProjectWithTwoCrawls } from './support/seed-project';

// The crawl queue's statements take one array parameter per column (unnest) instead of a row of
// parameters per URL: URLs must arrive as written, and the re-queue rules must hold as before.
describe('crawls repository: the queue upsert through array parameters', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  it('inserts, re-queues and leaves alone exactly as the queue rules say', async () => {
    const db = handle.db;
    const { ids, first, second } = await seedProjectWithTwoCrawls(db, 'Queue');
    const repo = createCrawlsRepository(db);
    // URLs with the characters an array literal must quote or escape.
    const awkward = [
      'https://example.org/a,b',
      'https://example.org/{x}',
      'https://example.org/q?s="quoted"',
      'https://example.org/back\\slash',
      'https://example.org/NULL',
      'https://example.org/हिन्दी',
    ];
    const seeds = awkward.map((url, i) => ({
      url: `${url}#raw`,
      normalisedUrl: url,
      hostname: 'example.org',
      depth: i,
    }));
    const many = Array.from({ length: 2_345 }, (_, i) => ({
      url: `https://example.org/p/${i}`,
      normalisedUrl: `https://example.org/p/${i}`,
      hostname: 'example.org',
    }));
    await repo.enqueue(first, [...seeds, ...many]);

    const stored = await db.select().from(pages).where(eq(pages.crawlId, first.id)).orderBy(asc(pages.depth));
    expect(stored).toHaveLength(awkward.length + many.length);
    const byUrl = new Map(stored.map((p) => [p.normalisedUrl, p]));
    for (const [i, url] of awkward.entries())
      expect(byUrl.get(url)).toMatchObject({
        url: `${url}#raw`,
        hostname: 'example.org',
        depth: i,
        crawlState: 'queued',
        status: 'new',
        organisationId: ids.organisationId,
        projectId: ids.projectId,
      });
    expect(byUrl.get('https://example.org/p/2344')).toMatchObject({ depth: 0, crawlState: 'queued' });

    // Claimed by the first crawl, then queued again by it: left as it is (fetched once per crawl).
    const claimed = await repo.claim(first.id, 'job-1', 3, new Date(), new Date(0));
    expect(claimed).toHaveLength(3);
    await repo.enqueue(
      first,
      claimed.map((p) => ({ ...p, depth: 9 })),
    );
    const stillClaimed = await db.select().from(pages).where(eq(pages.id, claimed[0]!.id));
    expect(stillClaimed[0]).toMatchObject({
      crawlState: 'fetching',
      claimedBy: 'job-1',
      depth: claimed[0]!.depth,
    });

    // An out-of-scope URL stays out; another crawl re-queues the rest, keeping URL and depth.
    await db.update(pages).set({ inScope: false }).where(eq(pages.normalisedUrl, awkward[1]!));
    await repo.enqueue(
      second,
      seeds.map((s) => ({ ...s, url: 'https://elsewhere.example/', depth: 7 })),
    );
    const requeued = await db.select().from(pages).where(eq(pages.crawlId, second.id));
    expect(requeued.map((p) => p.normalisedUrl).sort()).toEqual(awkward.filter((_, i) => i !== 1).sort());
    for (const row of requeued) {
      expect(row).toMatchObject({ crawlState: 'queued', claimedBy: null, claimedAt: null });
      expect(row.url).toBe(`${row.normalisedUrl}#raw`);
      expect(row.depth).toBe(awkward.indexOf(row.normalisedUrl));
    }

    // Released: only what is still being fetched goes back to the queue.
    await repo.release([...claimed.map((p) => p.id), requeued[0]!.id]);
    const released = await db.select().from(pages).where(eq(pages.claimedBy, 'job-1'));
    expect(released).toHaveLength(0);
    const back = await db.select().from(pages).where(eq(pages.id, claimed[1]!.id));
    expect(back[0]).toMatchObject({ crawlState: 'queued', claimedAt: null });
  });
});
