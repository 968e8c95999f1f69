import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pages, type DbHandle } from '@bhasha/db';
import { createCrawlsRepository } from '../../src/modules/crawl/crawls.repository';
import { createTestDb } from '../support/test-db';
import { seedProjectWithTwoCrawls } from './support/seed-project';

// robots.txt-disallowed URLs are stored as skipped when queued (ADR 0013): they must never be
// claimed, and a page known from an earlier crawl keeps what that crawl stored.
describe('crawls repository: URLs recorded as skipped at enqueue time', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  it('writes them done and skipped, never claims them, and keeps a known page’s content', async () => {
    const db = handle.db;
    const { ids, first, second } = await seedProjectWithTwoCrawls(db, 'Robots');
    const seed = (path: string) => ({
      url: `https://example.org${path}`,
      normalisedUrl: `https://example.org${path}`,
      hostname: 'example.org',
      depth: 1,
    });
    const repo = createCrawlsRepository(db);

    // An earlier crawl fetched /private with content; robots.txt forbids it now.
    await repo.enqueue(first, [seed('/private')]);
    await db
      .update(pages)
      .set({ status: 'fetched', contentHash: 'abc', sourceWordCount: 42, crawlState: 'done' })
      .where(eq(pages.projectId, ids.projectId));

    const now = new Date('2026-11-21T12:00:00Z');
    await repo.enqueue(second, [seed('/open')]);
    await repo.enqueueSkipped(
      second,
      [seed('/private'), seed('/new-private')],
      'Disallowed by robots.txt',
      now,
    );

    const claimed = await repo.claim(second.id, 'job-1', 10, now, new Date(0));
    expect(claimed.map((p) => p.normalisedUrl)).toEqual(['https://example.org/open']);

    const skipped = await db
      .select()
      .from(pages)
      .where(and(eq(pages.crawlId, second.id), eq(pages.status, 'skipped')));
    const byUrl = new Map(skipped.map((p) => [p.normalisedUrl, p]));
    expect(byUrl.size).toBe(2);
    for (const row of skipped) {
      expect(row).toMatchObject({
        crawlState: 'done',
        error: 'Disallowed by robots.txt',
        claimedBy: null,
        httpStatus: null,
      });
      expect(row.lastCrawledAt?.toISOString()).toBe(now.toISOString());
    }
    expect(byUrl.get('https://example.org/private')).toMatchObject({
      contentHash: 'abc',
      sourceWordCount: 42,
    });
    // Counted as discovered, like any URL the crawl queued (the page limit counts them).
    expect(await repo.countDiscovered(second.id)).toBe(3);
    expect(await repo.countRemaining(second.id)).toBe(1);

    // Queued again by the same crawl (another page links to it): left as it is.
    await repo.enqueue(second, [seed('/private')]);
    const [again] = await db
      .select()
      .from(pages)
      .where(eq(pages.normalisedUrl, 'https://example.org/private'));
    expect(again).toMatchObject({ crawlState: 'done', status: 'skipped' });
  });
});
