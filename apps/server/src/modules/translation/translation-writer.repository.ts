import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  TRANSLATION_EVENTS,
  projectRoomOf,
  type DisplayType,
  type TmEntry,
  type TranslationChangedEvent,
  type TranslationOrigin,
  type TranslationType,
} from '@bhasha/contract';
import { segments, translationRevisions, translations, users, type Database } from '@bhasha/db';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';

/*
 * The one way a translation changes (ADR 0007): user update, suggestion accept, revision restore,
 * replace, toggle, machine translation, TMX import and exact matches all call writeTranslations.
 * In one transaction it locks the affected rows, upserts them, bumps their version and writes a
 * revision for every change; the counts move by trigger inside the same transaction. After the
 * commit the changed entries go to the project room.
 */

/** One change of one segment in one target language. */
export interface TranslationChange {
  sourceHash: string;
  targetLang: string;
  text: string;
  type: TranslationType;
  /** Default: the entry's current display type, or 'translation' for a new entry. */
  displayType?: DisplayType;
  origin: TranslationOrigin;
  /** The version the author started from; older than the stored one still saves (`conflict`). */
  baseVersion?: number;
  /** Write only when the segment has no translation in the language yet (exact matches, imports). */
  onlyIfMissing?: boolean;
  /**
   * Compare-and-set for jobs that decided from an earlier read (machine translation,
   * transliteration): write only when the entry's type, checked under the row lock, is still one
   * of these ('none' = no translation yet); otherwise the change is `skipped`. A user's translation
   * saved between the job's read and its write is therefore never replaced.
   */
  onlyIfTypeIn?: readonly (TranslationType | 'none')[];
  /** Compare-and-set on the version the caller read (0 = no translation yet); else `skipped`. */
  onlyIfVersion?: number;
}

/** Whether a change's compare-and-set conditions hold for the entry as stored now. */
function conditionsHold(change: TranslationChange, existing: CurrentRow | undefined): boolean {
  if (change.onlyIfMissing && existing) return false;
  if (change.onlyIfTypeIn && !change.onlyIfTypeIn.includes((existing?.type as TranslationType) ?? 'none'))
    return false;
  if (change.onlyIfVersion !== undefined && change.onlyIfVersion !== (existing?.version ?? 0)) return false;
  return true;
}

/** A conditional change for an entry that did not exist: inserted only if still absent. */
function isGuardedInsert(change: TranslationChange, existing: CurrentRow | undefined): boolean {
  return (
    existing === undefined &&
    (change.onlyIfMissing === true || change.onlyIfTypeIn !== undefined || change.onlyIfVersion !== undefined)
  );
}

/** Who writes, for which project. */
export interface WriteContext {
  organisationId: string;
  projectId: string;
  /** The user making the change; null for jobs (machine translation, imports, exact matches). */
  authorId: string | null;
}

export type WriteOutcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'segmentNotFound';

export interface WriteResult {
  sourceHash: string;
  targetLang: string;
  outcome: WriteOutcome;
  /** True when baseVersion was older than the stored version (the newer text stays a revision). */
  conflict: boolean;
  /** The entry after the change; absent for segmentNotFound. */
  entry?: TmEntry;
}

export interface WriteOptions {
  /**
   * Runs first inside the same transaction (e.g. marking a suggestion accepted); when it throws,
   * nothing is written.
   */
  before?: (tx: Database) => Promise<void>;
}

export interface TranslationWriter {
  /** Applies the changes in one transaction; results are in the order of `changes`. */
  write(
    ctx: WriteContext,
    changes: readonly TranslationChange[],
    options?: WriteOptions,
  ): Promise<WriteResult[]>;
}

/** Rows per statement: keeps parameter lists well under PostgreSQL's limit. */
const CHUNK = 500;

interface SegmentInfo {
  id: string;
  sourceHash: string;
  text: string;
  kind: string;
  wordCount: number;
  isNew: boolean;
}

interface CurrentRow {
  segmentId: string;
  targetLang: string;
  text: string;
  type: string;
  displayType: string;
  version: number;
}

const keyOf = (segmentId: string, targetLang: string) => `${segmentId}\u0000${targetLang}`;

/**
 * Splits changes into rounds in which every (hash, language) occurs once, keeping their order, so
 * two changes of one entry in one call become two versions instead of one lost update.
 */
