import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MANUAL_TRANSLATION_MESSAGES,
  NMT_EVENTS,
  TERM_MESSAGES,
  projectRoomOf,
  type NmtRun,
} from '@bhasha/contract';
import { segments, translations } from '@bhasha/db';
import { apertiumMissingReason, startApertium } from '@bhasha/mt/testing';
import { createTranslationWriter } from '../../src/modules/translation/translation-writer.repository';
import { buildMtTestApp, waitForRun, type MtTestApp } from './support/mt-test-app';
import { silentEmitter } from '../../src/realtime/realtime-emitter';

const missing = apertiumMissingReason();
const PAGES = ['docs/architecture/index.html', 'docs/faq/index.html'];
/** The editor's filter of these tests: source strings that name Jitsi (more than a page of them). */
const FILTER = { searchText: 'jitsi', searchIn: 'source' } as const;

/**
 * Issue 22 item 9: the editor's "everything that matches" — machine translation, transliteration
 * and a human translation order over every string of a filter, not the page the browser holds.
 */
describe.skipIf(missing !== null)(
  `actions on every string of the editor's filter${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let apertium: Awaited<ReturnType<typeof startApertium>>;
    let t: MtTestApp;
    let headers: Record<string, string>;
    let organisationId: string;
    let projectId: string;
    let matching: Set<string>;

    beforeAll(async () => {
      apertium = await startApertium();
      t = await buildMtTestApp({ APERTIUM_URL: apertium.baseUrl }, { chunkSize: 20, segmentsPerStep: 40 });
      organisationId = (await t.createOrganisation()).id;
      ({ headers } = await t.createMember('organisationAdmin', organisationId));
      projectId = (await t.createProject(organisationId, PAGES, ['es', 'hi'])).id;
      const all = await t.handle.db.select().from(segments).where(eq(segments.projectId, projectId));
      matching = new Set(all.filter((s) => s.text.toLowerCase().includes('jitsi')).map((s) => s.id));
    }, 240_000);
    afterAll(async () => {
      await t?.close();
      await apertium?.stop();
    });

    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

    async function listed(targetLang: string): Promise<number> {
      const page = await post('/translation/filter', { projectId, targetLang, ...FILTER, pageSize: 25 });
      expect(page.statusCode).toBe(200);
      return page.json().data.total as number;
    }

    async function translatedIds(targetLang: string) {
      const rows = await t.handle.db
        .select({ id: translations.segmentId, type: translations.type, display: translations.displayType })
        .from(translations)
        .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, targetLang)));
      return rows.filter((r) => r.type !== 'NO_TRANSLATION_AVAILABLE');
    }

    it('machine-translates every string the filter lists as one run with progress, and no other', async () => {
      const total = await listed('es');
      // More than the editor's page holds, fewer than the project has.
      expect(total).toBeGreaterThan(25);
      expect(total).toBe(matching.size);
      const accepted = await post('/translation/nmt/apply', {
        projectId,
        targetLang: 'es',
        requestId: 'filter-es',
        origin: 'filter',
        filter: FILTER,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.run).toMatchObject({ origin: 'filter', mode: 'translate', total });

      const run = await waitForRun(t, headers, projectId, 'filter-es');
      expect(run).toMatchObject({ status: 'completed', done: total });
      const rows = await translatedIds('es');
      expect(rows.length).toBe(run.translated);
      expect(rows.length).toBeGreaterThan(25);
      for (const row of rows) expect(matching.has(row.id)).toBe(true);
      // Progress went to the project room as the run went, not only at its end.
      const updates = t.events
        .filter((e) => e.room === projectRoomOf(projectId) && e.event === NMT_EVENTS.runUpdated)
        .map((e) => e.payload as NmtRun)
        .filter((p) => p.requestId === 'filter-es');
      expect(updates.length).toBeGreaterThan(1);
      expect(updates.some((p) => p.done > 0 && p.done < total)).toBe(true);
      expect(updates.at(-1)).toMatchObject({ status: 'completed', done: total });

      const noFilter = await post('/translation/nmt/apply', {
        projectId,
        targetLang: 'es',
        requestId: 'filter-none',
        origin: 'filter',
      });
      expect(noFilter.statusCode).toBe(400);
    }, 180_000);

    it('transliterates every string the filter lists as one job, keeping a translator’s text', async () => {
      const kept = [...matching][0]!;
      const [keptSegment] = await t.handle.db.select().from(segments).where(eq(segments.id, kept));
      await createTranslationWriter({
        db: t.handle.db,
        emitter: silentEmitter,
        clock: { now: () => new Date() },
      }).write({ organisationId, projectId, authorId: null }, [
        {
          sourceHash: keptSegment!.sourceHash,
          targetLang: 'hi',
          text: 'अनुवादक',
          type: 'USER',
          origin: 'editor',
        },
      ]);
      const total = await listed('hi');
      const accepted = await post('/transliteration/applyTransliteration/filter', {
        projectId,
        targetLang: 'hi',
        requestId: 'filter-hi',
        filter: FILTER,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().message).toBe(TERM_MESSAGES.transliterationAccepted);
      expect(accepted.json().data.run).toMatchObject({ mode: 'transliterate', total });
      const run = await waitForRun(t, headers, projectId, 'filter-hi');
      expect(run).toMatchObject({ status: 'completed', done: total, skipped: 1, translated: total - 1 });
      const rows = await translatedIds('hi');
      expect(rows.filter((r) => r.display === 't13n')).toHaveLength(total - 1);
      expect(rows.find((r) => r.id === kept)).toMatchObject({ type: 'USER' });
      for (const row of rows) expect(matching.has(row.id)).toBe(true);
    }, 120_000);

    it('orders human translation of every string the filter lists, in one language', async () => {
      const total = await listed('es');
      const quote = await post('/manual-translation/request', {
        projectId,
        targetLanguages: ['es'],
        editorFilter: FILTER,
        dryRun: true,
      });
      expect(quote.statusCode).toBe(200);
      expect(quote.json().data.quote).toMatchObject({ segmentCount: total });
      const ordered = await post('/manual-translation/request', {
        projectId,
        targetLanguages: ['es'],
        editorFilter: FILTER,
      });
      expect(ordered.statusCode).toBe(200);
      expect(ordered.json().data.request).toMatchObject({ segmentCount: total });
      const twoLanguages = await post('/manual-translation/request', {
        projectId,
        targetLanguages: ['es', 'hi'],
        editorFilter: FILTER,
        dryRun: true,
      });
      expect(twoLanguages.statusCode).toBe(400);
      expect(JSON.stringify(twoLanguages.json())).toContain(
        MANUAL_TRANSLATION_MESSAGES.editorFilterOneLanguage,
      );
    });
  },
);
