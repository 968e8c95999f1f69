import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pages, pageSegments, type DbHandle } from '@bhasha/db';
import { createCrawlsRepository, frontierWrites } from '../../src/modules/crawl/crawls.repository';
import { storeFetchedPages, type FetchedPage } from '../../src/modules/crawl/page-batch.repository';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { createTestDb } from '../support/test-db';
import { seedProjectWithTwoCrawls } from './support/seed-project';

// The crawl's writer queues a batch's links in the batch's own transaction, by the statement that
// stores its page rows and occurrences (ADR 0013): all of it lands, or none of it.
describe('a stored batch queues its links in the same statement', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  const seed = (path: string, depth = 1) => ({
    url: `https://example.org/${path}`,
    normalisedUrl: `https://example.org/${path}`,
    hostname: 'example.org',
    depth,
  });
  const byPath = async (projectId: string) => {
    const rows = await handle.db.select().from(pages).where(eq(pages.projectId, projectId));
    return new Map(rows.map((row) => [row.normalisedUrl.slice('https://example.org/'.length), row]));
  };

  async function claimedBatch(name: string) {
    const { ids, first } = await seedProjectWithTwoCrawls(handle.db, name);
    const repo = createCrawlsRepository(handle.db);
    await repo.enqueue(first, [seed('a', 0), seed('b', 0), seed('known', 1)]);
    const claimed = await repo.claim(first.id, 'job-1', 2, new Date(), new Date(0));
    const page = (path: string) => claimed.find((p) => p.normalisedUrl.endsWith(`/${path}`))!;
    const fetched: FetchedPage[] = [
      {
        page: page('a'),
        outcome: { status: 'fetched', httpStatus: 200, contentHash: `hash-${name}`, links: [] },
        hasContent: true,
        segments: [{ sourceHash: `s-${name}`, text: 'Hello world', kind: 'text', wordCount: 2 }],
      },
      {
        page: page('b'),
        outcome: { status: 'failed', httpStatus: 404, error: 'HTTP 404', links: [] },
        hasContent: false,
        segments: null,
      },
    ];
    const links = {
      allowed: [seed('c'), seed('d'), seed('known')],
      disallowed: [seed('private/a')],
      now: new Date(),
      disallowedError: 'Disallowed by robots.txt',
    };
    return { ids, crawl: first, fetched, writes: frontierWrites(first, links) };
  }

  it('stores the pages, their occurrences and the new links, and counts the URLs that joined', async () => {
    const { ids, crawl, fetched, writes } = await claimedBatch('Batch frontier');
    const cache = { known: new Map(), stored: new Map() };
    const joined = await handle.db.transaction((tx) =>
      storeFetchedPages(tx, { crawlId: crawl.id, ...ids }, fetched, new Date(), cache, silentEmitter, writes),
    );
    // c, d and the disallowed one; `known` was already this crawl's.
    expect(joined).toBe(3);
    const rows = await byPath(ids.projectId);
    expect(rows.get('a')).toMatchObject({ crawlState: 'done', status: 'fetched', sourceWordCount: 2 });
    expect(rows.get('b')).toMatchObject({ crawlState: 'done', status: 'failed', httpStatus: 404 });
    expect(rows.get('c')).toMatchObject({ crawlState: 'queued', crawlId: crawl.id, depth: 1 });
    expect(rows.get('d')).toMatchObject({ crawlState: 'queued', crawlId: crawl.id });
    expect(rows.get('known')).toMatchObject({ crawlState: 'queued', crawlId: crawl.id });
    expect(rows.get('private/a')).toMatchObject({
      crawlState: 'done',
      status: 'skipped',
      error: 'Disallowed by robots.txt',
    });
    const occurrences = await handle.db
      .select()
      .from(pageSegments)
      .where(eq(pageSegments.projectId, ids.projectId));
    expect(occurrences.map((o) => [o.pageId, o.occurrences])).toEqual([[rows.get('a')!.id, [1]]]);
  });

  it('queues nothing when the batch does not commit', async () => {
    const { ids, crawl, fetched, writes } = await claimedBatch('Batch frontier rollback');
    const cache = { known: new Map(), stored: new Map() };
    await expect(
      handle.db.transaction(async (tx) => {
        await storeFetchedPages(
          tx,
          { crawlId: crawl.id, ...ids },
          fetched,
          new Date(),
          cache,
          silentEmitter,
          writes,
        );
        throw new Error('the commit never comes');
      }),
    ).rejects.toThrow('the commit never comes');
    const rows = await byPath(ids.projectId);
    expect([...rows.keys()].sort()).toEqual(['a', 'b', 'known']);
    expect(rows.get('a')).toMatchObject({ crawlState: 'fetching', status: 'new' });
  });
});
