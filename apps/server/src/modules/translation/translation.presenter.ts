import type {
  DisplayType,
  TmEntry,
  TmRevision,
  TranslationOrigin,
  TranslationType,
  TypeCounts,
} from '@bhasha/contract';
import type { translationRevisions } from '@bhasha/db';
import type { Bucket, EntryRow, LanguageBuckets } from './translations.repository';

/** A TM entry of the contract; a segment without a translation row is NO_TRANSLATION_AVAILABLE, version 0. */
export function presentEntry(row: EntryRow, targetLang: string): TmEntry {
  return {
    segmentId: row.segmentId,
    sourceHash: row.sourceHash,
    source: row.source,
    kind: row.kind,
    wordCount: row.wordCount,
    isNew: row.isNew,
    targetLang,
    preProcessedTarget: row.text ?? '',
    translationType: (row.type ?? 'NO_TRANSLATION_AVAILABLE') as TranslationType,
    displayType: (row.displayType ?? 'translation') as DisplayType,
    version: row.version ?? 0,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
    updatedBy: row.updatedBy,
  };
}

export function presentRevision(
  row: typeof translationRevisions.$inferSelect,
  createdBy: string | null,
): TmRevision {
  return {
    id: row.id,
    sourceHash: row.sourceHash,
    targetLang: row.targetLang,
    preProcessedTarget: row.text,
    translationType: row.type as TranslationType,
    displayType: row.displayType as DisplayType,
    version: row.version,
    origin: row.origin as TranslationOrigin,
    checkpoint: row.checkpoint,
    createdAt: row.createdAt.toISOString(),
    createdBy,
  };
}

/** One figure of every type's bucket. */
export function typeCounts(buckets: LanguageBuckets, figure: keyof Bucket): TypeCounts {
  return {
    USER: buckets.byType.USER[figure],
    MACHINE: buckets.byType.MACHINE[figure],
    PBK: buckets.byType.PBK[figure],
    NO_TRANSLATION_AVAILABLE: buckets.byType.NO_TRANSLATION_AVAILABLE[figure],
  };
}

/** Share of words with a translation, 0–100 with one decimal. */
export function percentTranslated(buckets: LanguageBuckets, totalWords: number): number {
  if (totalWords <= 0) return 0;
  const translated = buckets.byType.USER.words + buckets.byType.MACHINE.words + buckets.byType.PBK.words;
  return Math.round((translated / totalWords) * 1000) / 10;
}
