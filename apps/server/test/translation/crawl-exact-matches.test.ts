import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_EVENTS, projectRoomOf, type TmEntry } from '@bhasha/contract';
import { waitForCrawl } from '../crawl/support/crawl-test-app';
import { startStaticSite, type StaticSite } from '../crawl/support/static-site';
import { countsFromRows, maintainedCounts, totals } from './support/count-truth';
import { buildTranslationFixture, type TranslationFixture } from './support/translation-fixture';

const SITE = join(import.meta.dirname, '..', 'fixtures', 'websites', 'orgpedia-cabsec');

describe('a real crawl applies exact matches and keeps the counts', () => {
  let f: TranslationFixture;
  let site: StaticSite;

  beforeAll(async () => {
    f = await buildTranslationFixture({ maxPages: 4 });
    site = await startStaticSite({ root: SITE });
  });
  afterAll(async () => {
    await site.close();
    await f.close();
  });

  async function crawledProject(): Promise<string> {
    const created = await f.post('/project/new', { baseUrl: site.origin, targetLanguages: ['hi'] });
    const projectId = created.json<{ data: { project: { id: string } } }>().data.project.id;
    expect((await f.post('/project/crawl', { projectId })).statusCode).toBe(200);
    const info = await waitForCrawl(f.t, f.admin, projectId);
    expect(info.status).toBe('COMPLETED');
    return projectId;
  }

  it('translations saved in the first crawled project appear in the second when it is crawled', async () => {
    const first = await crawledProject();
    const tm = (
      await f.post('/translation/filter', { projectId: first, targetLang: 'hi', pageSize: 2 })
    ).json<{
      data: { tm: TmEntry[]; total: number };
    }>().data;
    expect(tm.total).toBeGreaterThan(10);
    await f.post('/translation/user/update', {
      projectId: first,
      targetLang: 'hi',
      sourceHash: tm.tm[0]!.sourceHash,
      preProcessedTarget: 'मंत्रिमंडल सचिवालय',
    });

    const second = await crawledProject();
    const applied = (
      await f.post('/translation/filter', { projectId: second, targetLang: 'hi', types: ['USER'] })
    ).json<{ data: { tm: TmEntry[] } }>().data.tm;
    expect(applied.map((e) => [e.sourceHash, e.preProcessedTarget])).toEqual([
      [tm.tm[0]!.sourceHash, 'मंत्रिमंडल सचिवालय'],
    ]);
    // Open editors of the second project were told, after the page was committed.
    const pushed = f.t.events.filter(
      (e) => e.room === projectRoomOf(second) && e.event === TRANSLATION_EVENTS.translationChanged,
    );
    expect(pushed.map((e) => e.payload)).toEqual([
      {
        projectId: second,
        targetLang: 'hi',
        changedBy: null,
        entries: [
          expect.objectContaining({
            sourceHash: tm.tm[0]!.sourceHash,
            preProcessedTarget: 'मंत्रिमंडल सचिवालय',
            translationType: 'USER',
            version: 1,
          }),
        ],
      },
    ]);
    for (const projectId of [first, second]) {
      expect(await maintainedCounts(f.t.handle.db, projectId)).toEqual(
        await countsFromRows(f.t.handle.db, projectId),
      );
      const { fromRows, maintained } = await totals(f.t.handle.db, projectId);
      expect(maintained).toEqual(fromRows);
    }
  });
});
