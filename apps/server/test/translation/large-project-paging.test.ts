import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TmListResponse } from '@bhasha/contract';
import {
  createTranslationsRepository,
  type EntryFilter,
} from '../../src/modules/translation/translations.repository';
import { buildTranslationFixture, type TranslationFixture } from './support/translation-fixture';
import { seedLargeProject } from './support/large-project';

/*
 * A 100,000-segment project (ADR 0018): the editor pages through it by keyset without ever
 * loading more than a page, every filter's page is read from an index range in document order
 * (EXPLAIN: no sequential scan, no sort), and the totals come from the maintained counts.
 */
const COUNT = 100_000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('a 100,000-segment project in the editor', () => {
  let f: TranslationFixture;
  let projectId: string;
  let hashes: string[];

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId } = await f.createProject({ targetLanguages: ['hi'], pageFiles: [] }));
    // Every 10th string machine-translated, every 500th by a person (sparse), the rest untranslated and new.
    hashes = await seedLargeProject(
      f.t.handle.db,
      { organisationId: f.organisationId, projectId },
      { count: COUNT, perPage: 2000, targetLang: 'hi', translateEvery: { USER: 500, MACHINE: 10 } },
    );
  }, 600_000);
  afterAll(async () => f.close());

  const filter = async (body: object) => {
    const response = await f.post('/translation/filter', { projectId, targetLang: 'hi', ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TmListResponse }>().data;
  };

  it('pages forwards and backwards by cursor: every row once, in document order, a page at a time', async () => {
    const first = await filter({ pageSize: 200 });
    expect(first.total).toBe(COUNT);
    expect(first.tm).toHaveLength(200);
    expect(first.hasPrevious).toBe(false);
    expect(first.hasNext).toBe(true);
    const seen = first.tm.map((e) => e.sourceHash);
    let page = first;
    for (let i = 0; i < 4; i += 1) {
      page = await filter({ pageSize: 200, after: page.endCursor });
      expect(page.tm).toHaveLength(200);
      seen.push(...page.tm.map((e) => e.sourceHash));
    }
    expect(seen).toEqual(hashes.slice(0, 1000));
    const back = await filter({ pageSize: 200, before: page.startCursor });
    expect(back.tm.map((e) => e.sourceHash)).toEqual(hashes.slice(600, 800));
    // A jump far into the list (the pager) and the very end.
    const jump = await filter({ pageSize: 100, pageNumber: 700 });
    expect(jump.tm.map((e) => e.sourceHash)).toEqual(hashes.slice(69_900, 70_000));
    const last = await filter({ pageSize: 100, after: jump.endCursor, pageNumber: 701 });
    expect(last.tm[0]!.sourceHash).toBe(hashes[70_000]);
    const end = await filter({ pageSize: 100, pageNumber: 1000 });
    expect(end.hasNext).toBe(false);
    expect(end.tm.at(-1)!.sourceHash).toBe(hashes.at(-1));
  });

  it('type filters page by cursor too, with totals from the maintained counts', async () => {
    const user = await filter({ types: ['USER'], pageSize: 50 });
    expect(user.total).toBe(COUNT / 500);
    const next = await filter({ types: ['USER'], pageSize: 50, after: user.endCursor });
    expect([...user.tm, ...next.tm].map((e) => e.sourceHash)).toEqual(
      hashes.filter((_, i) => i % 500 === 0).slice(0, 100),
    );
    expect(next.tm.every((e) => e.translationType === 'USER')).toBe(true);
    const fresh = await filter({ newContent: true, pageSize: 50 });
    const untranslated = hashes.filter((_, i) => i % 500 !== 0 && i % 10 !== 0);
    expect(fresh.total).toBe(untranslated.length);
    const freshNext = await filter({ newContent: true, pageSize: 50, after: fresh.endCursor });
    expect([...fresh.tm, ...freshNext.tm].map((e) => e.sourceHash)).toEqual(untranslated.slice(0, 100));
    const bad = await f.post('/translation/filter', { projectId, targetLang: 'hi', after: 'x1' });
    expect(bad.statusCode).toBe(400);
    const both = await f.post('/translation/filter', {
      projectId,
      targetLang: 'hi',
      after: '1',
      before: '9',
    });
    expect(both.statusCode).toBe(400);
  });

  it('reads every filter’s page from an index range in document order (EXPLAIN)', async () => {
    const repository = createTranslationsRepository(f.t.handle.db);
    const cases: Array<[string, EntryFilter, string]> = [
      ['all', { targetLang: 'hi' }, 'segments_project_seq_idx'],
      ['new content', { targetLang: 'hi', newContent: true }, 'segments_project_new_seq_idx'],
      ['self translated', { targetLang: 'hi', types: ['USER'] }, 'translations_project_lang_type_seq_idx'],
      ['machine', { targetLang: 'hi', types: ['MACHINE'] }, 'translations_project_lang_type_seq_idx'],
      [
        'transliterated',
        { targetLang: 'hi', displayTypes: ['t13n'] },
        'translations_project_lang_t13n_seq_idx',
      ],
    ];
    for (const [label, entryFilter, index] of cases) {
      const query = repository
        .pageQuery(projectId, entryFilter, { offset: 0, limit: 50, after: 150_000_000 - 1 })
        .toSQL();
      const result = await f.t.handle.executeSql(`explain (format json) ${query.sql}`, query.params);
      const plan = (result.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
      const nodes = nodesOf(plan);
      expect(nodes.map((n) => n['Index Name']).filter(Boolean), label).toContain(index);
      expect(
        nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== 'users'),
        label,
      ).toEqual([]);
      expect(
        nodes.filter((n) => n['Node Type'] === 'Sort'),
        label,
      ).toEqual([]);
    }
  });
});
