import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TmEntry } from '@bhasha/contract';
import { memoryEntries, projects, translationRevisions } from '@bhasha/db';
import {
  buildTranslationFixture,
  type Headers,
  type TranslationFixture,
} from './support/translation-fixture';

describe('exact matches from the organisation memory when new segments appear', () => {
  let f: TranslationFixture;
  let first: string;
  let translated: TmEntry[];

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId: first } = await f.createProject({ targetLanguages: ['hi'], pageFiles: ['index.html'] }));
    const list = await f.post('/translation/filter', { projectId: first, targetLang: 'hi', pageSize: 3 });
    translated = list.json<{ data: { tm: TmEntry[] } }>().data.tm;
    await f.post('/translation/user/update', {
      projectId: first,
      targetLang: 'hi',
      sourceHash: translated[0]!.sourceHash,
      preProcessedTarget: 'उपयोगकर्ता का अनुवाद',
    });
    await f.post('/translation/user/update', {
      projectId: first,
      targetLang: 'hi',
      sourceHash: translated[1]!.sourceHash,
      preProcessedTarget: 'लिप्यंतरण',
      displayType: 't13n',
    });
  });
  afterAll(async () => f.close());

  const entriesOf = async (projectId: string, headers: Headers = f.admin) =>
    (
      await f.post(
        '/translation/filter',
        { projectId, targetLang: 'hi', types: ['USER', 'MACHINE', 'PBK'], pageSize: 500 },
        headers,
      )
    ).json<{
      data: { tm: TmEntry[] };
    }>().data.tm;

  async function waitUntilDeleted(projectId: string) {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const rows = await f.t.handle.db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, projectId));
      if (rows.length === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`project ${projectId} was not deleted`);
  }

  it('applies live translations of another project with their type and display type, with a revision', async () => {
    const { projectId: second } = await f.createProject({
      targetLanguages: ['hi', 'ta'],
      pageFiles: ['index.html'],
    });
    const applied = await entriesOf(second);
    expect(
      applied.map((e) => [e.sourceHash, e.preProcessedTarget, e.translationType, e.displayType]).sort(),
    ).toEqual(
      [
        [translated[0]!.sourceHash, 'उपयोगकर्ता का अनुवाद', 'USER', 'translation'],
        [translated[1]!.sourceHash, 'लिप्यंतरण', 'USER', 't13n'],
      ].sort(),
    );
    const revisions = await f.t.handle.db
      .select({ origin: translationRevisions.origin })
      .from(translationRevisions)
      .where(eq(translationRevisions.projectId, second));
    expect(revisions.map((r) => r.origin)).toEqual(['exactMatch', 'exactMatch']);
    const counts = await f.post('/translation/counts', { projectId: second, targetLang: 'hi' });
    expect(counts.json().data.segments.humanVerified).toBe(2);
  });

  it('never applies another organisation’s translations', async () => {
    const other = await f.t.createOrganisation('Elsewhere');
    const outsider = (await f.t.createMember('organisationAdmin', other.id)).headers;
    const { projectId } = await f.createProject({
      targetLanguages: ['hi'],
      pageFiles: ['index.html'],
      headers: outsider,
    });
    expect(await entriesOf(projectId, outsider)).toEqual([]);
  });

  it('does not overwrite an existing translation when the page is stored again', async () => {
    const { projectId } = await f.createProject({ targetLanguages: ['hi'], pageFiles: [] });
    await f.addPage(projectId, 'help/index.html');
    const url = await f.addPage(projectId, 'index.html');
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: translated[0]!.sourceHash,
      preProcessedTarget: 'अपना',
    });
    await f.addPage(projectId, 'index.html', url.replace(/\/$/, '') + '/again/');
    const mine = (await entriesOf(projectId)).find((e) => e.sourceHash === translated[0]!.sourceHash);
    expect(mine?.preProcessedTarget).toBe('अपना');
  });

  async function firstUntranslated(projectId: string): Promise<TmEntry> {
    const listed = await f.post('/translation/filter', { projectId, targetLang: 'hi', pageSize: 500 });
    return listed.json<{ data: { tm: TmEntry[] } }>().data.tm.find((e) => e.preProcessedTarget === '')!;
  }

  it('keepTm keeps a deleted project’s translations for new projects; without keepTm they go', async () => {
    const { projectId: keeper } = await f.createProject({
      targetLanguages: ['hi'],
      pageFiles: ['help/index.html'],
    });
    // Segments nobody in the organisation has translated yet: shared ones (navigation, footer)
    // already carry earlier tests' translations, which a new project would rightly prefer.
    const helpEntry = await firstUntranslated(keeper);
    await f.post('/translation/user/update', {
      projectId: keeper,
      targetLang: 'hi',
      sourceHash: helpEntry.sourceHash,
      preProcessedTarget: 'रखा गया',
    });
    const { projectId: dropped } = await f.createProject({
      targetLanguages: ['hi'],
      pageFiles: ['docs/architecture/index.html'],
    });
    const droppedEntry = await firstUntranslated(dropped);
    await f.post('/translation/user/update', {
      projectId: dropped,
      targetLang: 'hi',
      sourceHash: droppedEntry.sourceHash,
      preProcessedTarget: 'हटाया गया',
    });
    expect((await f.post('/project/delete', { projectId: keeper, keepTm: true })).statusCode).toBe(200);
    expect((await f.post('/project/delete', { projectId: dropped, keepTm: false })).statusCode).toBe(200);
    await waitUntilDeleted(keeper);
    await waitUntilDeleted(dropped);
    const kept = await f.t.handle.db
      .select()
      .from(memoryEntries)
      .where(eq(memoryEntries.sourceProjectId, keeper));
    // The kept project also held an exact match it had received from a live project.
    expect(kept.map((k) => k.text)).toContain('रखा गया');
    expect(kept.map((k) => k.text)).not.toContain('हटाया गया');

    const { projectId: next } = await f.createProject({
      targetLanguages: ['hi'],
      pageFiles: ['help/index.html', 'docs/architecture/index.html'],
    });
    const applied = await entriesOf(next);
    const texts = applied.map((e) => e.preProcessedTarget);
    expect(texts).toContain('रखा गया');
    expect(texts).not.toContain('हटाया गया');
  });
});
