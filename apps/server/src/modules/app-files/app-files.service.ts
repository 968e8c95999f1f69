import { posix } from 'node:path';
import {
  APP_FILE_MESSAGES,
  LANGUAGE_CODES,
  PROJECT_TYPES,
  type AppFile,
  type AppFileMissing,
  type AppFileUploadResult,
} from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import {
  ResourceFileError,
  ZipFormatError,
  readResourceFile,
  resourceFilesOfUpload,
  resourcePathForLanguage,
  writeResourceFile,
  zipStream,
  type ResourceFormat,
} from '@bhasha/engine';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Clock } from '../../lib/clock';
import { createDeferredEmitter } from '../../realtime/deferred-emitter';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import type { ProjectAccess } from '../projects/project-access';
import type { ProjectRow } from '../projects/projects.repository';
import { applyExactMatchesToNewSegments } from '../translation/exact-matches';
import { storeFileVersion, type ParsedSource, type StoredVersion } from './app-file-store';
import {
  createAppFilesRepository,
  type AppFileLanguageCounts,
  type AppFileRow,
} from './app-files.repository';

/** An upload as the route read it. */
export interface AppFileUpload {
  projectId: string;
  fileName: string;
  bytes: Uint8Array;
  /** The file's path in the app's repository (a single file only); default: its name. */
  path?: string;
}

/** A downloadable answer: one file, or a zip streamed as it is written. */
export interface AppFileDownload {
  fileName: string;
  contentType: string;
  content: Uint8Array | AsyncIterable<Uint8Array>;
}

const KNOWN_CODES: readonly string[] = LANGUAGE_CODES;

/** A file Bhasha cannot read answers 400 with the file and line at fault. */
function refuse(error: unknown): never {
  if (error instanceof ResourceFileError) throw AppError.validation([error.message]);
  throw error;
}

function parseSource(path: string, bytes: Uint8Array): ParsedSource['file'] {
  try {
    return readResourceFile(path, bytes);
  } catch (error) {
    return refuse(error);
  }
}

/**
 * String files of mobile-app projects (spec §7 "Translation": xmlFileTranslation,
 * mobileTranslationResync, stringxmlFileurls, getStringxmlFilePathByLanguage,
 * mobileLanguageAddition; ADR 0048).
 */
