import { and, asc, count, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  mtRunItems,
  mtRuns,
  pages,
  segments,
  translations,
  type Database,
  type MtRunOptions,
  type SqlResult,
} from '@bhasha/db';
import type { ProjectRef } from '../glossary/glossary.repository';

export type MtRunRow = typeof mtRuns.$inferSelect;

/** Which segments a new run covers. */
export type RunSelection =
  | { kind: 'selection'; segmentIds: readonly string[] }
  | { kind: 'newContent' }
  | { kind: 'all' }
  /** The editor's filter: a condition on `segments` (editor-filter-selection.ts). */
  | { kind: 'filter'; condition: SQL };

/** A pending segment of a run with what the run needs to decide and translate. */
export interface PendingItem {
  segmentId: string;
  sourceHash: string;
  text: string;
  wordCount: number;
  /** The current translation type in the run's language, or null when there is none. */
  currentType: string | null;
  /** Host of the first page the segment was found on, or null (then the project's host counts). */
  domain: string | null;
  /** `received`: the engine already answered (and was metered); `result` only needs storing. */
  state: 'pending' | 'received';
  /** The engine's answer of a received item; null when it was unusable. */
  result: string | null;
}

export type ItemState = 'translated' | 'skipped' | 'unchanged';

/** One engine answer to keep: the translation, or null when it was unusable. */
export interface ReceivedResult {
  segmentId: string;
  result: string | null;
}

const ID_CHUNK = 1000;

/**
 * Host of the page the segment was first found on (usage is metered per domain): the page the
 * crawler noted when it stored the segment (ADR 0025), a primary-key lookup; null when that
 * page is gone.
 */
const firstHostSql = sql<string | null>`(
  SELECT ${pages.hostname} FROM ${pages} WHERE ${pages.id} = ${segments.firstPageId})`;

