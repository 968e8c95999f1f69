import { readTmx, sourceHash, type TmxUnit } from '@bhasha/engine';
import type { TranslationChange, TranslationWriter } from '../translation/translation-writer';
import type { OrganisationFuzzyIndexes } from './organisation-fuzzy-indexes';
import { tmxLanguageMatches } from './tmx-language';
import type { MemoryEntryRow, TranslationMemoryRepository } from './translation-memory.repository';

/** Units read, de-duplicated and written together: one round of statements per batch. */
export const TMX_IMPORT_BATCH = 5000;
const WRITE_CHUNK = 500;
/** Memory rows stored by one import after which the table's planner statistics are refreshed. */
const ANALYZE_AFTER = 10_000;

/** Where an import writes: one project, its source language and one target language. */
export interface TmxImportTarget {
  organisationId: string;
  projectId: string;
  sourceLang: string;
  targetLang: string;
  authorId: string | null;
  overwrite: boolean;
}

export interface TmxImportTotals {
  units: number;
  applied: number;
  unchanged: number;
  addedToMemory: number;
  skipped: number;
}

export interface TmxImportDeps {
  repository: TranslationMemoryRepository;
  writer: TranslationWriter;
  fuzzy: OrganisationFuzzyIndexes;
}

export function emptyTotals(): TmxImportTotals {
  return { units: 0, applied: 0, unchanged: 0, addedToMemory: 0, skipped: 0 };
}

/**
 * Streams a TMX file into the project and the organisation's memory, a batch at a time, so memory
 * stays flat however large the file is: units whose source is a segment of the project go through
 * the translation writer (revisions, counts, events); the others are upserted into the memory with
 * array parameters (one statement per batch) and added to the fuzzy index as they are stored.
 * A batch is written while the next one is read, and batches are written in file order.
 *
 * `skipUnits` resumes after units an earlier, interrupted run already stored (writes are upserts,
 * so a batch written twice changes nothing); `onBatch` hears the totals after each stored batch.
 * Within a batch a later unit for the same source wins, as in the file's own tool; across batches
 * the later one wins in the memory, and in the project too when `overwrite` is set.
 */
export async function importTmxStream(
  deps: TmxImportDeps,
  target: TmxImportTarget,
  file: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: {
    skipUnits?: number;
    batchSize?: number;
    /** Checked before each batch is stored: an aborted import stops between batches. */
    signal?: AbortSignal;
    onBatch?: (totals: TmxImportTotals) => Promise<void> | void;
  } = {},
): Promise<TmxImportTotals> {
  const totals = emptyTotals();
  const skipUnits = options.skipUnits ?? 0;
  const batchSize = options.batchSize ?? TMX_IMPORT_BATCH;
  let batch = new Map<string, { sourceText: string; text: string }>();
  let seen = 0;
  // One batch is written while the next is read and hashed: the database and the parser work at
  // the same time, and memory holds at most two batches. Batches are stored in file order.
  let pending: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.size === 0) return;
    const pairs = batch;
    batch = new Map();
    const cut = { units: seen, skipped: totals.skipped };
    await pending;
    options.signal?.throwIfAborted();
    pending = (async () => {
      await storeBatch(deps, target, pairs, totals);
      await options.onBatch?.({ ...totals, ...cut });
    })();
    pending.catch(() => undefined); // surfaces at the next await of `pending`
  };
  try {
    for await (const event of readTmx(file)) {
      if (event.type !== 'unit') continue;
      seen += 1;
      if (seen <= skipUnits) continue;
      totals.units = seen;
      const pair = languagePair(event.unit, target);
      if (!pair) totals.skipped += 1;
      else batch.set(sourceHash(pair.sourceText), pair);
      if (batch.size >= batchSize) await flush();
    }
    totals.units = seen;
    await flush();
    await pending;
    if (totals.addedToMemory >= ANALYZE_AFTER) await deps.repository.analyzeMemory();
  } catch (error) {
    await pending.catch(() => undefined);
    throw error;
  }
  return { ...totals };
}

/** The unit's texts in the project's source language and the target language, when it has both. */
function languagePair(unit: TmxUnit, target: TmxImportTarget): { sourceText: string; text: string } | null {
  const source = unit.variants.find((v) => tmxLanguageMatches(v.lang, target.sourceLang));
  const translated = unit.variants.find((v) => tmxLanguageMatches(v.lang, target.targetLang));
  if (!source || !translated || !source.segment.text.trim() || !translated.segment.text.trim()) return null;
  return { sourceText: source.segment.text, text: translated.segment.text };
}

async function storeBatch(
  { repository, writer, fuzzy }: TmxImportDeps,
  target: TmxImportTarget,
  pairs: Map<string, { sourceText: string; text: string }>,
  totals: TmxImportTotals,
): Promise<void> {
  const inProject = await repository.projectHashes(target.projectId, [...pairs.keys()]);
  const changes: TranslationChange[] = [];
  const memory: MemoryEntryRow[] = [];
  for (const [hash, pair] of pairs) {
    if (inProject.has(hash)) {
      changes.push({
        sourceHash: hash,
        targetLang: target.targetLang,
        text: pair.text,
        type: 'USER',
        origin: 'tmx',
        onlyIfMissing: !target.overwrite,
      });
    } else {
      memory.push({
        sourceLang: target.sourceLang,
        targetLang: target.targetLang,
        sourceHash: hash,
        sourceText: pair.sourceText,
        text: pair.text,
        projectId: target.projectId,
      });
    }
  }
  const ctx = {
    organisationId: target.organisationId,
    projectId: target.projectId,
    authorId: target.authorId,
  };
  for (let at = 0; at < changes.length; at += WRITE_CHUNK) {
    for (const result of await writer.write(ctx, changes.slice(at, at + WRITE_CHUNK))) {
      if (result.outcome === 'created' || result.outcome === 'updated') totals.applied += 1;
      else totals.unchanged += 1;
    }
  }
  await repository.upsertMemoryEntries(target.organisationId, memory);
  totals.addedToMemory += memory.length;
  fuzzy.remember(
    target.organisationId,
    target.sourceLang,
    [...pairs].map(([hash, pair]) => ({ sourceHash: hash, text: pair.sourceText })),
  );
}

/** Reads a TMX file to its end without storing anything: a bad file is refused before any write. */
export async function validateTmx(
  file: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): Promise<number> {
  let units = 0;
  for await (const event of readTmx(file)) if (event.type === 'unit') units += 1;
  return units;
}