export function createAppFilesService(deps: {
  db: Database;
  clock: Clock;
  emitter: RealtimeEmitter;
  access: ProjectAccess;
  /** The projects service's own language change (its plan and role rules apply). */
  setTargetLanguages: (principal: Principal, projectId: string, languages: string[]) => Promise<unknown>;
}) {
  const { db, access } = deps;
  const files = createAppFilesRepository(db);

  function mobileProject(project: ProjectRow): ProjectRow {
    if (project.type !== PROJECT_TYPES.mobile)
      throw AppError.validation([APP_FILE_MESSAGES.notMobileProject]);
    return project;
  }

  async function requireFile(project: ProjectRow, fileId: string): Promise<AppFileRow> {
    const file = await files.find(project.id, fileId);
    if (!file) throw AppError.notFound('The file');
    return file;
  }

  /** Parses every source of an upload and the translations beside it, before anything is stored. */
  function parseUpload(project: ProjectRow, upload: AppFileUpload): ParsedSource[] {
    let found: ReturnType<typeof resourceFilesOfUpload>;
    try {
      found = resourceFilesOfUpload(upload.fileName, upload.bytes, project.sourceLanguage, KNOWN_CODES);
    } catch (error) {
      // A refused archive (broken, a bomb, a member climbing out) names the upload.
      if (error instanceof ZipFormatError)
        throw AppError.validation([`${upload.fileName}: ${error.message}`]);
      return refuse(error);
    }
    const single = found.sources.length === 1 && !upload.fileName.toLowerCase().endsWith('.zip');
    // The path decides the format on export: it must name the same kind of file.
    if (
      single &&
      upload.path &&
      posix.extname(upload.path).toLowerCase() !== posix.extname(upload.fileName).toLowerCase()
    )
      throw AppError.validation([APP_FILE_MESSAGES.pathExtension]);
    const sources = found.sources.map((entry) => {
      const file = parseSource(entry.path, entry.bytes);
      const translations = new Map<string, ReadonlyMap<string, string>>(file.translations);
      return {
        path: single && upload.path ? upload.path : entry.path,
        bytes: entry.bytes,
        file,
        translations,
      };
    });
    const sourceAt = new Map(found.sources.map((entry, index) => [entry.path, sources[index]!]));
    for (const beside of found.besides) {
      const source = sourceAt.get(beside.sourcePath);
      if (!source) continue;
      const parsed = parseSource(beside.entry.path, beside.entry.bytes);
      source.translations.set(beside.language, new Map(parsed.units.map((unit) => [unit.id, unit.text])));
    }
    if (sources.every((source) => source.file.units.length === 0))
      throw AppError.validation([APP_FILE_MESSAGES.noStrings]);
    return sources;
  }

  function warningsOf(project: ProjectRow, sources: readonly ParsedSource[]): string[] {
    const warnings = sources.flatMap((source) => source.file.warnings.map((w) => `${source.path}: ${w}`));
    for (const source of sources)
      for (const language of source.translations.keys())
        if (language !== project.sourceLanguage && !project.targetLanguages.includes(language))
          warnings.push(
            `${source.path}: translations in ${language} were not imported: the project does not translate into it`,
          );
    return warnings;
  }

  /** Stores every source in one transaction: a broken file or a failure stores nothing. */
  async function store(
    principal: Principal,
    project: ProjectRow,
    sources: readonly ParsedSource[],
    target: (tx: Database, source: ParsedSource) => Promise<AppFileRow | undefined>,
  ): Promise<AppFileUploadResult> {
    const events = createDeferredEmitter();
    const now = deps.clock.now();
    let stored: StoredVersion[];
    try {
      stored = await db.transaction(async (tx) => {
        const results: StoredVersion[] = [];
        for (const source of sources) {
          const existing = await target(tx, source);
          results.push(
            await storeFileVersion(tx, { emitter: events, now }, project, existing, source, principal.id),
          );
        }
        return results;
      });
    } catch (error) {
      // Two uploads of one new path (or two versions of one file) at once: the later one lost.
      if (isUniqueViolation(error)) throw AppError.conflict(APP_FILE_MESSAGES.uploadRace);
      throw error;
    }
    events.flushTo(deps.emitter);
    const listed = await presentFiles(
      project,
      stored.map((s) => s.file),
    );
    const sum = (pick: (s: StoredVersion) => number) => stored.reduce((total, s) => total + pick(s), 0);
    return {
      files: listed,
      added: sum((s) => s.added),
      changed: sum((s) => s.changed),
      unchanged: sum((s) => s.unchanged),
      removed: sum((s) => s.removed),
      newWordCount: sum((s) => s.newWordCount),
      importedTranslations: sum((s) => s.importedTranslations),
      warnings: warningsOf(project, sources),
    };
  }

  async function presentFiles(project: ProjectRow, rows: readonly AppFileRow[]): Promise<AppFile[]> {
    const counts = await files.languageCounts(project.id, project.targetLanguages);
    const byKey = new Map<string, AppFileLanguageCounts>(
      counts.map((c) => [`${c.fileId}\u0000${c.targetLang}`, c]),
    );
    return rows.map((file) => ({
      fileId: file.id,
      path: file.path,
      format: file.format as ResourceFormat,
      version: file.version,
      stringCount: file.stringCount,
      wordCount: file.wordCount,
      updatedAt: file.updatedAt.toISOString(),
      languages: project.targetLanguages.map((language) => {
        const count = byKey.get(`${file.id}\u0000${language}`);
        return {
          language,
          translatedCount: count?.translated ?? 0,
          reviewCount: count?.review ?? 0,
          totalCount: file.stringCount,
          exportPath: exportPathOf(project, file, language),
        };
      }),
    }));
  }

  function exportPathOf(project: ProjectRow, file: AppFileRow, language: string): string {
    return resourcePathForLanguage(
      file.path,
      file.format as ResourceFormat,
      project.sourceLanguage,
      language,
    );
  }

  /** The file in one language, written into its current version and parsed again by the engine. */
  async function writeFile(
    project: ProjectRow,
    file: AppFileRow,
    language: string,
    missing: AppFileMissing,
  ): Promise<Uint8Array> {
    const bytes = await files.currentContent(file);
    const translations =
      language === project.sourceLanguage
        ? new Map<string, string>()
        : await files.unitTranslations(file.id, language);
    try {
      return writeResourceFile(file.path, bytes, translations, {
        language,
        sourceLanguage: project.sourceLanguage,
        missing,
      });
    } catch (error) {
      return refuse(error);
    }
  }

  return {
    async upload(principal: Principal, upload: AppFileUpload): Promise<AppFileUploadResult> {
      const project = mobileProject(await access.requireManageable(principal, upload.projectId));
      const sources = parseUpload(project, upload);
      return store(principal, project, sources, (tx, source) =>
        createAppFilesRepository(tx).findByPath(project.id, source.path),
      );
    },

    async resync(
      principal: Principal,
      input: { projectId: string; fileId: string; fileName: string; bytes: Uint8Array },
    ): Promise<AppFileUploadResult> {
      const project = mobileProject(await access.requireManageable(principal, input.projectId));
      const file = await requireFile(project, input.fileId);
      const parsed = parseSource(file.path, input.bytes);
      if (parsed.units.length === 0) throw AppError.validation([APP_FILE_MESSAGES.noStrings]);
      const source: ParsedSource = {
        path: file.path,
        bytes: input.bytes,
        file: parsed,
        translations: parsed.translations,
      };
      return store(principal, project, [source], async (tx) =>
        createAppFilesRepository(tx).find(project.id, file.id),
      );
    },

    async list(principal: Principal, projectId: string): Promise<{ files: AppFile[] }> {
      const project = mobileProject(await access.requireVisible(principal, projectId));
      return { files: await presentFiles(project, await files.list(project.id)) };
    },

    async versions(principal: Principal, projectId: string, fileId: string) {
      const project = mobileProject(await access.requireVisible(principal, projectId));
      const file = await requireFile(project, fileId);
      const rows = await files.versions(file.id);
      return {
        versions: rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() })),
      };
    },

    async remove(principal: Principal, projectId: string, fileId: string): Promise<{ deleted: true }> {
      const project = mobileProject(await access.requireManageable(principal, projectId));
      if (!(await files.remove(project.id, fileId))) throw AppError.notFound('The file');
      return { deleted: true };
    },

    async units(principal: Principal, projectId: string, segmentIds: readonly string[]) {
      const project = mobileProject(await access.requireVisible(principal, projectId));
      const rows = await files.unitsOfSegments(project.id, segmentIds);
      return {
        units: rows.map((row) => ({
          segmentId: row.segment_id,
          key: row.key,
          filePath: row.path,
          comment: row.comment,
          maxLength: row.max_length,
          plural: row.plural,
          otherKeyCount: Number(row.other_key_count),
        })),
      };
    },

    /**
     * One file in one language (its own bytes), or a zip of every file in one or every language
     * at their export paths.
     */
    async export(
      principal: Principal,
      input: { projectId: string; fileId?: string; targetLang?: string; missing?: AppFileMissing },
    ): Promise<AppFileDownload> {
      const project = mobileProject(await access.requireVisible(principal, input.projectId));
      const missing = input.missing ?? project.settings.appFileMissing ?? 'source';
      const known = [project.sourceLanguage, ...project.targetLanguages];
      if (input.targetLang && !known.includes(input.targetLang))
        throw AppError.validation([APP_FILE_MESSAGES.languageNotInProject]);
      if (input.fileId && input.targetLang) {
        const file = await requireFile(project, input.fileId);
        const path = exportPathOf(project, file, input.targetLang);
        return {
          fileName: posix.basename(path),
          contentType: 'application/octet-stream',
          content: await writeFile(project, file, input.targetLang, missing),
        };
      }
      const selected = input.fileId
        ? [await requireFile(project, input.fileId)]
        : await files.list(project.id);
      if (selected.length === 0) throw AppError.notFound('A string file');
      const languages = input.targetLang ? [input.targetLang] : project.targetLanguages;
      // Every file is written (and parsed again) before the first byte goes out: a failure answers 400, not a cut zip.
      const members: { name: string; content: Uint8Array[] }[] = [];
      for (const file of selected)
        for (const language of languages)
          members.push({
            name: exportPathOf(project, file, language),
            content: [await writeFile(project, file, language, missing)],
          });
      return {
        fileName: `${project.name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}-${input.targetLang ?? 'all'}.zip`,
        contentType: 'application/zip',
        content: zipStream(members),
      };
    },

    /** Adds target languages (the projects service's rules apply), then fills them from the organisation's TM. */
    async addLanguages(principal: Principal, projectId: string, languages: readonly string[]) {
      const project = mobileProject(await access.requireManageable(principal, projectId));
      const added = languages.filter(
        (language) => language !== project.sourceLanguage && !project.targetLanguages.includes(language),
      );
      const targetLanguages = [...project.targetLanguages, ...added];
      if (added.length === 0) return { targetLanguages, prefilled: 0 };
      await deps.setTargetLanguages(principal, project.id, targetLanguages);
      const segmentIds = await files.unitSegmentIds(project.id);
      const events = createDeferredEmitter();
      const prefilled = await db.transaction((tx) =>
        applyExactMatchesToNewSegments(
          tx,
          { organisationId: project.organisationId, projectId: project.id },
          segmentIds,
          events,
        ),
      );
      events.flushTo(deps.emitter);
      return { targetLanguages, prefilled };
    },
  };
}

export type AppFilesService = ReturnType<typeof createAppFilesService>;
