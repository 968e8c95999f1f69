import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, APP_FILE_MESSAGES, type AppFile, type AppFileUploadResult } from '@bhasha/contract';
import { readResourceFile, readZip, sourceHash, zipStream } from '@bhasha/engine';
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { multipartBody } from '../support/multipart';
import { createMember, createOrganisation } from '../users/tenancy-fixtures';

type Headers = Record<string, string>;

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'app-files');
const SOURCE_PATH = 'app/src/main/res/values/strings.xml';

async function zipOf(members: { name: string; content: Uint8Array }[]): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(members.map((m) => ({ name: m.name, content: [m.content] }))))
    chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** A `.strings` file as Xcode long wrote them: UTF-16LE with a byte order mark. */
function utf16le(text: string): Uint8Array {
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
}

/** Mobile-app string files through the real app on PGlite (issue 26; ADR 0048). */
describe('mobile app string files', () => {
  const clock = createTestClock(new Date('2026-11-20T10:00:00Z'));
  let t: TestApp;
  const tokens = { admin: '', otherAdmin: '' };
  const admin = () => authHeaders(tokens.admin, clock.now());
  const otherAdmin = () => authHeaders(tokens.otherAdmin, clock.now());
  let strings: Uint8Array;
  let stringsBn: Uint8Array;
  let infoPlist: string;
  let projectId: string;
  let fileId: string;

  function post(url: string, headers: Headers, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }

  function upload(
    headers: Headers,
    fields: Record<string, string>,
    file: { name: string; content: Uint8Array },
    url = '/translation/xmlFileTranslation',
  ) {
    const body = multipartBody(fields, { ...file, type: 'application/octet-stream' });
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  async function createMobileProject(headers: Headers, targetLanguages: string[]): Promise<string> {
    const response = await post('/project/new', headers, {
      type: 'mob',
      name: 'Mail app',
      sourceLanguage: 'en',
      targetLanguages,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.project.id as string;
  }

  async function list(id = projectId, headers = admin()): Promise<AppFile[]> {
    const response = await post('/translation/stringxmlFileurls', headers, { projectId: id });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.files;
  }

  async function exportFile(body: object, headers = admin()) {
    return post('/translation/getStringxmlFilePathByLanguage', headers, { projectId, ...body });
  }

  async function saveTranslation(id: string, targetLang: string, text: string, translation: string) {
    const response = await post('/translation/user/update', admin(), {
      projectId: id,
      targetLang,
      sourceHash: sourceHash(text),
      preProcessedTarget: translation,
      displayType: 'translation',
      version: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function count(table: string): Promise<number> {
    const { rows } = await t.handle.executeSql(`SELECT count(*)::int AS n FROM ${table}`);
    return rows[0]?.n as number;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const organisation = await createOrganisation(t, { name: 'Apps Alpha' });
    const other = await createOrganisation(t, { name: 'Apps Beta' });
    tokens.admin = (await createMember(t, organisation.id, ROLES.organisationAdmin)).token;
    tokens.otherAdmin = (await createMember(t, other.id, ROLES.organisationAdmin)).token;
    strings = new Uint8Array(await readFile(join(FIXTURES, 'android', 'values', 'strings.xml')));
    stringsBn = new Uint8Array(await readFile(join(FIXTURES, 'android', 'values-bn', 'strings.xml')));
    infoPlist = await readFile(join(FIXTURES, 'ios', 'en.lproj', 'InfoPlist.strings'), 'utf8');
    projectId = await createMobileProject(admin(), ['hi']);
  });
  afterAll(() => t.close());

  it('creates a mobile project without a website, and keeps refusing string files elsewhere', async () => {
    const details = await post('/project/details', admin(), { projectId });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().data.project).toMatchObject({ type: 'mob' });
    const website = await post('/project/new', admin(), {
      baseUrl: 'https://apps-alpha.example.in',
      targetLanguages: ['hi'],
    });
    const websiteId = website.json().data.project.id as string;
    const refused = await upload(
      admin(),
      { projectId: websiteId },
      { name: 'strings.xml', content: strings },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toContain(APP_FILE_MESSAGES.notMobileProject);
  });

  it('stores every string of an uploaded strings.xml as a segment and lists the file', async () => {
    const segmentsBefore = await count('segments');
    const response = await upload(
      admin(),
      { projectId, path: SOURCE_PATH },
      { name: 'strings.xml', content: strings },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as AppFileUploadResult;
    const parsed = readResourceFile('strings.xml', strings);
    expect(result).toMatchObject({ added: parsed.units.length, changed: 0, removed: 0 });
    expect(result.newWordCount).toBeGreaterThan(0);
    expect(await count('segments')).toBe(segmentsBefore + new Set(parsed.units.map((u) => u.text)).size);

    const [file] = await list();
    fileId = file!.fileId;
    expect(file).toMatchObject({
      path: SOURCE_PATH,
      format: 'android',
      version: 1,
      stringCount: parsed.units.length,
      languages: [
        {
          language: 'hi',
          translatedCount: 0,
          reviewCount: 0,
          totalCount: parsed.units.length,
          exportPath: 'app/src/main/res/values-hi/strings.xml',
        },
      ],
    });
    // The editor's context of a segment: its key and file.
    const { rows } = await t.handle.executeSql(
      `SELECT id FROM segments WHERE project_id = '${projectId}' AND source_hash = '${sourceHash('Cancel')}'`,
    );
    const units = await post('/translation/appFiles/units', admin(), {
      projectId,
      segmentIds: [rows[0]?.id as string],
    });
    expect(units.json().data.units).toEqual([
      expect.objectContaining({
        key: 'setup_archive_folder_dialog_cancel',
        filePath: SOURCE_PATH,
        plural: false,
      }),
    ]);
  });

  it('exports the source language untouched byte for byte, and a saved translation in Hindi', async () => {
    const source = await exportFile({ fileId, targetLang: 'en' });
    expect(source.statusCode).toBe(200);
    expect(Buffer.compare(source.rawPayload, Buffer.from(strings))).toBe(0);

    await saveTranslation(projectId, 'hi', 'Cancel', 'रद्द करें');
    await saveTranslation(projectId, 'hi', 'Done', 'हो गया');
    const hindi = await exportFile({ fileId, targetLang: 'hi' });
    expect(hindi.statusCode, hindi.body).toBe(200);
    expect(hindi.headers['content-disposition']).toContain('filename="strings.xml"');
    const written = readResourceFile('strings.xml', new Uint8Array(hindi.rawPayload));
    const textOf = (key: string) => written.units.find((unit) => unit.key === key)?.text;
    expect(textOf('setup_archive_folder_dialog_cancel')).toBe('रद्द करें');
    expect(textOf('setup_archive_folder_dialog_done')).toBe('हो गया');
    // Untranslated strings go out in the source language by default, or not at all when asked.
    expect(textOf('setup_archive_folder_dialog_skip_for_now')).toBe('Skip for now');
    expect(written.units).toHaveLength(readResourceFile('strings.xml', strings).units.length);
    const omitted = await exportFile({ fileId, targetLang: 'hi', missing: 'omit' });
    expect(readResourceFile('strings.xml', new Uint8Array(omitted.rawPayload)).units).toHaveLength(2);

    expect((await list())[0]!.languages[0]).toMatchObject({ translatedCount: 2, reviewCount: 0 });
  });

  it('exports every file of a language as a zip at the export paths', async () => {
    const zipped = await exportFile({ targetLang: 'hi' });
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.headers['content-type']).toBe('application/zip');
    const entries = readZip(new Uint8Array(zipped.rawPayload));
    expect(entries.map((entry) => entry.path)).toEqual(['app/src/main/res/values-hi/strings.xml']);
    const written = readResourceFile('strings.xml', entries[0]!.bytes);
    expect(written.units.find((unit) => unit.key === 'setup_archive_folder_dialog_cancel')?.text).toBe(
      'रद्द करें',
    );
  });

  it('takes a UTF-16 .strings file and gives it back in UTF-16', async () => {
    const bytes = utf16le(infoPlist);
    const response = await upload(
      admin(),
      { projectId, path: 'ios/en.lproj/InfoPlist.strings' },
      { name: 'InfoPlist.strings', content: bytes },
    );
    expect(response.statusCode, response.body).toBe(200);
    const file = (response.json().data as AppFileUploadResult).files[0]!;
    expect(file).toMatchObject({ format: 'ios-strings', stringCount: 4 });
    expect(file.languages[0]!.exportPath).toBe('ios/hi.lproj/InfoPlist.strings');
    const source = await exportFile({ fileId: file.fileId, targetLang: 'en' });
    expect(Buffer.compare(source.rawPayload, Buffer.from(bytes))).toBe(0);
  });

  it('keeps a plural as one segment of kind plural and writes the Hindi categories back', async () => {
    const tusky = new Uint8Array(await readFile(join(FIXTURES, 'android', 'tusky', 'strings.xml')));
    const response = await upload(
      admin(),
      { projectId, path: 'tusky/res/values/strings.xml' },
      { name: 'strings.xml', content: tusky },
    );
    expect(response.statusCode, response.body).toBe(200);
    const units = readResourceFile('strings.xml', tusky).units;
    const plural = units.find((unit) => unit.key === 'notification_title_summary')!;
    expect(plural.text).toBe('{count, plural, one {<x1/> new interaction} other {<x1/> new interactions}}');
    const { rows } = await t.handle.executeSql(
      `SELECT kind, word_count FROM segments WHERE project_id = '${projectId}' AND source_hash = '${sourceHash(plural.text)}'`,
    );
    // Words of the `other` form, not of the ICU syntax around it.
    expect(rows).toEqual([{ kind: 'plural', word_count: 2 }]);
    const { rows: plurals } = await t.handle.executeSql(
      `SELECT count(*)::int AS n FROM app_file_units WHERE plural AND project_id = '${projectId}'`,
    );
    expect(plurals[0]?.n).toBe(units.filter((unit) => unit.plural).length);

    await saveTranslation(
      projectId,
      'hi',
      plural.text,
      '{count, plural, one {<x1/> नई गतिविधि} other {<x1/> नई गतिविधियाँ}}',
    );
    const file = (response.json().data as AppFileUploadResult).files[0]!;
    const hindi = await exportFile({ fileId: file.fileId, targetLang: 'hi' });
    expect(hindi.statusCode, hindi.body).toBe(200);
    expect(hindi.body).toContain('<item quantity="one">%1$d नई गतिविधि</item>');
    expect(hindi.body).toContain('<item quantity="other">%1$d नई गतिविधियाँ</item>');
    const back = readResourceFile('strings.xml', new Uint8Array(hindi.rawPayload));
    expect(back.units.find((unit) => unit.key === 'notification_title_summary')?.text).toBe(
      '{count, plural, one {<x1/> नई गतिविधि} other {<x1/> नई गतिविधियाँ}}',
    );
    expect(back.units).toHaveLength(units.length);
    expect(
      (await post('/translation/appFiles/delete', admin(), { projectId, fileId: file.fileId })).statusCode,
    ).toBe(200);
  });

  it('takes a new version: added strings are new content, a changed one keeps its translation for review, a removed one leaves', async () => {
    const text = Buffer.from(strings).toString('utf8');
    const next = text
      .replace('>Done</string>', '>Finished</string>')
      .replace(/\s*<string name="setup_archive_folder_dialog_skip_for_now">[^<]*<\/string>/, '')
      .replace(
        '</resources>',
        '    <string name="archive_folder_renamed">Archive folder renamed</string>\n</resources>',
      );
    const response = await upload(
      admin(),
      { projectId, fileId },
      { name: 'strings.xml', content: new Uint8Array(Buffer.from(next)) },
      '/translation/mobileTranslationResync',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as AppFileUploadResult;
    expect(result).toMatchObject({ added: 1, changed: 1, removed: 1 });
    // "Archive folder renamed" (3) and "Finished" (1).
    expect(result.newWordCount).toBe(4);
    const file = (await list()).find((f) => f.fileId === fileId)!;
    expect(file.version).toBe(2);
    expect(file.languages[0]).toMatchObject({ translatedCount: 2, reviewCount: 1 });

    const hindi = await exportFile({ fileId, targetLang: 'hi' });
    const written = readResourceFile('strings.xml', new Uint8Array(hindi.rawPayload));
    const keys = written.units.map((unit) => unit.key);
    expect(keys).not.toContain('setup_archive_folder_dialog_skip_for_now');
    expect(keys).toContain('archive_folder_renamed');
    expect(written.units.find((unit) => unit.key === 'setup_archive_folder_dialog_done')?.text).toBe(
      'हो गया',
    );

    // Saving the carried translation again is the review: it no longer counts as waiting.
    const saved = await post('/translation/user/update', admin(), {
      projectId,
      targetLang: 'hi',
      sourceHash: sourceHash('Finished'),
      preProcessedTarget: 'समाप्त',
      displayType: 'translation',
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list()).find((f) => f.fileId === fileId)!.languages[0]).toMatchObject({ reviewCount: 0 });

    const versions = await post('/translation/appFiles/versions', admin(), { projectId, fileId });
    const listed = versions.json<{ data: { versions: { version: number }[] } }>().data.versions;
    expect(listed.map((v) => v.version)).toEqual([2, 1]);
  });

  it('imports translations beside the source as USER translations and pre-fills a new language from the TM', async () => {
    const second = await createMobileProject(admin(), ['bn']);
    const archive = await zipOf([
      { name: 'res/values/strings.xml', content: strings },
      { name: 'res/values-bn/strings.xml', content: stringsBn },
    ]);
    const response = await upload(admin(), { projectId: second }, { name: 'res.zip', content: archive });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as AppFileUploadResult;
    const besideCount = readResourceFile('strings.xml', stringsBn).units.length;
    expect(result.importedTranslations).toBe(besideCount);
    const [file] = await list(second);
    expect(file!.path).toBe('res/values/strings.xml');
    expect(file!.languages[0]).toMatchObject({ language: 'bn', translatedCount: besideCount });
    const { rows } = await t.handle.executeSql(
      `SELECT DISTINCT type FROM translations WHERE project_id = '${second}'`,
    );
    expect(rows.map((row) => row.type)).toEqual(['USER']);

    // The first project adds Bengali: its strings come pre-filled from the second's translations.
    const added = await post('/translation/mobileLanguageAddition', admin(), {
      projectId,
      languages: ['bn'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.targetLanguages).toEqual(['hi', 'bn']);
    expect(added.json().data.prefilled).toBeGreaterThan(0);
    const bengali = (await list())
      .find((f) => f.fileId === fileId)!
      .languages.find((l) => l.language === 'bn');
    expect(bengali!.translatedCount).toBe(added.json().data.prefilled);
    expect(bengali!.exportPath).toBe('app/src/main/res/values-bn/strings.xml');
  });

  it('answers a broken file with its name and line, storing nothing of the upload', async () => {
    const before = [await count('app_files'), await count('app_file_versions'), await count('segments')];
    const broken = Buffer.from(
      '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="ok">Fine</string>\n    <string name="bad">Broken\n</resources>\n',
    );
    const archive = await zipOf([
      { name: 'res/values/strings.xml', content: strings },
      { name: 'res/values/broken.xml', content: new Uint8Array(broken) },
    ]);
    const response = await upload(admin(), { projectId }, { name: 'res.zip', content: archive });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().data)).toMatch(/broken\.xml:\d+/);
    expect([await count('app_files'), await count('app_file_versions'), await count('segments')]).toEqual(
      before,
    );
    const notZip = await upload(admin(), { projectId }, { name: 'res.zip', content: strings.slice(0, 40) });
    expect(notZip.statusCode).toBe(400);
    expect(JSON.stringify(notZip.json().data)).toContain('res.zip: ');
    // A path names zip members on export: it may not climb out of the app, nor change the kind of file.
    const climbing = await upload(
      admin(),
      { projectId, path: '../../res/values/strings.xml' },
      { name: 'strings.xml', content: strings },
    );
    expect(climbing.statusCode).toBe(400);
    expect(climbing.json().data).toContain(APP_FILE_MESSAGES.badPath);
    const otherKind = await upload(
      admin(),
      { projectId, path: 'res/values/strings.json' },
      { name: 'strings.xml', content: strings },
    );
    expect(otherKind.statusCode).toBe(400);
    expect(otherKind.json().data).toContain(APP_FILE_MESSAGES.pathExtension);
  });

  it('keeps files inside their organisation', async () => {
    expect((await post('/translation/stringxmlFileurls', otherAdmin(), { projectId })).statusCode).toBe(404);
    expect((await exportFile({ fileId, targetLang: 'hi' }, otherAdmin())).statusCode).toBe(404);
    const foreignUpload = await upload(
      otherAdmin(),
      { projectId },
      { name: 'strings.xml', content: strings },
    );
    expect(foreignUpload.statusCode).toBe(404);
    const foreignDelete = await post('/translation/appFiles/delete', otherAdmin(), { projectId, fileId });
    expect(foreignDelete.statusCode).toBe(404);
  });

  it('lets a CI pipeline push and pull with a write-scoped organisation API key', async () => {
    const created = await post('/organisation/api-keys', admin(), { name: 'CI', scopes: ['write'] });
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json().data.secret as string;
    expect(secret).toMatch(/^bhk_live_/);
    const key = { 'x-api-key': secret };
    const pushed = await upload(
      key,
      { projectId, path: 'feature/res/values/strings.xml' },
      { name: 'strings.xml', content: strings },
    );
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect((pushed.json().data as AppFileUploadResult).files[0]).toMatchObject({ version: 1 });
    const pulled = await exportFile({ targetLang: 'hi' }, key);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(readZip(new Uint8Array(pulled.rawPayload)).map((entry) => entry.path)).toContain(
      'feature/res/values-hi/strings.xml',
    );
    const removed = await post('/translation/appFiles/delete', admin(), {
      projectId,
      fileId: (pushed.json().data as AppFileUploadResult).files[0]!.fileId,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list()).map((file) => file.path)).not.toContain('feature/res/values/strings.xml');
  });

  it('lets a key restricted to the project push when the address names the project', async () => {
    const created = await post('/organisation/api-keys', admin(), {
      name: 'CI of the mail app',
      scopes: ['write'],
      projectId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = { 'x-api-key': created.json().data.secret as string };
    const otherProject = await createMobileProject(admin(), ['hi']);
    const file = { name: 'strings.xml', content: strings };
    const at = (id: string) => `/translation/xmlFileTranslation?projectId=${id}`;
    // The form alone names no project the gate can check before reading it.
    expect((await upload(key, { projectId }, file)).statusCode).toBe(403);
    const pushed = await upload(key, { path: 'restricted/res/values/strings.xml' }, file, at(projectId));
    expect(pushed.statusCode, pushed.body).toBe(200);
    const mismatch = await upload(key, { projectId: otherProject }, file, at(projectId));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data).toContain(APP_FILE_MESSAGES.projectMismatch);
    const elsewhere = await upload(key, { path: 'x/strings.xml' }, file, at(otherProject));
    expect(elsewhere.statusCode).toBe(403);
    const removed = await post('/translation/appFiles/delete', admin(), {
      projectId,
      fileId: (pushed.json().data as AppFileUploadResult).files[0]!.fileId,
    });
    expect(removed.statusCode).toBe(200);
  });
});
