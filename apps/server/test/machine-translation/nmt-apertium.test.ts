import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NMT_EVENTS, NMT_MESSAGES, TRANSLATION_EVENTS, projectRoomOf } from '@bhasha/contract';
import { segments, translationRevisions, translations } from '@bhasha/db';
import { apertiumMissingReason, startApertium } from '@bhasha/mt/testing';
import { createTranslationWriter } from '../../src/modules/translation/translation-writer.repository';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { multipartBody } from '../support/multipart';
import { buildMtTestApp, waitForRun, type MtTestApp } from './support/mt-test-app';

const missing = apertiumMissingReason();
const PAGE = 'docs/architecture/index.html';

describe.skipIf(missing !== null)(
  `NMT apply through a real Apertium (eng→spa)${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let apertium: Awaited<ReturnType<typeof startApertium>>;
    let t: MtTestApp;
    let headers: Record<string, string>;
    let organisationId: string;

    beforeAll(async () => {
      apertium = await startApertium();
      t = await buildMtTestApp({ APERTIUM_URL: apertium.baseUrl }, { chunkSize: 20, segmentsPerStep: 40 });
      organisationId = (await t.createOrganisation()).id;
      ({ headers } = await t.createMember('organisationAdmin', organisationId));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await apertium?.stop();
    });

    /** A new organisation per test: the organisation's memory would otherwise pre-fill (exact matches). */
    async function useFreshOrganisation(): Promise<void> {
      organisationId = (await t.createOrganisation()).id;
      ({ headers } = await t.createMember('organisationAdmin', organisationId));
    }

    const apply = (payload: Record<string, unknown>, as = headers) =>
      t.app.inject({ method: 'POST', url: '/api/translation/nmt/apply', headers: as, payload });

    async function rowsOf(projectId: string) {
      return t.handle.db
        .select({ text: translations.text, type: translations.type, source: segments.text, id: segments.id })
        .from(translations)
        .innerJoin(segments, eq(segments.id, translations.segmentId))
        .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, 'es')));
    }

    it('translates every segment of three pages in steps, keeps inline markup and USER translations, writes revisions', async () => {
      const project = await t.createProject(organisationId, [
        PAGE,
        'docs/faq/index.html',
        'docs/devops-guide/reservation/index.html',
      ]);
      const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
      expect(all.length).toBeGreaterThanOrEqual(200);
      // A translator's own text must survive a default run.
      const kept = all.find((s) => s.text.startsWith('<x1>Prosody</x1>'))!;
      await createTranslationWriter({
        db: t.handle.db,
        emitter: silentEmitter,
        clock: { now: () => new Date() },
      }).write({ organisationId, projectId: project.id, authorId: null }, [
        {
          sourceHash: kept.sourceHash,
          targetLang: 'es',
          text: '<x1>Prosody</x1> - servidor XMPP (revisado)',
          type: 'USER',
          origin: 'editor',
        },
      ]);

      const accepted = await apply({
        projectId: project.id,
        targetLang: 'es',
        requestId: 'req-all',
        origin: 'all',
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().message).toBe(NMT_MESSAGES.accepted);
      expect(accepted.json().data.run).toMatchObject({
        status: 'queued',
        total: all.length,
        nmtService: 'apertium',
      });
      // The same requestId again answers the same run instead of starting a second one.
      const again = await apply({
        projectId: project.id,
        targetLang: 'es',
        requestId: 'req-all',
        origin: 'all',
      });
      expect(again.json().message).toBe(NMT_MESSAGES.alreadyAccepted);

      const run = await waitForRun(t, headers, project.id, 'req-all');
      expect(run.status).toBe('completed');
      expect(run.done).toBe(all.length);
      expect(run.skipped).toBeGreaterThanOrEqual(1);
      expect(run.translated + run.skipped + run.unchanged).toBe(all.length);

      const rows = await rowsOf(project.id);
      const user = rows.find((r) => r.id === kept.id)!;
      expect(user).toMatchObject({ type: 'USER', text: '<x1>Prosody</x1> - servidor XMPP (revisado)' });
      const machine = rows.filter((r) => r.type === 'MACHINE');
      expect(machine.length).toBe(run.translated);
      const linked = machine.find((r) =>
        r.source.startsWith('Jitsi comprises a <x1>collection of projects</x1>'),
      )!;
      expect(linked.text).toMatch(/<x1>[^<]+<\/x1>/);
      expect(linked.text).not.toContain('collection');
      for (const row of machine) {
        const sourceTags = row.source.match(/<\/?x\d+\/?>/g) ?? [];
        expect((row.text.match(/<\/?x\d+\/?>/g) ?? []).sort(), row.source).toEqual([...sourceTags].sort());
      }
      // One revision per stored machine translation: nothing written twice across the steps.
      const revisions = await t.handle.db
        .select()
        .from(translationRevisions)
        .where(
          and(eq(translationRevisions.projectId, project.id), eq(translationRevisions.origin, 'machine')),
        );
      expect(revisions.length).toBe(machine.length);
      // Progress went to the project room, and the stored translations were pushed there too.
      const room = projectRoomOf(project.id);
      const updates = t.events.filter((e) => e.room === room && e.event === NMT_EVENTS.runUpdated);
      expect(updates.length).toBeGreaterThan(2);
      expect(updates.at(-1)?.payload).toMatchObject({ status: 'completed', requestId: 'req-all' });
      expect(t.events.some((e) => e.room === room && e.event === TRANSLATION_EVENTS.translationChanged)).toBe(
        true,
      );

      // The TM counts (moved by the writer's transaction) agree with the run.
      const counts = await t.app.inject({
        method: 'POST',
        url: '/api/translation/tm/count',
        headers,
        payload: { projectId: project.id, targetLang: 'es' },
      });
      expect(counts.json().data.tmCount).toMatchObject({ MACHINE: machine.length, USER: 1 });
      expect(counts.json().data.total).toBe(all.length);

      // Usage: one Apertium call per segment sent, in this month, for the page's domain.
      const usage = await t.app.inject({
        method: 'POST',
        url: '/api/translation/nmt/usage',
        headers,
        payload: { projectId: project.id },
      });
      const [row] = usage.json().data.usage;
      expect(row).toMatchObject({ domain: 'handbook.example.org', nmtService: 'apertium' });
      expect(row.month).toBe(new Date().toISOString().slice(0, 7));
      expect(row.nmtCalls).toBeGreaterThanOrEqual(run.translated);
      expect(row.nmtWordCount).toBeGreaterThan(500);
    }, 180_000);

    it('protects glossary terms through a real engine run', async () => {
      await useFreshOrganisation();
      const project = await t.createProject(organisationId, [PAGE]);
      const csv = 'term,action,translation\nJitsi Videobridge,keep,\nconference,translate,CONFERENCIA\n';
      const upload = multipartBody(
        { projectId: project.id },
        { name: 'terms.csv', type: 'text/csv', content: csv },
      );
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/transliterationGlossary/create',
        headers: { ...headers, 'content-type': upload.contentType },
        payload: upload.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const [segment] = await t.handle.db
        .select()
        .from(segments)
        .where(
          and(
            eq(segments.projectId, project.id),
            eq(
              segments.text,
              '<x1>Jitsi Videobridge (JVB)</x1> - WebRTC compatible server designed to route video streams amongst participants in a conference.',
            ),
          ),
        );
      expect(segment).toBeDefined();
      await apply({
        projectId: project.id,
        targetLang: 'es',
        requestId: 'req-glossary',
        idArr: [segment!.id],
      });
      const run = await waitForRun(t, headers, project.id, 'req-glossary');
      expect(run).toMatchObject({ status: 'completed', translated: 1 });
      const [row] = await rowsOf(project.id);
      expect(row!.text).toContain('<x1>Jitsi Videobridge (JVB)</x1>');
      expect(row!.text).toContain('CONFERENCIA');
      expect(row!.text).not.toMatch(/conference/i);
    }, 60_000);

    it('refuses a user whose NMT status is off, and another organisation’s project', async () => {
      await useFreshOrganisation();
      const project = await t.createProject(organisationId, [PAGE]);
      const off = await t.createMember('organisationAdmin', organisationId, { nmtEnabled: false });
      const refused = await apply(
        { projectId: project.id, targetLang: 'es', requestId: 'r-off', origin: 'all' },
        off.headers,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, message: NMT_MESSAGES.nmtDisabled });

      const other = await t.createOrganisation('Other Org');
      const foreign = await t.createMember('organisationAdmin', other.id);
      const applyForeign = await apply(
        { projectId: project.id, targetLang: 'es', requestId: 'r-x', origin: 'all' },
        foreign.headers,
      );
      expect(applyForeign.statusCode).toBe(404);
      const statusForeign = await t.app.inject({
        method: 'POST',
        url: '/api/translation/nmt/status',
        headers: foreign.headers,
        payload: { projectId: project.id, requestId: 'req-all' },
      });
      expect(statusForeign.statusCode).toBe(404);
      const stored = await t.handle.db
        .select()
        .from(translations)
        .where(eq(translations.projectId, project.id));
      expect(stored).toEqual([]);
    });

    it('lists engines without addresses or credentials and validates the call', async () => {
      const listed = await t.app.inject({
        method: 'POST',
        url: '/api/translation/nmt/engines',
        headers,
        payload: {},
      });
      expect(listed.statusCode).toBe(200);
      const [engine] = listed.json().data.engines;
      expect(engine).toMatchObject({ id: 'apertium', label: 'Apertium', isDefault: true, available: true });
      expect(engine.languagePairs).toContainEqual({ source: 'en', target: 'es' });
      expect(listed.body).not.toContain(apertium.baseUrl);

      const project = await t.createProject(organisationId, [PAGE]);
      const unknown = await apply({
        projectId: project.id,
        targetLang: 'es',
        requestId: 'r1',
        origin: 'all',
        nmtService: 'deepl',
      });
      expect(unknown.json().message).toBe(NMT_MESSAGES.unknownEngine);
      const notTarget = await apply({
        projectId: project.id,
        targetLang: 'hi',
        requestId: 'r2',
        origin: 'all',
      });
      expect(notTarget.json().message).toBe(NMT_MESSAGES.languageNotInProject);
      const empty = await apply({ projectId: project.id, targetLang: 'es', requestId: 'r3' });
      expect(empty.json().message).toBe(NMT_MESSAGES.selectionRequired);
    });
  },
);
