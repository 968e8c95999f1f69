import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TmxError } from '@bhasha/engine';
import type { Database } from '@bhasha/db';
import type { Clock } from '../../lib/clock';
import { silentLogger, type Logger } from '../../lib/logger';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import {
  createTranslationWriter,
  type TranslationWriter,
} from '../translation/translation-writer.repository';
import { createMemoryChangeAnnouncer, type MemoryChangeAnnouncer } from './memory-changes';
import { createOrganisationFuzzyIndexes, type OrganisationFuzzyIndexes } from './organisation-fuzzy-indexes';
import { importTmxStream, TMX_IMPORT_BATCH, type TmxImportTotals } from './tmx-import-pipeline';
import {
  countersOf,
  createTmxImportsRepository,
  type TmxImportCounters,
  type TmxImportRow,
} from './tmx-imports.repository';
import { createTranslationMemoryRepository } from './translation-memory.repository';

/** Bytes read from a stored TMX at a time. */
export const TMX_READ_CHUNK = 1 << 16;
/** Stored uploads live here, under the data directory (shared by web and worker processes). */
export const TMX_UPLOAD_FOLDER = 'tmx-imports';

/** What TMX import jobs run with in this process. */
export interface TmxImportRuntime {
  db: Database;
  writer: TranslationWriter;
  fuzzy: OrganisationFuzzyIndexes;
  /** Wakes web processes' fuzzy indexes after each stored batch (memory-changes.ts). */
  announce: MemoryChangeAnnouncer;
  /** The data directory stored uploads are relative to. */
  dataDir: string;
  log: Logger;
  /** Units per committed batch (tests make it small to stop between batches). */
  batchSize: number;
}

/** The runtime of a server process. */
export function createTmxImportRuntime(deps: {
  db: Database;
  emitter: RealtimeEmitter;
  clock: Clock;
  dataDir: string;
  log?: Logger;
  fuzzy?: OrganisationFuzzyIndexes;
  batchSize?: number;
}): TmxImportRuntime {
  return {
    db: deps.db,
    writer: createTranslationWriter({ db: deps.db, emitter: deps.emitter, clock: deps.clock }),
    // The worker keeps no index of its own: web processes catch up from the rows (ADR 0011).
    fuzzy:
      deps.fuzzy ??
      createOrganisationFuzzyIndexes(createTranslationMemoryRepository(deps.db), {
        refreshMs: 0,
        maxIndexes: 1,
      }),
    announce: createMemoryChangeAnnouncer(deps.db),
    dataDir: deps.dataDir,
    log: deps.log ?? silentLogger,
    batchSize: deps.batchSize ?? TMX_IMPORT_BATCH,
  };
}

/** The absolute path of a stored upload. */
export function storedUploadPath(runtime: Pick<TmxImportRuntime, 'dataDir'>, filePath: string): string {
  return join(runtime.dataDir, filePath);
}

/** Errors that another attempt cannot fix: the stored file is unreadable or is not TMX. */
export function isFinalImportError(error: unknown): boolean {
  return error instanceof TmxError || (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Runs (or resumes) one import: units already committed by an earlier attempt are skipped, each
 * batch's counters are stored once the batch is written, and the stored file is removed when the
 * import completes. Answers the row as it ended, or as it is when it had already ended.
 */
export async function runTmxImport(
  runtime: TmxImportRuntime,
  importId: string,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<TmxImportRow | undefined> {
  const imports = createTmxImportsRepository(runtime.db);
  const row = await imports.start(importId);
  if (!row) return imports.find(importId);
  const base = countersOf(row);
  const counters = (totals: TmxImportTotals): TmxImportCounters => ({
    unitsRead: totals.units,
    applied: base.applied + totals.applied,
    unchanged: base.unchanged + totals.unchanged,
    addedToMemory: base.addedToMemory + totals.addedToMemory,
    skipped: base.skipped + totals.skipped,
  });
  const path = storedUploadPath(runtime, row.filePath);
  const totals = await importTmxStream(
    {
      repository: createTranslationMemoryRepository(runtime.db),
      writer: runtime.writer,
      fuzzy: runtime.fuzzy,
      announce: runtime.announce,
    },
    {
      organisationId: row.organisationId,
      projectId: row.projectId,
      sourceLang: row.sourceLang,
      targetLang: row.targetLang,
      authorId: row.userId,
      overwrite: row.overwrite,
    },
    createReadStream(path, { highWaterMark: TMX_READ_CHUNK }),
    {
      skipUnits: row.unitsRead,
      batchSize: runtime.batchSize,
      signal: options.signal,
      onBatch: async (progress) => {
        const stored = counters(progress);
        await imports.saveProgress(importId, stored);
        options.onProgress?.(stored.unitsRead, row.unitsTotal);
      },
    },
  );
  const finished = await imports.finish(importId, 'completed', counters(totals));
  await rm(path, { force: true });
  return finished;
}

/** Ends an import that cannot go on: the row says why and the stored file is removed. */
export async function failTmxImport(
  runtime: TmxImportRuntime,
  importId: string,
  message: string,
): Promise<TmxImportRow | undefined> {
  const imports = createTmxImportsRepository(runtime.db);
  const row = await imports.finish(importId, 'failed', null, message);
  if (row) await rm(storedUploadPath(runtime, row.filePath), { force: true });
  return row;
}
