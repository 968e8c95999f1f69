import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TERM_MESSAGES } from '@bhasha/contract';
import { segments, translations } from '@bhasha/db';
import { createTranslationWriter } from '../../src/modules/translation/translation-writer.repository';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { multipartBody } from '../support/multipart';
import { buildMtTestApp, type MtTestApp } from './support/mt-test-app';

const PAGE = 'docs/architecture/index.html';

describe('mask terms (transliterationGlossary) and transliteration', () => {
  let t: MtTestApp;
  let headers: Record<string, string>;
  let foreignHeaders: Record<string, string>;
  let organisationId: string;

  beforeAll(async () => {
    t = await buildMtTestApp({});
    organisationId = (await t.createOrganisation()).id;
    ({ headers } = await t.createMember('organisationAdmin', organisationId));
    const other = await t.createOrganisation('Other');
    ({ headers: foreignHeaders } = await t.createMember('organisationAdmin', other.id));
  }, 60_000);
  afterAll(() => t?.close());

  function upload(
    url: string,
    fields: Record<string, string>,
    content: string,
    name = 'terms.csv',
    as = headers,
  ) {
    const body = multipartBody(fields, {
      name,
      type: name.endsWith('.csv') ? 'text/csv' : 'image/png',
      content,
    });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...as, 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  const post = (url: string, payload: Record<string, unknown>, as = headers) =>
    t.app.inject({ method: 'POST', url, headers: as, payload });

  it('stores, lists, downloads (formulas escaped) and deletes mask terms', async () => {
    const project = await t.createProject(organisationId, [], ['hi', 'es']);
    const csv = [
      'term,action,translation,targetLang,caseSensitive',
      'Jitsi Meet,keep,,,true',
      'conference,translate,सम्मेलन,hi,false',
      '"=HYPERLINK(""http://evil"")",keep,,,',
      'Videobridge,transliterate,,,',
    ].join('\r\n');
    const created = await upload('/api/transliterationGlossary/create', { projectId: project.id }, csv);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ message: TERM_MESSAGES.uploaded, data: { saved: 4 } });
    // The same term uploaded again replaces the stored one.
    const again = await upload(
      '/api/transliterationGlossary/create',
      { projectId: project.id },
      'term,translation\nconference,संगोष्ठी\n',
    );
    expect(again.statusCode).toBe(200);

    const listed = await post('/api/transliterationGlossary/get', { projectId: project.id, pageSize: 50 });
    expect(listed.json().data.total).toBe(5);
    const terms = listed.json().data.terms as Array<{
      id: string;
      term: string;
      action: string;
      targetLang: string;
    }>;
    expect(terms.find((x) => x.term === 'Jitsi Meet')).toMatchObject({
      action: 'keep',
      targetLang: '*',
      caseSensitive: true,
    });
    expect(
      terms
        .filter((x) => x.term === 'conference')
        .map((x) => x.targetLang)
        .sort(),
    ).toEqual(['*', 'hi']);

    const download = await post('/api/transliterationGlossary/csv/get', { projectId: project.id });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toBe('attachment; filename="maskTermsList.csv"');
    expect(download.body.split('\r\n')[0]).toBe('term,action,translation,targetLang,caseSensitive');
    expect(download.body).toContain(`"'=HYPERLINK(""http://evil"")",keep`);
    expect(download.body).not.toMatch(/(^|\n|,)=HYPERLINK/);

    const removed = await post('/api/transliterationGlossary/delete', {
      projectId: project.id,
      ids: [terms[0]!.id],
    });
    expect(removed.json().data.deleted).toBe(1);
    const removedAll = await post('/api/transliterationGlossary/delete', { projectId: project.id });
    expect(removedAll.json().data.deleted).toBe(4);
  });

  it("answers 'Please upload a correct format' for a bad file and stores nothing", async () => {
    const project = await t.createProject(organisationId, [], ['hi']);
    const bad: Array<[string, string]> = [
      ['word,meaning\nJitsi,x\n', 'terms.csv'],
      ['term,action\nJitsi,shout\n', 'terms.csv'],
      ['term,action,translation\nconference,translate,\n', 'terms.csv'],
      ['term\n"Jitsi\n', 'terms.csv'],
      ['term,targetLang\nJitsi,klingon\n', 'terms.csv'],
      ['term\n', 'terms.csv'],
      ['\u0089PNG binary', 'logo.png'],
    ];
    for (const [content, name] of bad) {
      const response = await upload(
        '/api/transliterationGlossary/create',
        { projectId: project.id },
        content,
        name,
      );
      expect(response.statusCode, content).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: TERM_MESSAGES.badFormat });
    }
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/transliterationGlossary/create',
      headers: { ...headers, 'content-type': multipartBody({ projectId: project.id }).contentType },
      payload: multipartBody({ projectId: project.id }).payload,
    });
    expect(noFile.json().message).toBe(TERM_MESSAGES.badFormat);
    const listed = await post('/api/transliterationGlossary/get', { projectId: project.id });
    expect(listed.json().data.total).toBe(0);
  });

  it("answers 404 for another organisation's project", async () => {
    const project = await t.createProject(organisationId, [], ['hi']);
    await upload('/api/transliterationGlossary/create', { projectId: project.id }, 'term\nJitsi\n');
    const calls = [
      upload(
        '/api/transliterationGlossary/create',
        { projectId: project.id },
        'term\nX\n',
        'terms.csv',
        foreignHeaders,
      ),
      post('/api/transliterationGlossary/get', { projectId: project.id }, foreignHeaders),
      post('/api/transliterationGlossary/delete', { projectId: project.id }, foreignHeaders),
      post('/api/transliterationGlossary/csv/get', { projectId: project.id }, foreignHeaders),
      upload(
        '/api/transliteration',
        { projectId: project.id, targetLang: 'hi' },
        'source,target\na,अ\n',
        'p.csv',
        foreignHeaders,
      ),
      post('/api/transliteration/get', { projectId: project.id }, foreignHeaders),
      post(
        '/api/transliteration/applyTransliteration',
        { projectId: project.id, targetLang: 'hi', idArr: [project.id] },
        foreignHeaders,
      ),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Jitsi');
    }
    expect(
      (await post('/api/transliterationGlossary/get', { projectId: project.id })).json().data.total,
    ).toBe(1);
  });

  it('transliterates selected segments into t13n with custom pairs first, keeping USER translations', async () => {
    const organisation = await t.createOrganisation('Translit Org');
    const member = await t.createMember('organisationAdmin', organisation.id);
    const project = await t.createProject(organisation.id, [PAGE], ['hi', 'es']);
    const pairs = await upload(
      '/api/transliteration',
      { projectId: project.id, targetLang: 'hi' },
      'source,target\nJitsi,जित्सी\n',
      'pairs.csv',
      member.headers,
    );
    expect(pairs.statusCode, pairs.body).toBe(200);
    const listed = await post('/api/transliteration/get', { projectId: project.id }, member.headers);
    expect(listed.json().data.pairs).toMatchObject([{ source: 'Jitsi', target: 'जित्सी', targetLang: 'hi' }]);

    const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
    const linked = all.find((s) => s.text === 'Jitsi comprises a <x1>collection of projects</x1>:')!;
    const prosody = all.find((s) => s.text.startsWith('<x1>Prosody</x1>'))!;
    await createTranslationWriter({
      db: t.handle.db,
      emitter: silentEmitter,
      clock: { now: () => new Date() },
    }).write({ organisationId: organisation.id, projectId: project.id, authorId: null }, [
      { sourceHash: prosody.sourceHash, targetLang: 'hi', text: 'प्रोसॉडी', type: 'USER', origin: 'editor' },
    ]);
    const applied = await post(
      '/api/transliteration/applyTransliteration',
      { projectId: project.id, targetLang: 'hi', idArr: [linked.id, prosody.id] },
      member.headers,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ transliterated: 1, skipped: 1 });
    const rows = await t.handle.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, project.id), eq(translations.targetLang, 'hi')));
    const written = rows.find((r) => r.segmentId === linked.id)!;
    expect(written).toMatchObject({ type: 'MACHINE', displayType: 't13n' });
    expect(written.text).toMatch(/^जित्सी [\u0900-\u097F ]+ <x1>[\u0900-\u097F ]+<\/x1>:$/);
    expect(rows.find((r) => r.segmentId === prosody.id)).toMatchObject({ type: 'USER', text: 'प्रोसॉडी' });

    const unsupported = await post(
      '/api/transliteration/applyTransliteration',
      { projectId: project.id, targetLang: 'es', idArr: [linked.id] },
      member.headers,
    );
    expect(unsupported.json().message).toBe(TERM_MESSAGES.languageNotSupported);
    const badPairs = await upload(
      '/api/transliteration',
      { projectId: project.id },
      'source,target\nJitsi,x\n',
      'pairs.csv',
      member.headers,
    );
    expect(badPairs.json().message).toBe(TERM_MESSAGES.badFormat);
    const removed = await post('/api/transliteration/delete', { projectId: project.id }, member.headers);
    expect(removed.json().data.deleted).toBe(1);
  }, 60_000);

  it('suggests ranked candidates for a Roman word (phonetic keyboard), the custom pair first', async () => {
    const organisation = await t.createOrganisation('Phonetic Org');
    const member = await t.createMember('organisationAdmin', organisation.id);
    const stranger = await t.createMember('organisationAdmin', (await t.createOrganisation('Other')).id);
    const project = await t.createProject(organisation.id, [], ['hi', 'es']);
    const suggest = (word: string, targetLang = 'hi', headers = member.headers) =>
      post('/api/transliteration/suggest', { projectId: project.id, targetLang, word }, headers);

    const plain = await suggest('namaste');
    expect(plain.statusCode, plain.body).toBe(200);
    const candidates = plain.json<{ data: { candidates: string[] } }>().data.candidates;
    expect(candidates.length).toBeGreaterThan(1);
    expect(candidates.length).toBeLessThanOrEqual(5);
    expect(candidates).toContain('नमस्ते');
    expect(candidates.every((c) => /^[\u0900-\u097F]+$/u.test(c))).toBe(true);

    await upload(
      '/api/transliteration',
      { projectId: project.id, targetLang: 'hi' },
      'source,target\nnamaste,नमस्कार\n',
      'pairs.csv',
      member.headers,
    );
    const custom = (await suggest('Namaste')).json<{ data: { candidates: string[] } }>().data.candidates;
    expect(custom[0]).toBe('नमस्कार');
    expect(new Set(custom).size).toBe(custom.length);

    expect((await suggest('namaste', 'es')).json().message).toBe(TERM_MESSAGES.languageNotSupported);
    expect((await suggest('नमस्ते')).statusCode).toBe(400);
    expect((await suggest('namaste', 'hi', stranger.headers)).statusCode).toBe(404);
  }, 60_000);
});
