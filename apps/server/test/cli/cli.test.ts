import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NMT_MESSAGES, type TmEntry, type TranslationDashboard } from '@bhasha/contract';
import { translations, webhookDeliveries } from '@bhasha/db';
import {
  parseTmxText,
  sourceHash,
  tmxPrologue,
  tmxUnitXml,
  TMX_EPILOGUE,
  type TmxUnit,
} from '@bhasha/engine';
import { apertiumMissingReason, startApertium } from '@bhasha/mt/testing';
import { systemClock } from '../../src/lib/clock';
import { createTmxImportRuntime } from '../../src/modules/translation-memory/tmx-import-runtime';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { buildMtTestApp, type MtTestApp } from '../machine-translation/support/mt-test-app';
import { buildTranslationFixture, type TranslationFixture } from '../translation/support/translation-fixture';

// The test runs the bundle users install, built by the CLI's own build script, not its sources.
const CLI_ROOT = fileURLToPath(new URL('../../../cli/', import.meta.url));
const APP_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'app-files');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
}

/** Builds dist/bhasha.js with the CLI's own build script and answers its path. */
function buildBundle(): string {
  execFileSync(process.execPath, [join(CLI_ROOT, 'scripts/build.mjs')]);
  return join(CLI_ROOT, 'dist/bhasha.js');
}

