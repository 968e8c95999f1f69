import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@bhasha/db';
import { createTestDbMigratedUpTo } from '../support/migrated-up-to';
import { seedHostPages, seedWebsiteProject } from './support/seed-project';

// Migrations 0019/0020 (ADR 0025) turn segment_occurrences rows into one page_segments row per
// page and drop the old table: a database crawled before must keep every occurrence.
const BEFORE = '0018_';

describe('migrating segment_occurrences to page_segments', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDbMigratedUpTo(BEFORE);
  }, 180_000);
  afterAll(() => handle.close());

  it('keeps every page’s occurrences in order with their counts, and each segment’s first page', async () => {
    const db = handle.db;
    const ids = await seedWebsiteProject(db, { name: 'Before', baseUrl: 'https://a.example.org/' });
    const [first, second] = (await seedHostPages(db, ids, ['a', 'b'])) as [string, string];
    const sql = (text: string, values: unknown[]) => handle.executeSql(text, values);
    const segmentIds: string[] = [];
    for (const hash of ['s1', 's2', 's3']) {
      const inserted = await sql(
        `insert into segments (organisation_id, project_id, source_hash, text, kind, word_count)
         values ($1, $2, $3, $3, 'text', 1) returning id`,
        [ids.organisationId, ids.projectId, hash],
      );
      segmentIds.push(String(inserted.rows[0]!.id));
    }
    const [s1, s2, s3] = segmentIds as [string, string, string];
    // The old writer's position: index of the first occurrence among all of a page's segments.
    const occurrences: Array<[string, string, number, number]> = [
      [first, s2, 2, 0],
      [first, s1, 1, 3],
      [second, s1, 1, 0],
      [second, s3, 1, 1],
    ];
    for (const [pageId, segmentId, count, position] of occurrences)
      await sql(
        `insert into segment_occurrences (page_id, segment_id, project_id, organisation_id, occurrences, position)
         values ($1, $2, $3, $4, $5, $6)`,
        [pageId, segmentId, ids.projectId, ids.organisationId, count, position],
      );

    await handle.migrate();

    const rows = await sql(
      `select page_id, project_id, organisation_id, segment_ids::text[] as segment_ids, occurrences
       from page_segments order by page_id = $1 desc`,
      [first],
    );
    expect(rows.rows).toEqual([
      { page_id: first, ...columns(ids), segment_ids: [s2, s1], occurrences: [2, 1] },
      { page_id: second, ...columns(ids), segment_ids: [s1, s3], occurrences: [1, 1] },
    ]);
    const firstPages = await sql(`select id, first_page_id from segments`, []);
    expect(Object.fromEntries(firstPages.rows.map((r) => [r.id, r.first_page_id]))).toEqual({
      [s1]: second, // position 0 there, 3 on the first page
      [s2]: first,
      [s3]: second,
    });
    const old = await sql(`select to_regclass('segment_occurrences') as old`, []);
    expect(old.rows[0]!.old).toBeNull();
  });
});

function columns(ids: { organisationId: string; projectId: string }) {
  return { project_id: ids.projectId, organisation_id: ids.organisationId };
}
