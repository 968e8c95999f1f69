import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { pages, type DbHandle } from '@bhasha/db';
import { createCrawlsRepository } from '../../src/modules/crawl/crawls.repository';
import { createTestDb } from '../support/test-db';
import { seedProjectWithTwoCrawls } from './support/seed-project';

// The claim reads queued URLs and URLs held by a lost (or this, retried) run as two selects with
// their own limits (ADR 0013): its rules must be those of the single select it replaced.
describe('crawls repository: claiming the frontier', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  const seed = (path: string, depth: number) => ({
    url: `https://example.org/${path}`,
    normalisedUrl: `https://example.org/${path}`,
    hostname: 'example.org',
    depth,
  });
  const paths = (rows: { normalisedUrl: string }[]) => rows.map((p) => p.normalisedUrl.slice(20));

  it('claims queued URLs by depth, then age, up to the limit, each once, and only of its crawl', async () => {
    const db = handle.db;
    const { first, second } = await seedProjectWithTwoCrawls(db, 'Claim order');
    const repo = createCrawlsRepository(db);
    // One statement per depth, so creation times differ between the groups.
    await repo.enqueue(first, [seed('d2-a', 2), seed('d2-b', 2)]);
    await repo.enqueue(first, [seed('d0', 0)]);
    await repo.enqueue(first, [seed('d1', 1)]);
    await repo.enqueue(
      second,
      [seed('other-crawl', 0)].map((s) => ({ ...s, normalisedUrl: `${s.normalisedUrl}x` })),
    );
    const now = new Date();

    const firstSlice = await repo.claim(first.id, 'job-1', 3, now, new Date(0));
    // Which rows, not their order: an UPDATE … RETURNING answers in no particular order.
    const firstPaths = paths(firstSlice).sort();
    expect(firstPaths.slice(0, 2)).toEqual(['d0', 'd1']);
    expect(firstPaths[2]).toMatch(/^d2-/);
    for (const page of firstSlice)
      expect(page).toMatchObject({ crawlState: 'fetching', claimedBy: 'job-1', claimedAt: now });

    const rest = await repo.claim(first.id, 'job-1', 3, now, new Date(0), false);
    expect(paths(rest)).toHaveLength(1);
    expect([...paths(firstSlice), ...paths(rest)].sort()).toEqual(['d0', 'd1', 'd2-a', 'd2-b']);
    expect(await repo.claim(first.id, 'job-1', 3, now, new Date(0), false)).toEqual([]);
  });

  it('takes over URLs held too long and, at a run start, its own; never fresh ones of another run', async () => {
    const db = handle.db;
    const { first } = await seedProjectWithTwoCrawls(db, 'Claim held');
    const repo = createCrawlsRepository(db);
    await repo.enqueue(first, [seed('lost', 0), seed('fresh', 0), seed('mine', 0), seed('queued', 5)]);
    const long = new Date(Date.now() - 60_000);
    const recent = new Date();
    const held = async (path: string, by: string, at: Date) =>
      db
        .update(pages)
        .set({ crawlState: 'fetching', claimedBy: by, claimedAt: at })
        .where(eq(pages.normalisedUrl, `https://example.org/${path}`));
    await held('lost', 'job-dead', long);
    await held('fresh', 'job-live', recent);
    await held('mine', 'job-1', recent);
    const staleBefore = new Date(Date.now() - 30_000);

    // While a run goes on: only what a lost run held too long, before queued URLs.
    const running = await repo.claim(first.id, 'job-1', 1, new Date(), staleBefore, false);
    expect(paths(running)).toEqual(['lost']);
    expect(running[0]).toMatchObject({ claimedBy: 'job-1', crawlState: 'fetching' });
    const next = await repo.claim(first.id, 'job-2', 5, new Date(), staleBefore, false);
    expect(paths(next)).toEqual(['queued']);

    // A retried run (its first claim) takes back what it held; another run's fresh claim stays.
    await held('queued', 'job-1', recent);
    const retried = await repo.claim(first.id, 'job-1', 5, new Date(), staleBefore, true);
    expect(paths(retried).sort()).toEqual(['lost', 'mine', 'queued']);
    const [fresh] = await db.select().from(pages).where(eq(pages.normalisedUrl, 'https://example.org/fresh'));
    expect(fresh).toMatchObject({ claimedBy: 'job-live', claimedAt: recent });
  });

  it('gives claimed URLs back to the queue, where the next claim finds them', async () => {
    const db = handle.db;
    const { first } = await seedProjectWithTwoCrawls(db, 'Claim release');
    const repo = createCrawlsRepository(db);
    await repo.enqueue(
      first,
      Array.from({ length: 40 }, (_, i) => seed(`p${String(i).padStart(2, '0')}`, 1)),
    );
    const claimed = await repo.claim(first.id, 'job-1', 30, new Date(), new Date(0));
    expect(claimed).toHaveLength(30);
    await repo.release(claimed.slice(10).map((p) => p.id));
    const released = await db
      .select()
      .from(pages)
      .where(
        inArray(
          pages.id,
          claimed.slice(10).map((p) => p.id),
        ),
      );
    expect(released.every((p) => p.crawlState === 'queued' && p.claimedBy === null)).toBe(true);
    const again = await repo.claim(first.id, 'job-2', 100, new Date(), new Date(0));
    expect(again).toHaveLength(30);
    expect(new Set([...claimed.slice(0, 10), ...again].map((p) => p.id)).size).toBe(40);
  });
});
