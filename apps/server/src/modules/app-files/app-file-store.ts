import { createHash } from 'node:crypto';
import { TRANSLATION_TYPES, type DisplayType, type TranslationType } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { ResourceFile } from '@bhasha/engine';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import { createSegmentsRepository } from '../crawl/segments.repository';
import {
  createTranslationWriter,
  type TranslationChange,
} from '../translation/translation-writer.repository';
import type { ProjectRow } from '../projects/projects.repository';
import { createAppFilesRepository, type AppFileRow } from './app-files.repository';
import { compareUnits, unitSegmentsOf } from './app-file-units';

/** One parsed source file of an upload, with the translations found beside it or in it. */
export interface ParsedSource {
  path: string;
  bytes: Uint8Array;
  file: ResourceFile;
  /** By language, then unit id: `values-hi/`, `hi.lproj/` files and a catalog's own languages. */
  translations: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** What storing one file's version did. */
export interface StoredVersion {
  file: AppFileRow;
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  newWordCount: number;
  importedTranslations: number;
}

/**
 * Stores a version of one string file inside the caller's transaction (`db` is it): its units
 * become segments of the project (deduplicated by source hash with the website's, new ones get the
 * organisation's exact memory matches), a changed unit's old translations are carried onto its new
 * text and wait for review, translations found beside the source are saved as USER translations
 * where the string has none yet, and the bytes are kept as the file's next version.
 */
export async function storeFileVersion(
  db: Database,
  deps: { emitter: RealtimeEmitter; now: Date },
  project: ProjectRow,
  existing: AppFileRow | undefined,
  source: ParsedSource,
  uploadedBy: string | null,
): Promise<StoredVersion> {
  const ids = { organisationId: project.organisationId, projectId: project.id };
  const files = createAppFilesRepository(db);
  const segments = createSegmentsRepository(db);
  const writer = createTranslationWriter({ db, emitter: deps.emitter, clock: { now: () => deps.now } });

  const file = existing ?? (await files.create(ids, source.path, source.file.format));
  const previousUnits = existing ? await files.units(existing.id) : [];
  const previous = new Map(previousUnits.map((unit) => [unit.unitId, unit]));
  const unitSegments = unitSegmentsOf(source.file.units);
  const changes = compareUnits(previous, unitSegments);

  await segments.storeSegments(ids, unitSegments, deps.now, deps.emitter);

  // A changed string keeps its old translations (marked for review by `carried_from_hash`).
  const carried: TranslationChange[] = [];
  const oldTranslations = await files.translationsOfHashes(
    project.id,
    changes.changed.map((change) => change.previousHash),
  );
  const byHash = new Map<string, typeof oldTranslations>();
  for (const row of oldTranslations) byHash.set(row.sourceHash, [...(byHash.get(row.sourceHash) ?? []), row]);
  for (const change of changes.changed) {
    for (const row of byHash.get(change.previousHash) ?? []) {
      carried.push({
        sourceHash: change.now.sourceHash,
        targetLang: row.targetLang,
        text: row.text,
        type: row.type as TranslationType,
        displayType: row.displayType as DisplayType,
        origin: 'import',
        onlyIfMissing: true,
      });
    }
  }
  if (carried.length > 0) await writer.write({ ...ids, authorId: uploadedBy }, carried);

  // Translations shipped with the source, in the project's target languages only.
  const imported: TranslationChange[] = [];
  const hashOfUnit = new Map(unitSegments.map((segment) => [segment.unit.id, segment.sourceHash]));
  for (const [language, byUnit] of source.translations) {
    if (!project.targetLanguages.includes(language)) continue;
    for (const [unitId, text] of byUnit) {
      const hash = hashOfUnit.get(unitId);
      if (hash === undefined || text.trim() === '') continue;
      imported.push({
        sourceHash: hash,
        targetLang: language,
        text,
        type: TRANSLATION_TYPES.USER,
        origin: 'import',
        onlyIfMissing: true,
      });
    }
  }
  const importResults =
    imported.length > 0 ? await writer.write({ ...ids, authorId: uploadedBy }, imported) : [];

  const carriedFrom = new Map(changes.changed.map((change) => [change.now.unit.id, change.previousHash]));
  await files.replaceUnits(
    file.id,
    unitSegments.map((segment, position) => ({
      fileId: file.id,
      unitId: segment.unit.id,
      projectId: project.id,
      key: segment.unit.key,
      position,
      sourceHash: segment.sourceHash,
      comment: segment.unit.comment ?? null,
      maxLength: segment.unit.maxLength ?? null,
      plural: segment.unit.plural,
      carriedFromHash:
        carriedFrom.get(segment.unit.id) ?? previous.get(segment.unit.id)?.carriedFromHash ?? null,
    })),
  );

  const wordCount = unitSegments.reduce((sum, segment) => sum + segment.wordCount, 0);
  const newWordCount =
    changes.added.reduce((sum, segment) => sum + segment.wordCount, 0) +
    changes.changed.reduce((sum, change) => sum + change.now.wordCount, 0);
  const stored = await files.addVersion(
    file,
    {
      content: source.bytes,
      sha256: createHash('sha256').update(source.bytes).digest('hex'),
      stringCount: unitSegments.length,
      wordCount,
      added: changes.added.length,
      changed: changes.changed.length,
      removed: changes.removed,
      uploadedBy,
    },
    deps.now,
  );
  return {
    file: stored,
    added: changes.added.length,
    changed: changes.changed.length,
    unchanged: changes.unchanged.length,
    removed: changes.removed,
    newWordCount,
    importedTranslations: importResults.filter((result) => result.outcome === 'created').length,
  };
}
