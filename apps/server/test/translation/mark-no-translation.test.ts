import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSLATION_EVENTS,
  TRANSLATION_MESSAGES,
  projectRoomOf,
  type TmEntry,
  type TranslationChangedEvent,
  type TranslationCounts,
} from '@bhasha/contract';
import { countsFromRows, maintainedCounts } from './support/count-truth';
import { buildTranslationFixture, type TranslationFixture } from './support/translation-fixture';

describe('translation/noTranslation/mark', () => {
  let f: TranslationFixture;
  let projectId: string;
  let entries: TmEntry[];

  beforeAll(async () => {
    f = await buildTranslationFixture();
    ({ projectId } = await f.createProject({ targetLanguages: ['hi'] }));
    entries = data<{ tm: TmEntry[] }>(
      await f.post('/translation/filter', { projectId, targetLang: 'hi', pageSize: 3 }),
    ).tm;
  });
  afterAll(async () => f.close());

  const data = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
  const counts = async () =>
    data<TranslationCounts>(await f.post('/translation/counts', { projectId, targetLang: 'hi' }));
  const mark = (sourceHashes: string[], headers?: Record<string, string>) =>
    f.post('/translation/noTranslation/mark', { projectId, targetLang: 'hi', sourceHashes }, headers);

  it('removes the translation of translated entries, moves the counts and keeps the text restorable', async () => {
    const [first, second, untranslated] = entries as [TmEntry, TmEntry, TmEntry];
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: first.sourceHash,
      preProcessedTarget: 'पहला',
    });
    await f.post('/translation/user/update', {
      projectId,
      targetLang: 'hi',
      sourceHash: second.sourceHash,
      preProcessedTarget: 'दूसरा',
    });
    const before = await counts();
    const eventCount = f.t.events.length;

    const response = await mark([first.sourceHash, second.sourceHash, untranslated.sourceHash]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; data: { updated: number; tm: TmEntry[] } }>();
    expect(body.message).toBe(TRANSLATION_MESSAGES.markedNoTranslation);
    expect(body.data.updated).toBe(2);
    expect(
      body.data.tm
        .map((e) => [e.sourceHash, e.translationType, e.preProcessedTarget, e.version])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [first.sourceHash, 'NO_TRANSLATION_AVAILABLE', '', 2],
        [second.sourceHash, 'NO_TRANSLATION_AVAILABLE', '', 2],
        [untranslated.sourceHash, 'NO_TRANSLATION_AVAILABLE', '', 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );

    const after = await counts();
    expect(after.humanVerified).toBe(before.humanVerified - first.wordCount - second.wordCount);
    expect(after.untranslated).toBe(before.untranslated + first.wordCount + second.wordCount);
    expect(after.totalWC).toBe(before.totalWC);
    expect(await maintainedCounts(f.t.handle.db, projectId)).toEqual(
      await countsFromRows(f.t.handle.db, projectId),
    );

    // Open editors see both rows change at once.
    const pushed = f.t.events
      .slice(eventCount)
      .filter((e) => e.event === TRANSLATION_EVENTS.translationChanged);
    expect(pushed.map((e) => e.room)).toEqual([projectRoomOf(projectId)]);
    expect((pushed[0]!.payload as TranslationChangedEvent).entries).toHaveLength(2);

    // The text it had is a revision and comes back as a new version.
    const revisions = data<{
      tmRevisions: Array<{ id: string; preProcessedTarget: string; origin: string }>;
    }>(
      await f.post('/translation/revision/list', {
        projectId,
        targetLang: 'hi',
        sourceHash: first.sourceHash,
      }),
    ).tmRevisions;
    expect(revisions.map((r) => [r.preProcessedTarget, r.origin])).toEqual([
      ['', 'noTranslation'],
      ['पहला', 'editor'],
    ]);
    const restored = await f.post('/translation/revision/restore', {
      projectId,
      revisionId: revisions[1]!.id,
    });
    expect(restored.json()).toMatchObject({
      data: { tm: { preProcessedTarget: 'पहला', translationType: 'USER', version: 3 } },
    });
  });

  it('marking again changes nothing; bad input, unknown strings and other organisations fail', async () => {
    const second = entries[1]!;
    const again = await mark([second.sourceHash]);
    expect(again.json()).toMatchObject({ data: { updated: 0, tm: [{ version: 2 }] } });
    expect((await mark([])).statusCode).toBe(400);
    expect((await mark(['no-such-hash'])).statusCode).toBe(404);
    const wrongLanguage = await f.post('/translation/noTranslation/mark', {
      projectId,
      targetLang: 'bn',
      sourceHashes: [second.sourceHash],
    });
    expect(wrongLanguage.statusCode).toBe(400);
    const other = await f.t.createOrganisation('Other Org');
    const outsider = (await f.t.createMember('organisationAdmin', other.id)).headers;
    const foreign = await mark([second.sourceHash], outsider);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(second.sourceHash);
  });
});
