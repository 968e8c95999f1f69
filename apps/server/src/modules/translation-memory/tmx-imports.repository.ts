import { and, eq, inArray, sql } from 'drizzle-orm';
import { tmxImports, type Database } from '@bhasha/db';
import type { TmxImportState, TmxImportStatus } from '@bhasha/contract';

export type TmxImportRow = typeof tmxImports.$inferSelect;

/** Counters of units already committed (the pipeline's totals plus those of earlier runs). */
export interface TmxImportCounters {
  unitsRead: number;
  applied: number;
  unchanged: number;
  addedToMemory: number;
  skipped: number;
}

/** The rows of TMX import jobs (ADR 0019). */
export function createTmxImportsRepository(db: Database) {
  return {
    async create(values: typeof tmxImports.$inferInsert): Promise<TmxImportRow> {
      const [row] = await db.insert(tmxImports).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<TmxImportRow | undefined> {
      const [row] = await db.select().from(tmxImports).where(eq(tmxImports.id, id));
      return row;
    },

    /** An import of the project (another project's id answers nothing). */
    async findInProject(projectId: string, id: string): Promise<TmxImportRow | undefined> {
      const [row] = await db
        .select()
        .from(tmxImports)
        .where(and(eq(tmxImports.projectId, projectId), eq(tmxImports.id, id)));
      return row;
    },

    /** Marks a queued (or resumed) import running; answers the row, or nothing once it has ended. */
    async start(id: string): Promise<TmxImportRow | undefined> {
      const [row] = await db
        .update(tmxImports)
        .set({
          status: 'running',
          startedAt: sql`coalesce(${tmxImports.startedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tmxImports.id, id), inArray(tmxImports.status, ['queued', 'running'])))
        .returning();
      return row;
    },

    /** Stores the counters after a committed batch: a resumed run skips `unitsRead` units. */
    async saveProgress(id: string, counters: TmxImportCounters): Promise<void> {
      await db
        .update(tmxImports)
        .set({ ...counters, updatedAt: sql`now()` })
        .where(eq(tmxImports.id, id));
    },

    async finish(
      id: string,
      status: Extract<TmxImportStatus, 'completed' | 'failed'>,
      counters: TmxImportCounters | null,
      error: string | null = null,
    ): Promise<TmxImportRow | undefined> {
      const [row] = await db
        .update(tmxImports)
        .set({ ...(counters ?? {}), status, error, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(tmxImports.id, id))
        .returning();
      return row;
    },
  };
}

export type TmxImportsRepository = ReturnType<typeof createTmxImportsRepository>;

/** The counters stored in a row. */
export function countersOf(row: TmxImportRow): TmxImportCounters {
  return {
    unitsRead: row.unitsRead,
    applied: row.applied,
    unchanged: row.unchanged,
    addedToMemory: row.addedToMemory,
    skipped: row.skipped,
  };
}

/** A row as the status call answers it. */
export function presentTmxImport(row: TmxImportRow): TmxImportState {
  return {
    importId: row.id,
    status: row.status as TmxImportStatus,
    targetLang: row.targetLang,
    units: row.unitsRead,
    total: row.unitsTotal,
    applied: row.applied,
    unchanged: row.unchanged,
    addedToMemory: row.addedToMemory,
    skipped: row.skipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
