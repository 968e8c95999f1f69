import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pages, pageSegments, segments, type DbHandle } from '@bhasha/db';
import { createSegmentsRepository } from '../../src/modules/crawl/segments.repository';
import { createPagesRepository } from '../../src/modules/scope/pages.repository';
import { createTranslationsRepository } from '../../src/modules/translation/translations.repository';
import { createTestDb } from '../support/test-db';
import { seedHostPages, seedWebsiteProject } from './support/seed-project';

// A page's occurrences are one page_segments row of arrays (ADR 0025). Deleting a segment
// (project/deleteIndividualSegments) leaves its id in those arrays; every reader joins to
// segments, so the id is dropped there, never shown nor counted.
describe('page_segments: one row per page, and readers that drop deleted segments', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  const title = { sourceHash: 'h-title', text: 'Home', kind: 'title' as const, wordCount: 1 };
  const menu = { sourceHash: 'h-menu', text: 'About us', kind: 'text' as const, wordCount: 2 };
  const body = { sourceHash: 'h-body', text: 'Three words here', kind: 'text' as const, wordCount: 3 };
  const other = { sourceHash: 'h-other', text: 'Only elsewhere', kind: 'text' as const, wordCount: 2 };

  async function seed() {
    const db = handle.db;
    const ids = await seedWebsiteProject(db, { name: 'Arrays', baseUrl: 'https://a.example.org/' });
    const [first, second] = (await seedHostPages(db, ids, ['a', 'b'])) as [string, string];
    const repository = createSegmentsRepository(db);
    const counts = await repository.replaceSegmentsOfPages(
      ids,
      [
        { pageId: first, segments: [title, menu, body, menu] },
        { pageId: second, segments: [menu, other] },
      ],
      new Date(),
    );
    // The page rows' counts, as the batch writer stores them.
    for (const [pageId, c] of counts) await db.update(pages).set(c).where(eq(pages.id, pageId));
    return { ids, first, second, repository };
  }

  const hashesOn = async (pageId: string) => {
    const [row] = await handle.db.select().from(pageSegments).where(eq(pageSegments.pageId, pageId));
    const byId = new Map((await handle.db.select().from(segments)).map((s) => [s.id, s.sourceHash] as const));
    return { hashes: row!.segmentIds.map((id) => byId.get(id) ?? 'gone'), occurrences: row!.occurrences };
  };

  it('stores a page as its ids in order of first occurrence with their counts, and re-stores it in place', async () => {
    const { ids, first, second, repository } = await seed();
    expect(await hashesOn(first)).toEqual({
      hashes: ['h-title', 'h-menu', 'h-body'],
      occurrences: [1, 2, 1],
    });
    expect(await hashesOn(second)).toEqual({ hashes: ['h-menu', 'h-other'], occurrences: [1, 1] });
    // The page a segment was first found on (the MT runs meter usage by its host).
    const firstPages = await handle.db
      .select({ hash: segments.sourceHash, firstPageId: segments.firstPageId })
      .from(segments)
      .where(eq(segments.projectId, ids.projectId));
    expect(Object.fromEntries(firstPages.map((s) => [s.hash, s.firstPageId]))).toEqual({
      'h-title': first,
      'h-menu': first,
      'h-body': first,
      'h-other': second,
    });
    // Storing the page again replaces its row (no second row, no duplicate ids).
    await repository.replaceSegmentsOfPages(ids, [{ pageId: first, segments: [body, title] }], new Date());
    expect(await hashesOn(first)).toEqual({ hashes: ['h-body', 'h-title'], occurrences: [1, 1] });
    const rows = await handle.db.select().from(pageSegments).where(eq(pageSegments.projectId, ids.projectId));
    expect(rows).toHaveLength(2);
    await repository.clearPages([first]);
    expect(await handle.db.select().from(pageSegments).where(eq(pageSegments.pageId, first))).toHaveLength(0);
  });

  it('leaves a deleted segment out of every reader, and out of the recounted page counts', async () => {
    const { ids, first, second, repository } = await seed();
    expect(await repository.deleteByHashes(ids.projectId, ['h-menu'])).toBe(1);
    await repository.recountPages(ids.projectId);
    // The id stays in the arrays (no rewrite of every page holding it)...
    expect((await hashesOn(first)).hashes).toEqual(['h-title', 'gone', 'h-body']);

    // ...and no reader sees it: the scope's segment list of the page, with its total,
    const scope = await createPagesRepository(handle.db).listPageSegments(first, {
      pageNumber: 1,
      pageSize: 10,
    });
    expect(scope.total).toBe(2);
    expect(scope.rows.map((r) => [r.sourceHash, r.occurrences])).toEqual([
      ['h-title', 1],
      ['h-body', 1],
    ]);
    // the per-URL word counts,
    const translations = createTranslationsRepository(handle.db);
    const perUrl = await translations.pageCounts(ids.projectId, first, 'hi');
    expect(perUrl).toEqual([
      expect.objectContaining({ type: 'NO_TRANSLATION_AVAILABLE', segments: 2, words: 4 }),
    ]);
    // the editor's URL filter,
    const editor = await translations.listEntries(
      ids.projectId,
      { targetLang: 'hi', pageId: first },
      { offset: 0, limit: 10 },
    );
    expect(editor.rows.map((r) => r.sourceHash)).toEqual(['h-title', 'h-body']);
    expect(editor.total).toBe(2);
    // the SEO list (pages with a title or meta segment),
    const seo = await translations.metaPages(ids.projectId, 'hi', undefined, { offset: 0, limit: 10 });
    expect(seo.pages.map((p) => p.id)).toEqual([first]);
    expect(seo.entries.map((e) => e.sourceHash)).toEqual(['h-title']);
    // the project's word counts,
    expect(await repository.projectCounts(ids.projectId)).toMatchObject({
      uniqueWordCount: 1 + 3 + 2,
      segmentCount: 3,
    });
    // and the page rows recounted from the arrays.
    const recounted = await handle.db
      .select({ id: pages.id, source: pages.sourceWordCount, n: pages.segmentCount })
      .from(pages)
      .where(eq(pages.projectId, ids.projectId));
    expect(Object.fromEntries(recounted.map((p) => [p.id, [p.source, p.n]]))).toEqual({
      [first]: [4, 2],
      [second]: [2, 1],
    });
  });

  it('counts only segments of in-scope pages in the project totals', async () => {
    const { ids, second, repository } = await seed();
    await handle.db.update(pages).set({ inScope: false }).where(eq(pages.id, second));
    expect(await repository.projectCounts(ids.projectId)).toMatchObject({
      uniqueWordCount: 1 + 2 + 3,
      segmentCount: 3,
      sourceWordCount: 1 + 2 * 2 + 3,
    });
  });
});