/** Runs of /translation/nmt/apply and their segments. */
export function createMtRunsRepository(db: Database) {
  return {
    async findByRequest(project: ProjectRef, requestId: string): Promise<MtRunRow | undefined> {
      const [row] = await db
        .select()
        .from(mtRuns)
        .where(
          and(
            eq(mtRuns.projectId, project.id),
            eq(mtRuns.organisationId, project.organisationId),
            eq(mtRuns.requestId, requestId),
          ),
        )
        .limit(1);
      return row;
    },

    async findById(runId: string): Promise<MtRunRow | undefined> {
      const [row] = await db.select().from(mtRuns).where(eq(mtRuns.id, runId)).limit(1);
      return row;
    },

    /**
     * Records a run and its segments in one transaction; when the project already has a run with
     * this requestId, answers that one instead (`created: false`).
     */
    async create(
      values: {
        project: ProjectRef;
        requestId: string;
        userId: string;
        sourceLang: string;
        targetLang: string;
        options: MtRunOptions;
      },
      selection: RunSelection,
    ): Promise<{ run: MtRunRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(mtRuns)
          .values({
            organisationId: values.project.organisationId,
            projectId: values.project.id,
            requestId: values.requestId,
            userId: values.userId,
            sourceLang: values.sourceLang,
            targetLang: values.targetLang,
            options: values.options,
          })
          .onConflictDoNothing({ target: [mtRuns.projectId, mtRuns.requestId] })
          .returning();
        if (!inserted) {
          const [existing] = await tx
            .select()
            .from(mtRuns)
            .where(and(eq(mtRuns.projectId, values.project.id), eq(mtRuns.requestId, values.requestId)));
          if (!existing) throw new Error('mt run vanished after a conflicting insert');
          return { run: existing, created: false };
        }
        const inProject = sql`${segments.projectId} = ${values.project.id} AND ${segments.organisationId} = ${values.project.organisationId}`;
        if (selection.kind === 'selection') {
          for (let start = 0; start < selection.segmentIds.length; start += ID_CHUNK) {
            const ids = selection.segmentIds.slice(start, start + ID_CHUNK);
            await tx.execute(sql`
              INSERT INTO ${mtRunItems} (run_id, segment_id)
              SELECT ${inserted.id}, ${segments.id} FROM ${segments}
              WHERE ${inProject} AND ${segments.id} = ANY(${sql.param([...ids])}::uuid[])
              ON CONFLICT DO NOTHING`);
          }
        } else if (selection.kind === 'filter') {
          await tx.execute(sql`
            INSERT INTO ${mtRunItems} (run_id, segment_id)
            SELECT ${inserted.id}, ${segments.id} FROM ${segments}
            WHERE ${inProject} AND ${selection.condition}
            ON CONFLICT DO NOTHING`);
        } else {
          // New content: new segments without a translation in the language (issue 6's definition).
          const onlyNew =
            selection.kind === 'newContent'
              ? sql`AND ${segments.isNew} AND NOT EXISTS (SELECT 1 FROM ${translations} WHERE ${translations.segmentId} = ${segments.id} AND ${translations.targetLang} = ${values.targetLang} AND ${translations.type} <> 'NO_TRANSLATION_AVAILABLE')`
              : sql``;
          await tx.execute(sql`
            INSERT INTO ${mtRunItems} (run_id, segment_id)
            SELECT ${inserted.id}, ${segments.id} FROM ${segments}
            WHERE ${inProject} ${onlyNew}
            ON CONFLICT DO NOTHING`);
        }
        const [totals] = await tx
          .select({ total: count() })
          .from(mtRunItems)
          .where(eq(mtRunItems.runId, inserted.id));
        const [run] = await tx
          .update(mtRuns)
          .set({ total: totals?.total ?? 0 })
          .where(eq(mtRuns.id, inserted.id))
          .returning();
        return { run: run!, created: true };
      });
    },

    /**
     * The next unfinished (pending or received) segments of a run in segment id order, after
     * `afterSegmentId` when given (a keyset cursor: items in flight are still pending, so a reader
     * that runs ahead of the engine must not see them again).
     */
    async pendingItems(run: MtRunRow, limit: number, afterSegmentId?: string): Promise<PendingItem[]> {
      const rows = await db
        .select({
          state: mtRunItems.state,
          result: mtRunItems.result,
          segmentId: segments.id,
          sourceHash: segments.sourceHash,
          text: segments.text,
          wordCount: segments.wordCount,
          currentType: translations.type,
          domain: firstHostSql.as('domain'),
        })
        .from(mtRunItems)
        .innerJoin(segments, eq(segments.id, mtRunItems.segmentId))
        .leftJoin(
          translations,
          and(eq(translations.segmentId, segments.id), eq(translations.targetLang, run.targetLang)),
        )
        .where(
          and(
            eq(mtRunItems.runId, run.id),
            inArray(mtRunItems.state, ['pending', 'received']),
            afterSegmentId ? gt(mtRunItems.segmentId, afterSegmentId) : undefined,
          ),
        )
        .orderBy(asc(mtRunItems.segmentId))
        .limit(limit);
      return rows.map((row) => ({ ...row, state: row.state === 'received' ? 'received' : 'pending' }));
    },

    /**
     * Keeps an engine's answers (pending → received) and, in the same transaction, `meter` runs
     * with the ids that moved. Items already received (a chunk answered before a crash and asked
     * again) do not move, so their usage is never added twice.
     */
    async receive(
      runId: string,
      answers: readonly ReceivedResult[],
      meter: (tx: Database, moved: ReadonlySet<string>) => Promise<void>,
    ): Promise<void> {
      if (answers.length === 0) return;
      await db.transaction(async (tx) => {
        const moved = new Set<string>();
        for (let start = 0; start < answers.length; start += ID_CHUNK) {
          const part = answers.slice(start, start + ID_CHUNK);
          const updated = await tx.execute(sql`
            UPDATE ${mtRunItems} AS item SET state = 'received', result = answer.result
            FROM unnest(${sql.param(part.map((a) => a.segmentId))}::uuid[],
                        ${sql.param(part.map((a) => a.result))}::text[]) AS answer(segment_id, result)
            WHERE item.run_id = ${runId} AND item.segment_id = answer.segment_id AND item.state = 'pending'
            RETURNING item.segment_id`);
          const rows: readonly { segment_id: string }[] = (updated as SqlResult).rows as {
            segment_id: string;
          }[];
          for (const row of rows) moved.add(row.segment_id);
        }
        await meter(tx, moved);
      });
    },

    /** Marks segments finished; `apply` runs in the same transaction (usage, counters). */
    async finishItems(
      runId: string,
      states: ReadonlyMap<string, ItemState>,
      apply?: (tx: Database) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const byState = new Map<ItemState, string[]>();
        for (const [segmentId, state] of states)
          byState.set(state, [...(byState.get(state) ?? []), segmentId]);
        for (const [state, ids] of byState) {
          for (let start = 0; start < ids.length; start += ID_CHUNK) {
            await tx
              .update(mtRunItems)
              .set({ state, result: null })
              .where(
                and(
                  eq(mtRunItems.runId, runId),
                  inArray(mtRunItems.segmentId, ids.slice(start, start + ID_CHUNK)),
                ),
              );
          }
        }
        await refreshCounters(tx, runId);
        if (apply) await apply(tx);
      });
    },

    async markRunning(runId: string, now: Date): Promise<MtRunRow | undefined> {
      const [row] = await db
        .update(mtRuns)
        .set({ status: 'running', updatedAt: now })
        .where(and(eq(mtRuns.id, runId), inArray(mtRuns.status, ['queued', 'running'])))
        .returning();
      return row;
    },

    async complete(runId: string, now: Date): Promise<MtRunRow | undefined> {
      return finish(runId, { status: 'completed', finishedAt: now, updatedAt: now });
    },

    /** Ends a run with the reason users see; what was translated so far stays. */
    async fail(runId: string, message: string, now: Date): Promise<MtRunRow | undefined> {
      return finish(runId, { status: 'failed', error: message, finishedAt: now, updatedAt: now });
    },
  };

  async function finish(runId: string, set: Partial<MtRunRow>): Promise<MtRunRow | undefined> {
    await refreshCounters(db, runId);
    const [row] = await db
      .update(mtRuns)
      .set(set)
      .where(and(eq(mtRuns.id, runId), isNull(mtRuns.finishedAt)))
      .returning();
    return row ?? (await db.select().from(mtRuns).where(eq(mtRuns.id, runId)))[0];
  }
}

/** Counters recomputed from the items, so a step that ran twice cannot count twice. */
async function refreshCounters(db: Database, runId: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${mtRuns} SET
      translated = (SELECT count(*) FROM ${mtRunItems} WHERE run_id = ${runId} AND state = 'translated'),
      skipped = (SELECT count(*) FROM ${mtRunItems} WHERE run_id = ${runId} AND state = 'skipped'),
      unchanged = (SELECT count(*) FROM ${mtRunItems} WHERE run_id = ${runId} AND state = 'unchanged'),
      updated_at = now()
    WHERE id = ${runId}`);
}

export type MtRunsRepository = ReturnType<typeof createMtRunsRepository>;
