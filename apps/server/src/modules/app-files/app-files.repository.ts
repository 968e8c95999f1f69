import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  appFileUnits,
  appFileVersions,
  appFiles,
  segments,
  translations,
  users,
  type Database,
} from '@bhasha/db';
import { TRANSLATION_TYPES } from '@bhasha/contract';
import { pgArray } from '../../lib/pg-array';
import { rowsOf } from '../../lib/rows-of';

export type AppFileRow = typeof appFiles.$inferSelect;
export type AppFileUnitRow = typeof appFileUnits.$inferSelect;

/** What a version of a file stores: its bytes and what changed against the one before. */
export interface NewAppFileVersion {
  content: Uint8Array;
  sha256: string;
  stringCount: number;
  wordCount: number;
  added: number;
  changed: number;
  removed: number;
  uploadedBy: string | null;
}

/** A file's progress in one target language. */
export interface AppFileLanguageCounts {
  fileId: string;
  targetLang: string;
  translated: number;
  review: number;
}

// Carried translations keep the origin they were written with until someone saves the entry again.
const CARRIED_ORIGIN = 'import';

/** String files of mobile-app projects, their versions and units (ADR 0048). */
export function createAppFilesRepository(db: Database) {
  return {
    async list(projectId: string): Promise<AppFileRow[]> {
      return db.select().from(appFiles).where(eq(appFiles.projectId, projectId)).orderBy(asc(appFiles.path));
    },

    async find(projectId: string, fileId: string): Promise<AppFileRow | undefined> {
      const [row] = await db
        .select()
        .from(appFiles)
        .where(and(eq(appFiles.projectId, projectId), eq(appFiles.id, fileId)));
      return row;
    },

    async findByPath(projectId: string, path: string): Promise<AppFileRow | undefined> {
      const [row] = await db
        .select()
        .from(appFiles)
        .where(and(eq(appFiles.projectId, projectId), eq(appFiles.path, path)));
      return row;
    },

    /** A new file at version 0: `addVersion` makes its first version. */
    async create(ids: { organisationId: string; projectId: string }, path: string, format: string) {
      const [row] = await db
        .insert(appFiles)
        .values({ ...ids, path, format, version: 0 })
        .returning();
      return row!;
    },

    /** Stores the next version of a file and makes it current. */
    async addVersion(file: AppFileRow, version: NewAppFileVersion, now: Date): Promise<AppFileRow> {
      const next = file.version + 1;
      await db.insert(appFileVersions).values({
        fileId: file.id,
        projectId: file.projectId,
        version: next,
        content: version.content,
        sha256: version.sha256,
        stringCount: version.stringCount,
        added: version.added,
        changed: version.changed,
        removed: version.removed,
        uploadedBy: version.uploadedBy,
        uploadedAt: now,
      });
      const [row] = await db
        .update(appFiles)
        .set({
          version: next,
          stringCount: version.stringCount,
          wordCount: version.wordCount,
          updatedAt: now,
        })
        .where(eq(appFiles.id, file.id))
        .returning();
      return row!;
    },

    async currentContent(file: AppFileRow): Promise<Uint8Array> {
      const [row] = await db
        .select({ content: appFileVersions.content })
        .from(appFileVersions)
        .where(and(eq(appFileVersions.fileId, file.id), eq(appFileVersions.version, file.version)));
      if (!row) throw new Error(`File ${file.id} has no version ${file.version}`);
      return row.content;
    },

    async versions(fileId: string) {
      return db
        .select({
          version: appFileVersions.version,
          uploadedAt: appFileVersions.uploadedAt,
          uploadedBy: users.email,
          stringCount: appFileVersions.stringCount,
          added: appFileVersions.added,
          changed: appFileVersions.changed,
          removed: appFileVersions.removed,
        })
        .from(appFileVersions)
        .leftJoin(users, eq(users.id, appFileVersions.uploadedBy))
        .where(eq(appFileVersions.fileId, fileId))
        .orderBy(desc(appFileVersions.version));
    },

    async remove(projectId: string, fileId: string): Promise<boolean> {
      const rows = await db
        .delete(appFiles)
        .where(and(eq(appFiles.projectId, projectId), eq(appFiles.id, fileId)))
        .returning({ id: appFiles.id });
      return rows.length > 0;
    },

    async units(fileId: string): Promise<AppFileUnitRow[]> {
      return db
        .select()
        .from(appFileUnits)
        .where(eq(appFileUnits.fileId, fileId))
        .orderBy(asc(appFileUnits.position));
    },

    /** Makes `units` the file's units (those of its current version). */
    async replaceUnits(fileId: string, units: readonly (typeof appFileUnits.$inferInsert)[]): Promise<void> {
      await db.delete(appFileUnits).where(eq(appFileUnits.fileId, fileId));
      for (let i = 0; i < units.length; i += 1000)
        await db.insert(appFileUnits).values(units.slice(i, i + 1000));
    },

    /** Segment ids of every unit of the project's files (distinct). */
    async unitSegmentIds(projectId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: segments.id })
        .from(appFileUnits)
        .innerJoin(
          segments,
          and(
            eq(segments.projectId, appFileUnits.projectId),
            eq(segments.sourceHash, appFileUnits.sourceHash),
          ),
        )
        .where(eq(appFileUnits.projectId, projectId));
      return rows.map((row) => row.id);
    },

    /** The current translations of the given source hashes in every language, by hash. */
    async translationsOfHashes(projectId: string, hashes: readonly string[]) {
      if (hashes.length === 0) return [];
      return db
        .select({
          sourceHash: translations.sourceHash,
          targetLang: translations.targetLang,
          text: translations.text,
          type: translations.type,
          displayType: translations.displayType,
        })
        .from(translations)
        .where(
          and(
            eq(translations.projectId, projectId),
            sql`${translations.sourceHash} = any(${pgArray([...hashes])}::text[])`,
            sql`${translations.type} <> ${TRANSLATION_TYPES.NO_TRANSLATION_AVAILABLE}`,
          ),
        );
    },

    /** The translations of a file's units in one language, by unit id (units without one are absent). */
    async unitTranslations(fileId: string, targetLang: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ unitId: appFileUnits.unitId, text: translations.text })
        .from(appFileUnits)
        .innerJoin(
          translations,
          and(
            eq(translations.projectId, appFileUnits.projectId),
            eq(translations.sourceHash, appFileUnits.sourceHash),
            eq(translations.targetLang, targetLang),
          ),
        )
        .where(
          and(
            eq(appFileUnits.fileId, fileId),
            sql`${translations.type} <> ${TRANSLATION_TYPES.NO_TRANSLATION_AVAILABLE}`,
          ),
        );
      return new Map(rows.map((row) => [row.unitId, row.text]));
    },

    /** Translated and awaiting-review units of each file of a project, per target language. */
    async languageCounts(projectId: string, languages: readonly string[]): Promise<AppFileLanguageCounts[]> {
      if (languages.length === 0) return [];
      const result = await db.execute(sql`
        select u.file_id, t.target_lang,
          count(*)::int as translated,
          (count(*) filter (where u.carried_from_hash is not null and t.origin = ${CARRIED_ORIGIN}))::int as review
        from ${appFileUnits} u
        join ${translations} t on t.project_id = u.project_id and t.source_hash = u.source_hash
        where u.project_id = ${projectId}
          and t.target_lang = any(${pgArray([...languages])}::text[])
          and t.type <> ${TRANSLATION_TYPES.NO_TRANSLATION_AVAILABLE}
        group by u.file_id, t.target_lang`);
      return rowsOf<{ file_id: string; target_lang: string; translated: number; review: number }>(result).map(
        (row) => ({
          fileId: row.file_id,
          targetLang: row.target_lang,
          translated: Number(row.translated),
          review: Number(row.review),
        }),
      );
    },

    /** The keys and files of the given segments of a project (the editor's context). */
    async unitsOfSegments(projectId: string, segmentIds: readonly string[]) {
      const result = await db.execute(sql`
        select s.id as segment_id, u.key, f.path, u.comment, u.max_length, u.plural,
          (count(*) over (partition by s.id))::int - 1 as other_key_count
        from ${segments} s
        join ${appFileUnits} u on u.project_id = s.project_id and u.source_hash = s.source_hash
        join ${appFiles} f on f.id = u.file_id
        where s.project_id = ${projectId} and s.id = any(${pgArray([...segmentIds])}::uuid[])
        order by s.id, f.path, u.position`);
      return rowsOf<{
        segment_id: string;
        key: string;
        path: string;
        comment: string | null;
        max_length: number | null;
        plural: boolean;
        other_key_count: number;
      }>(result);
    },
  };
}

export type AppFilesRepository = ReturnType<typeof createAppFilesRepository>;