/** Runs the built binary as CI would: no terminal, only the environment given. */
function runBhasha(bundle: string, args: string[], options: RunOptions = {}): Promise<Run> {
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      [bundle, ...args],
      {
        cwd: options.cwd ?? tmpdir(),
        env: { PATH: process.env.PATH ?? '', ...options.env },
        timeout: 150_000,
      },
      (error, stdout, stderr) => {
        if (error?.killed) throw new Error(`bhasha ${args.join(' ')} did not finish: ${stderr}`);
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

function unit(source: string, target: string): TmxUnit {
  return {
    attributes: {},
    properties: [],
    notes: [],
    variants: [
      { lang: 'en', attributes: {}, properties: [], notes: [], segment: { text: source, codes: [] } },
      { lang: 'hi', attributes: {}, properties: [], notes: [], segment: { text: target, codes: [] } },
    ],
  };
}

describe('the bhasha command-line client against a real server', () => {
  let f: TranslationFixture;
  let bundle: string;
  let url: string;
  let projectId: string;
  let email: string;
  let sources: string[];
  const password = 'correct horse battery';

  const bhasha = (args: string[], options: RunOptions = {}) => runBhasha(bundle, args, options);
  const signedIn = () => ({ BHASHA_URL: url, BHASHA_EMAIL: email, BHASHA_PASSWORD: password });

  beforeAll(async () => {
    bundle = buildBundle();
    f = await buildTranslationFixture();
    f.t.useJobRuntimes({
      tmxImport: createTmxImportRuntime({
        db: f.t.handle.db,
        emitter: silentEmitter,
        clock: systemClock,
        dataDir: f.t.services.config.dataDir,
      }),
    });
    url = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await f.t.createMember('organisationAdmin', f.organisationId);
    email = admin.user.email;
    ({ projectId } = await f.createProject({
      targetLanguages: ['hi', 'ta'],
      pageFiles: ['index.html'],
      headers: admin.headers,
    }));
    const listed = await f.post(
      '/translation/filter',
      { projectId, targetLang: 'hi', pageSize: 500 },
      admin.headers,
    );
    sources = listed
      .json<{ data: { tm: TmEntry[] } }>()
      .data.tm.map((entry) => entry.source)
      .filter((source) => !source.includes('<'))
      .slice(0, 3);
    expect(sources).toHaveLength(3);
  }, 180_000);
  afterAll(async () => f?.close());

  it('answers a wrong command line with exit code 2 and says what is wrong', async () => {
    const none = await bhasha([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('Usage: bhasha <command>');
    const unknown = await bhasha(['fly']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: 'error: Unknown command fly: bhasha --help lists them\n',
    });
    const flag = await bhasha(['projects', '--colour']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--colour'");
    const noServer = await bhasha(['projects']);
    expect(noServer.code).toBe(2);
    expect(noServer.stderr).toContain('No server: pass --url, set BHASHA_URL');
    expect((await bhasha(['--version'])).stdout).toBe('0.1.0\n');
  }, 120_000);

  it('fails with exit code 1 and the reason for missing or wrong credentials and unknown projects', async () => {
    const anonymous = await bhasha(['projects'], { env: { BHASHA_URL: url } });
    expect(anonymous).toMatchObject({ code: 1 });
    expect(anonymous.stderr).toContain('Not signed in: set BHASHA_API_KEY');
    const wrong = await bhasha(['projects'], { env: { ...signedIn(), BHASHA_PASSWORD: 'wrong password!' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      'error: Not signed in: the server refused these credentials (Invalid email or password)\n',
    );
    const unknownProject = await bhasha(['status', '--project', '00000000-0000-4000-8000-000000000000'], {
      env: signedIn(),
    });
    expect(unknownProject.code).toBe(1);
    expect(unknownProject.stderr).toMatch(/not found/i);
    const closed = await bhasha(['projects'], { env: { ...signedIn(), BHASHA_URL: 'http://127.0.0.1:9' } });
    expect(closed.code).toBe(1);
    expect(closed.stderr).toContain('Cannot reach http://127.0.0.1:9');
  }, 120_000);

  it('inits, lists projects, pushes URLs and translations, reports status and pulls TMX', async () => {
    const repository = mkdtempSync(join(tmpdir(), 'bhasha-cli-'));
    const env = signedIn();

    const init = await bhasha(['init', '--project', projectId], { cwd: repository, env });
    expect(init.code).toBe(0);
    const projectFile = readFileSync(join(repository, 'bhasha.yml'), 'utf8');
    expect(projectFile).toContain(`url: ${url}`);
    expect(projectFile).toContain(`project: ${projectId}`);
    expect((await bhasha(['init'], { cwd: repository, env })).code).toBe(1);
    // A website project: the URL list is its source, each language's translations a TMX file.
    writeFileSync(
      join(repository, 'bhasha.yml'),
      `url: ${url}\nproject: ${projectId}\nfiles:\n  - source: urls.txt\n    translation: tm/%locale%.tmx\n`,
    );

    const listed = await bhasha(['projects', '--json'], { cwd: repository, env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ projectId, type: 'website', targetLanguages: ['hi', 'ta'] }),
    ]);
    const table = await bhasha(['projects'], { cwd: repository, env });
    expect(table.stdout).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS\s+LANGUAGES\n/);
    // No terminal: no colour codes anywhere.
    expect(table.stdout + table.stderr).not.toContain('\u001b[');

    const baseUrl = (await f.post('/project/details', { projectId })).json<{
      data: { project: { baseUrl: string } };
    }>().data.project.baseUrl;
    writeFileSync(
      join(repository, 'urls.txt'),
      `# pages to translate\n${baseUrl}/about/\n${baseUrl}/contact/\n`,
    );
    const stray = await bhasha(['push', 'notes.md'], { cwd: repository, env });
    expect(stray).toMatchObject({ code: 2, stderr: 'error: notes.md: no such file\n' });
    writeFileSync(join(repository, 'notes.md'), 'not a source');
    expect((await bhasha(['push', 'notes.md'], { cwd: repository, env })).stderr).toBe(
      'error: notes.md matches no source pattern in bhasha.yml\n',
    );

    mkdirSync(join(repository, 'tm'));
    writeFileSync(
      join(repository, 'tm/hi.tmx'),
      tmxPrologue({ attributes: { srclang: 'en' } }) +
        sources.map((source, index) => tmxUnitXml(unit(source, `हिन्दी ${index}`))).join('') +
        TMX_EPILOGUE,
    );
    const pushed = await bhasha(['push', '--translations', '--json'], { cwd: repository, env });
    expect(pushed.code, pushed.stderr).toBe(0);
    const pushResult = JSON.parse(pushed.stdout) as {
      sources: Array<{ added: number; existing: number }>;
      translations: Array<{ targetLang: string; units: number; applied: number }>;
    };
    expect(pushResult.sources).toEqual([expect.objectContaining({ added: 2, existing: 0, failed: [] })]);
    expect(pushResult.translations).toEqual([
      expect.objectContaining({ targetLang: 'hi', units: 3, applied: 3 }),
    ]);
    const again = await bhasha(['push'], { cwd: repository, env });
    expect(again.stdout).toContain('urls.txt: 0 URLs added, 2 already in scope');

    const status = await bhasha(['status', '--json'], { cwd: repository, env });
    expect(status.code).toBe(0);
    const languages = (
      JSON.parse(status.stdout) as { languages: Array<{ language: string; strings: { self: number } }> }
    ).languages;
    expect(languages.find((language) => language.language === 'hi')?.strings.self).toBe(3);
    const dashboard = (await f.post('/translation/dashboard/get', { projectId })).json<{
      data: TranslationDashboard;
    }>().data;
    expect(languages.map((language) => language.language)).toEqual(
      dashboard.languages.map((l) => l.targetLang),
    );
    const statusTable = await bhasha(['status'], { cwd: repository, env });
    expect(statusTable.stdout).toMatch(/\nhi\s+\d+(\.\d)?%/);

    const out = mkdtempSync(join(tmpdir(), 'bhasha-pull-'));
    const pulled = await bhasha(['pull', '--lang', 'hi', '--out', out], { cwd: repository, env });
    expect(pulled.code, pulled.stderr).toBe(0);
    const units = parseTmxText(readFileSync(join(out, 'tm/hi.tmx'), 'utf8')).flatMap((event) =>
      event.type === 'unit' ? [event.unit] : [],
    );
    expect(units.map((pulledUnit) => pulledUnit.variants.map((variant) => variant.segment.text))).toEqual(
      expect.arrayContaining(sources.map((source, index) => [source, `हिन्दी ${index}`])),
    );
    const wrongLanguage = await bhasha(['pull', '--lang', 'fr'], { cwd: repository, env });
    expect(wrongLanguage).toMatchObject({ code: 1 });
    expect(wrongLanguage.stderr).toContain('fr: not a target language');
  }, 400_000);

  it('pushes an Android strings.xml to a mobile project and pulls it back translated', async () => {
    const created = await f.post('/project/new', {
      type: 'mob',
      name: 'Mail app',
      sourceLanguage: 'en',
      targetLanguages: ['hi'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const appProjectId = created.json<{ data: { project: { id: string } } }>().data.project.id;
    const repository = mkdtempSync(join(tmpdir(), 'bhasha-cli-app-'));
    const env = signedIn();
    writeFileSync(
      join(repository, 'bhasha.yml'),
      `url: ${url}\nproject: ${appProjectId}\nfiles:\n  - source: app/res/values/strings.xml\n    translation: app/res/values-%android_code%/strings.xml\n`,
    );
    const source = readFileSync(join(APP_FIXTURES, 'android/values/strings.xml'));
    mkdirSync(join(repository, 'app/res/values'), { recursive: true });
    writeFileSync(join(repository, 'app/res/values/strings.xml'), source);

    const pushed = await bhasha(['push', '--json'], { cwd: repository, env });
    expect(pushed.code, pushed.stderr).toBe(0);
    const pushResult = JSON.parse(pushed.stdout) as {
      stringFiles: Array<{ version: number; added: number; changed: number; removed: number }>;
    };
    expect(pushResult.stringFiles).toEqual([expect.objectContaining({ version: 1, changed: 0, removed: 0 })]);
    expect(pushResult.stringFiles[0]!.added).toBeGreaterThan(20);
    const saved = await f.post('/translation/user/update', {
      projectId: appProjectId,
      targetLang: 'hi',
      sourceHash: sourceHash('Cancel'),
      preProcessedTarget: 'रद्द करें',
      displayType: 'translation',
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const pulled = await bhasha(['pull'], { cwd: repository, env });
    expect(pulled.code, pulled.stderr).toBe(0);
    const written = readFileSync(join(repository, 'app/res/values-hi/strings.xml'), 'utf8');
    expect(written).toContain('<string name="setup_archive_folder_dialog_cancel">रद्द करें</string>');
    // Everything but the translated text is the source, byte for byte.
    expect(written.replace('रद्द करें', 'Cancel')).toBe(source.toString('utf8'));

    const again = await bhasha(['push'], { cwd: repository, env });
    expect(again.stdout).toContain('version 2, 0 new, 0 changed, 0 removed strings');
  }, 400_000);
});

const apertiumMissing = apertiumMissingReason();

describe.skipIf(apertiumMissing !== null)(
  `bhasha translate against a real server and Apertium${apertiumMissing ? ` — skipped: ${apertiumMissing}` : ''}`,
  () => {
    let apertium: Awaited<ReturnType<typeof startApertium>>;
    let t: MtTestApp;
    let bundle: string;
    let env: Record<string, string>;
    let adminHeaders: Record<string, string>;
    let projectId: string;

    beforeAll(async () => {
      bundle = buildBundle();
      apertium = await startApertium();
      t = await buildMtTestApp({ APERTIUM_URL: apertium.baseUrl }, { chunkSize: 20, segmentsPerStep: 40 });
      const organisationId = (await t.createOrganisation()).id;
      const { user, headers } = await t.createMember('organisationAdmin', organisationId);
      adminHeaders = headers;
      // Apertium here serves English → Spanish, not English → Hindi.
      projectId = (await t.createProject(organisationId, ['docs/faq/index.html'], ['es', 'hi'])).id;
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      env = { BHASHA_URL: url, BHASHA_EMAIL: user.email, BHASHA_PASSWORD: 'correct horse battery' };
    }, 240_000);
    afterAll(async () => {
      await t?.close();
      await apertium?.stop();
    });

    it('machine-translates what is untranslated, waits for the run and reports it', async () => {
      // A pipeline listening for the end of runs: the finished run queues a delivery to it.
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/webhook/create',
        headers: adminHeaders,
        payload: { url: 'http://127.0.0.1:9/hooks', events: ['machine_translation.completed'] },
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const run = await runBhasha(bundle, ['translate', '--project', projectId, '--lang', 'es', '--json'], {
        env,
      });
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as {
        runs: Array<{ targetLang: string; status: string; total: number; translated: number }>;
        problems: string[];
      };
      expect(result.problems).toEqual([]);
      expect(result.runs).toHaveLength(1);
      const [es] = result.runs;
      expect(es).toMatchObject({ targetLang: 'es', status: 'completed', engine: 'apertium' });
      expect(es!.translated).toBeGreaterThan(40);
      // No terminal: progress as plain lines on stderr, ending at 100 %, and no colour codes.
      expect(run.stderr).toMatch(/^es \(apertium\): \d+\/\d+ \(0%\)\n/);
      expect(run.stderr).toContain(`: ${es!.total}/${es!.total} (100%)\n`);
      expect(run.stderr).not.toContain('\u001b[');

      const stored = await t.handle.db
        .select({ type: translations.type })
        .from(translations)
        .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, 'es')));
      expect(stored.filter((row) => row.type === 'MACHINE')).toHaveLength(es!.translated);

      const deliveries = await t.handle.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.event, 'machine_translation.completed'));
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]!.payload).toMatchObject({
        data: { run: { targetLang: 'es', status: 'completed', translated: es!.translated } },
      });

      // A second run finds nothing left to translate.
      const again = await runBhasha(bundle, ['translate', '--project', projectId, '--lang', 'es'], { env });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('es: 0 translated');
    }, 240_000);

    it('fails with the reason for a language, engine or project the run cannot have', async () => {
      const pair = await runBhasha(bundle, ['translate', '--project', projectId, '--lang', 'hi'], { env });
      expect(pair.code).toBe(1);
      expect(pair.stderr).toContain('error: hi: Apertium cannot translate from English to Hindi.');
      const language = await runBhasha(bundle, ['translate', '--project', projectId, '--lang', 'fr'], {
        env,
      });
      expect(language.code).toBe(1);
      expect(language.stderr).toContain('fr: not a target language of Handbook (es, hi)');
      const engine = await runBhasha(
        bundle,
        ['translate', '--project', projectId, '--lang', 'es', '--engine', 'nope'],
        { env },
      );
      expect(engine.code).toBe(1);
      expect(engine.stderr).toContain(`es: ${NMT_MESSAGES.unknownEngine}`);
      const project = await runBhasha(
        bundle,
        ['translate', '--project', '00000000-0000-4000-8000-000000000000', '--lang', 'es'],
        { env },
      );
      expect(project.code).toBe(1);
      expect(project.stderr).toMatch(/not found/i);
      const noLanguage = await runBhasha(bundle, ['translate', '--project', projectId], { env });
      expect(noLanguage).toMatchObject({ code: 2 });
      expect(noLanguage.stderr).toContain('translate needs --lang');
    }, 120_000);
  },
);