function rounds(changes: readonly TranslationChange[]): number[][] {
  const result: number[][] = [];
  const seen: Map<string, number>[] = [];
  changes.forEach((change, index) => {
    const key = `${change.sourceHash}\u0000${change.targetLang}`;
    let round = 0;
    while (seen[round]?.has(key)) round += 1;
    (seen[round] ??= new Map()).set(key, index);
    (result[round] ??= []).push(index);
  });
  return result;
}

export function createTranslationWriter(deps: {
  db: Database;
  emitter: RealtimeEmitter;
  clock: { now(): Date };
}): TranslationWriter {
  async function writeChunk(
    tx: Database,
    ctx: WriteContext,
    changes: readonly TranslationChange[],
    now: Date,
    authorLabel: string | null,
  ): Promise<WriteResult[]> {
    const hashes = [...new Set(changes.map((c) => c.sourceHash))];
    const found = await tx
      .select({
        id: segments.id,
        sourceHash: segments.sourceHash,
        text: segments.text,
        kind: segments.kind,
        wordCount: segments.wordCount,
        isNew: segments.isNew,
      })
      .from(segments)
      .where(and(eq(segments.projectId, ctx.projectId), inArray(segments.sourceHash, hashes)));
    const segmentByHash = new Map<string, SegmentInfo>(found.map((s) => [s.sourceHash, s]));
    const segmentIds = found.map((s) => s.id);
    const languages = [...new Set(changes.map((c) => c.targetLang))];
    const current =
      segmentIds.length === 0
        ? []
        : await tx
            .select({
              segmentId: translations.segmentId,
              targetLang: translations.targetLang,
              text: translations.text,
              type: translations.type,
              displayType: translations.displayType,
              version: translations.version,
            })
            .from(translations)
            .where(
              and(inArray(translations.segmentId, segmentIds), inArray(translations.targetLang, languages)),
            )
            .for('update');
    const currentByKey = new Map<string, CurrentRow>(
      current.map((r) => [keyOf(r.segmentId, r.targetLang), r]),
    );

    const results: WriteResult[] = [];
    const toWrite: {
      index: number;
      change: TranslationChange;
      segment: SegmentInfo;
      displayType: string;
      guarded: boolean;
    }[] = [];
    changes.forEach((change, index) => {
      const segment = segmentByHash.get(change.sourceHash);
      if (!segment) {
        results[index] = {
          sourceHash: change.sourceHash,
          targetLang: change.targetLang,
          outcome: 'segmentNotFound',
          conflict: false,
        };
        return;
      }
      const existing = currentByKey.get(keyOf(segment.id, change.targetLang));
      const displayType = change.displayType ?? existing?.displayType ?? 'translation';
      const conflict =
        change.baseVersion !== undefined && existing !== undefined && change.baseVersion < existing.version;
      const base = { sourceHash: change.sourceHash, targetLang: change.targetLang, conflict };
      if (!conditionsHold(change, existing)) {
        results[index] = {
          ...base,
          outcome: 'skipped',
          ...(existing ? { entry: entryOf(segment, existing) } : {}),
        };
        return;
      }
      if (
        existing &&
        existing.text === change.text &&
        existing.type === change.type &&
        existing.displayType === displayType
      ) {
        results[index] = { ...base, outcome: 'unchanged', entry: entryOf(segment, existing) };
        return;
      }
      toWrite.push({ index, change, segment, displayType, guarded: isGuardedInsert(change, existing) });
      results[index] = { ...base, outcome: existing ? 'updated' : 'created' };
    });
    if (toWrite.length === 0) return results;

    // The columns a translation row and its revision row share.
    const contentOf = ({ change, segment, displayType }: (typeof toWrite)[number]) => ({
      organisationId: ctx.organisationId,
      projectId: ctx.projectId,
      segmentId: segment.id,
      sourceHash: segment.sourceHash,
      targetLang: change.targetLang,
      text: change.text,
      type: change.type,
      displayType,
      origin: change.origin,
    });
    const rowOf = (write: (typeof toWrite)[number]) => ({
      ...contentOf(write),
      wordCount: write.segment.wordCount,
      charCount: [...write.segment.text].length,
      segmentIsNew: write.segment.isNew,
      updatedBy: ctx.authorId,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    const returning = {
      segmentId: translations.segmentId,
      targetLang: translations.targetLang,
      version: translations.version,
    };
    const upserts = toWrite.filter((w) => !w.guarded);
    const guarded = toWrite.filter((w) => w.guarded);
    // A guarded insert loses to a row another transaction inserted after our locking read (no
    // row existed to lock): DO NOTHING keeps that row, and the change reports `skipped`.
    const inserted =
      guarded.length === 0
        ? []
        : await tx.insert(translations).values(guarded.map(rowOf)).onConflictDoNothing().returning(returning);
    const upserted =
      upserts.length === 0
        ? []
        : await tx
            .insert(translations)
            .values(upserts.map(rowOf))
            .onConflictDoUpdate({
              target: [translations.segmentId, translations.targetLang],
              set: {
                text: sql`excluded.text`,
                type: sql`excluded.type`,
                displayType: sql`excluded.display_type`,
                origin: sql`excluded.origin`,
                updatedBy: sql`excluded.updated_by`,
                version: sql`${translations.version} + 1`,
                updatedAt: sql`excluded.updated_at`,
              },
            })
            .returning(returning);
    const versionByKey = new Map(
      [...inserted, ...upserted].map((w) => [keyOf(w.segmentId, w.targetLang), w.version]),
    );
    const stored = toWrite.filter((w) => {
      if (!w.guarded || versionByKey.has(keyOf(w.segment.id, w.change.targetLang))) return true;
      results[w.index] = { ...results[w.index]!, outcome: 'skipped' };
      return false;
    });
    if (stored.length === 0) return results;

    await tx.insert(translationRevisions).values(
      stored.map((write) => ({
        ...contentOf(write),
        version: versionByKey.get(keyOf(write.segment.id, write.change.targetLang)) ?? 1,
        createdBy: ctx.authorId,
        createdAt: now,
      })),
    );
    for (const { index, change, segment, displayType } of stored) {
      const result = results[index]!;
      result.entry = entryOf(
        segment,
        {
          text: change.text,
          type: change.type,
          displayType,
          version: versionByKey.get(keyOf(segment.id, change.targetLang)) ?? 1,
        },
        { updatedAt: now.toISOString(), updatedBy: authorLabel },
      );
      result.entry.targetLang = change.targetLang;
    }
    return results;
  }

  function emit(ctx: WriteContext, results: readonly WriteResult[]): void {
    const byLanguage = new Map<string, TmEntry[]>();
    for (const r of results) {
      if (!r.entry || (r.outcome !== 'created' && r.outcome !== 'updated')) continue;
      const list = byLanguage.get(r.targetLang) ?? [];
      list.push(r.entry);
      byLanguage.set(r.targetLang, list);
    }
    for (const [targetLang, entries] of byLanguage) {
      const event: TranslationChangedEvent = {
        projectId: ctx.projectId,
        targetLang,
        entries,
        changedBy: ctx.authorId,
      };
      deps.emitter.emitToRoom(projectRoomOf(ctx.projectId), TRANSLATION_EVENTS.translationChanged, event);
    }
  }

  return {
    async write(ctx, changes, options = {}) {
      if (changes.length === 0 && !options.before) return [];
      const now = deps.clock.now();
      const results: WriteResult[] = new Array<WriteResult>(changes.length);
      await deps.db.transaction(async (tx) => {
        if (options.before) await options.before(tx);
        const authorLabel = ctx.authorId
          ? ((
              await tx.select({ email: users.email }).from(users).where(eq(users.id, ctx.authorId)).limit(1)
            )[0]?.email ?? null)
          : null;
        for (const round of rounds(changes)) {
          for (let i = 0; i < round.length; i += CHUNK) {
            const indexes = round.slice(i, i + CHUNK);
            const chunkResults = await writeChunk(
              tx,
              ctx,
              indexes.map((index) => changes[index]!),
              now,
              authorLabel,
            );
            chunkResults.forEach((r, j) => {
              results[indexes[j]!] = r;
            });
          }
        }
      });
      emit(ctx, results);
      return results;
    },
  };
}

/** The TM entry of a segment and its (current or just written) translation. */
export function entryOf(
  segment: SegmentInfo,
  row: { text: string; type: string; displayType: string; version: number; targetLang?: string },
  meta: { updatedAt: string | null; updatedBy: string | null } = { updatedAt: null, updatedBy: null },
): TmEntry {
  return {
    segmentId: segment.id,
    sourceHash: segment.sourceHash,
    source: segment.text,
    kind: segment.kind,
    wordCount: segment.wordCount,
    isNew: segment.isNew,
    targetLang: row.targetLang ?? '',
    preProcessedTarget: row.text,
    translationType: row.type as TranslationType,
    displayType: row.displayType as DisplayType,
    version: row.version,
    updatedAt: meta.updatedAt,
    updatedBy: meta.updatedBy,
  };
}
