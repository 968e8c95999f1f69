import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  NMT_EVENTS,
  SERVER_EVENTS,
  notificationRoomOf,
  projectRoomOf,
  type NmtRunNotification,
} from '@bhasha/contract';
import { mtRuns } from '@bhasha/db';
import { apertiumMissingReason, startApertium } from '@bhasha/mt/testing';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { buildMtTestApp, waitForRun, type MtTestApp } from './support/mt-test-app';

const missing = apertiumMissingReason(['eng-spa', 'urd-hin']);
const PAGE = 'docs/architecture/index.html';

/*
 * A run into a language its engine cannot do used to be accepted and fail in the worker, where
 * only the server log said so. Now the call is refused with the engines that can (or
 * transliteration), and a run that fails or leaves strings untranslated notifies its user.
 * Real Apertium (eng-spa, urd-hin: no English → Hindi) beside loopback LibreTranslate engines
 * (English → Spanish and Hindi).
 */
describe.skipIf(missing !== null)(
  `machine translation language pairs and run problems${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let apertium: Awaited<ReturnType<typeof startApertium>>;
    let libre: Awaited<ReturnType<typeof startLibreTranslateServer>>;
    let refusing: Awaited<ReturnType<typeof startLibreTranslateServer>>;
    let blank: Awaited<ReturnType<typeof startLibreTranslateServer>>;
    let t: MtTestApp;

    beforeAll(async () => {
      [apertium, libre, refusing, blank] = await Promise.all([
        startApertium(),
        startLibreTranslateServer(),
        startLibreTranslateServer(() => ({ status: 403, body: { error: 'Invalid API key' } })),
        // Answers every text with an empty string: nothing usable, so each segment keeps its text.
        startLibreTranslateServer((_index, q) => ({
          status: 200,
          body: { translatedText: q.map(() => '') },
        })),
      ]);
      const retry = { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 100 };
      t = await buildMtTestApp(
        {
          APERTIUM_URL: apertium.baseUrl,
          MT_DEFAULT_ENGINE: 'apertium',
          MT_ENGINES: JSON.stringify([
            { id: 'libre', service: 'libretranslate', baseUrl: libre.baseUrl, label: 'LibreTranslate' },
            {
              id: 'refusing',
              service: 'libretranslate',
              baseUrl: refusing.baseUrl,
              label: 'Backup engine',
              retry,
            },
            { id: 'blank', service: 'libretranslate', baseUrl: blank.baseUrl, label: 'Blank engine', retry },
          ]),
        },
        { chunkSize: 20 },
      );
    }, 90_000);
    afterAll(async () => {
      await t?.close();
      await Promise.all([apertium?.stop(), libre?.close(), refusing?.close(), blank?.close()]);
    });

    async function freshProject(targetLanguages: string[]) {
      const organisation = await t.createOrganisation();
      const member = await t.createMember('organisationAdmin', organisation.id);
      const project = await t.createProject(organisation.id, [PAGE], targetLanguages);
      return { ...member, project };
    }

    const apply = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/translation/nmt/apply', headers, payload });

    it('lists each engine with its pairs and refuses a direction the engine cannot do, naming what can', async () => {
      const { headers, project } = await freshProject(['es', 'hi', 'mr']);
      const listed = await t.app.inject({
        method: 'POST',
        url: '/api/translation/nmt/engines',
        headers,
        payload: { projectId: project.id },
      });
      const engines = listed.json<{ data: { engines: { id: string; languagePairs: unknown[] }[] } }>().data
        .engines;
      const apertiumPairs = engines.find((engine) => engine.id === 'apertium')!.languagePairs;
      expect(apertiumPairs).toContainEqual({ source: 'en', target: 'es' });
      expect(apertiumPairs).toContainEqual({ source: 'ur', target: 'hi' });
      expect(apertiumPairs).not.toContainEqual({ source: 'en', target: 'hi' });

      // English → Hindi with Apertium (the project's engine by default): refused, with the engines that can.
      const hindi = await apply(headers, {
        projectId: project.id,
        targetLang: 'hi',
        requestId: 'to-hindi',
        origin: 'all',
      });
      expect(hindi.statusCode).toBe(400);
      expect(hindi.json()).toMatchObject({
        success: false,
        type: 'VALIDATION_ERROR',
        message:
          'Apertium cannot translate from English to Hindi. Engines that can: LibreTranslate, Backup engine, Blank engine.',
      });
      // Nothing was accepted: no run, no job.
      const status = await t.app.inject({
        method: 'POST',
        url: '/api/translation/nmt/status',
        headers,
        payload: { projectId: project.id, requestId: 'to-hindi' },
      });
      expect(status.statusCode).toBe(404);
      expect(await t.handle.db.select().from(mtRuns).where(eq(mtRuns.projectId, project.id))).toEqual([]);

      // Marathi: no engine here can; transliteration is the way offered.
      const marathi = await apply(headers, {
        projectId: project.id,
        targetLang: 'mr',
        requestId: 'to-marathi',
        origin: 'all',
        nmtService: 'libre',
      });
      expect(marathi.statusCode).toBe(400);
      expect(marathi.json().message).toBe(
        'LibreTranslate cannot translate from English to Marathi. No engine of this server can; transliteration can write the strings in Marathi script.',
      );

      // An engine that can: accepted, and it translates.
      const accepted = await apply(headers, {
        projectId: project.id,
        targetLang: 'hi',
        requestId: 'to-hindi-libre',
        origin: 'all',
        nmtService: 'libre',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const run = await waitForRun(t, headers, project.id, 'to-hindi-libre');
      expect(run).toMatchObject({ status: 'completed', error: null });
      expect(run.translated).toBeGreaterThan(0);
      // Apertium's own pair still runs as before.
      const spanish = await apply(headers, {
        projectId: project.id,
        targetLang: 'es',
        requestId: 'to-spanish',
        origin: 'all',
      });
      expect(spanish.statusCode, spanish.body).toBe(200);
      expect(spanish.json().data.run.nmtService).toBe('apertium');
    }, 120_000);

    it('notifies the user who started a run that failed, with the reason and what was kept', async () => {
      const { headers, project, user } = await freshProject(['es']);
      const accepted = await apply(headers, {
        projectId: project.id,
        targetLang: 'es',
        requestId: 'refused-key',
        origin: 'all',
        nmtService: 'refusing',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const run = await waitForRun(t, headers, project.id, 'refused-key');
      expect(run.status).toBe('failed');
      const reason =
        "LibreTranslate rejected Bhasha's credentials. Ask an administrator to check the engine's API key.";
      expect(run.error).toBe(reason);

      const room = notificationRoomOf(user.id);
      const notifications = t.events.filter(
        (event) => event.room === room && event.event === SERVER_EVENTS.notificationCreated,
      );
      expect(notifications.map((event) => event.payload)).toEqual([
        {
          id: expect.any(String),
          kind: 'nmt.problem',
          message: `Machine translation of Handbook into Spanish failed: ${reason} 0 of ${run.total} strings were translated.`,
          projectId: project.id,
          targetLang: 'es',
          requestId: 'refused-key',
        } satisfies NmtRunNotification,
      ]);
      // The project room hears the failed run too (the editor shows it).
      const updates = t.events.filter(
        (event) => event.room === projectRoomOf(project.id) && event.event === NMT_EVENTS.runUpdated,
      );
      expect(updates.at(-1)?.payload).toMatchObject({ status: 'failed', error: reason });
    }, 90_000);

    it('notifies a run that finished with strings the engine could not translate', async () => {
      const { headers, project, user } = await freshProject(['es']);
      await apply(headers, {
        projectId: project.id,
        targetLang: 'es',
        requestId: 'blank-answers',
        origin: 'all',
        nmtService: 'blank',
      });
      const run = await waitForRun(t, headers, project.id, 'blank-answers');
      expect(run.status).toBe('completed');
      expect(run.unchanged).toBeGreaterThan(0);
      const [notification] = t.events.filter(
        (event) =>
          event.room === notificationRoomOf(user.id) && event.event === SERVER_EVENTS.notificationCreated,
      );
      expect(notification?.payload).toMatchObject({
        kind: 'nmt.problem',
        requestId: 'blank-answers',
        message: `Machine translation of Handbook into Spanish finished, but ${run.unchanged} of ${run.total} strings could not be translated and kept their text.`,
      });

      // A clean run notifies nobody.
      const clean = await freshProject(['es']);
      await apply(clean.headers, {
        projectId: clean.project.id,
        targetLang: 'es',
        requestId: 'clean',
        origin: 'all',
        nmtService: 'libre',
      });
      expect((await waitForRun(t, clean.headers, clean.project.id, 'clean')).status).toBe('completed');
      expect(t.events.filter((event) => event.room === notificationRoomOf(clean.user.id))).toEqual([]);
    }, 90_000);
  },
);
