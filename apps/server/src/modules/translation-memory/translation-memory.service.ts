import {
  ERROR_CODES,
  TM_MESSAGES,
  TRANSLATION_MESSAGES,
  type FuzzyMatchRequest,
  type FuzzyMatchResponse,
  type TmExportRequest,
  type TmxImportResponse,
  type TmxImportState,
  type TmxImportStatusRequest,
} from '@bhasha/contract';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  TmxError,
  diffWords,
  tmxPrologue,
  tmxUnitXml,
  TMX_EPILOGUE,
  type TmxUnit,
  csvField,
  xlsxStream,
} from '@bhasha/engine';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { ProjectAccess } from '../projects/project-access';
import type { ProjectRow } from '../projects/projects.repository';
import type { JobQueue } from '../../jobs/job-queue';
import type { OrganisationFuzzyIndexes } from './organisation-fuzzy-indexes';
import type { MemoryTranslation, TranslationMemoryRepository } from './translation-memory.repository';
import { validateTmx } from './tmx-import-pipeline';
import { tmxImportJob } from './tmx-import.job';
import {
  TMX_READ_CHUNK,
  TMX_UPLOAD_FOLDER,
  failTmxImport,
  runTmxImport,
  storedUploadPath,
  type TmxImportRuntime,
} from './tmx-import-runtime';
import { presentTmxImport, type TmxImportRow, type TmxImportsRepository } from './tmx-imports.repository';

const EXPORT_PAGE = 1000;

export interface TranslationMemoryDeps {
  repository: TranslationMemoryRepository;
  access: ProjectAccess;
  fuzzy: OrganisationFuzzyIndexes;
  imports: TmxImportsRepository;
  /** Queues import jobs; null in a process without a queue (the import then runs in the request). */
  jobs: Pick<JobQueue, 'send'> | null;
  /** Where uploads are stored, and how an import runs when there is no queue. */
  runtime: TmxImportRuntime;
}

/** A TMX, CSV or XLSX download: its file name and its content, piece by piece. */
export interface Download {
  fileName: string;
  contentType: string;
  content: AsyncIterable<string | Uint8Array>;
}

/** Translation memory exchange (TMX, CSV) and fuzzy matches from the organisation's memory (ADR 0011). */
export function createTranslationMemoryService({
  repository,
  access,
  fuzzy,
  imports,
  jobs,
  runtime,
}: TranslationMemoryDeps) {
  async function projectInLanguage(
    principal: Principal,
    projectId: string,
    targetLang: string,
    manage = false,
  ) {
    const project = manage
      ? await access.requireManageable(principal, projectId)
      : await access.requireVisible(principal, projectId);
    if (!project.targetLanguages.includes(targetLang))
      throw AppError.validation([TRANSLATION_MESSAGES.languageNotInProject]);
    return project;
  }

  /** The best translation of a hash: another project's or the memory's before the asking segment's own. */
  function preferred(rows: MemoryTranslation[], project: ProjectRow, ownHash: string | undefined) {
    const candidates = rows.filter((row) => !(row.projectId === project.id && row.sourceHash === ownHash));
    return candidates.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  }

  async function* exportRows(project: ProjectRow, targetLang: string) {
    let after: string | null = null;
    for (;;) {
      const page = await repository.exportPage(project.id, targetLang, after, EXPORT_PAGE);
      yield* page;
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1]!.segmentId;
    }
  }

  return {
    async fuzzyMatches(principal: Principal, body: FuzzyMatchRequest): Promise<FuzzyMatchResponse> {
      const project = await projectInLanguage(principal, body.projectId, body.targetLang);
      const text = body.text ?? (await repository.segmentText(project.id, body.sourceHash!));
      if (text === undefined) throw new AppError(404, ERROR_CODES.NOT_FOUND, TM_MESSAGES.sourceNotFound);
      // Ask for more than needed: some sources have no translation in this language.
      const found = await fuzzy.query(
        project.organisationId,
        project.sourceLanguage,
        text,
        body.threshold / 100,
        body.limit * 4 + 1,
      );
      const rows = await repository.translationsOf(
        project.organisationId,
        project.sourceLanguage,
        body.targetLang,
        found.map((match) => match.sourceHash),
      );
      const byHash = new Map<string, MemoryTranslation[]>();
      for (const row of rows) byHash.set(row.sourceHash, [...(byHash.get(row.sourceHash) ?? []), row]);
      const matches: FuzzyMatchResponse['matches'] = [];
      for (const match of found) {
        const best = preferred(
          byHash.get(match.sourceHash) ?? [],
          project,
          body.text ? undefined : body.sourceHash,
        );
        if (!best) continue;
        matches.push({
          score: match.score,
          sourceHash: match.sourceHash,
          sourceText: best.sourceText,
          text: best.text,
          type: best.type,
          displayType: best.displayType,
          projectId: best.projectId,
          diff: diffWords(best.sourceText, text),
        });
        if (matches.length === body.limit) break;
      }
      return { matches };
    },

    async exportTmx(principal: Principal, body: TmExportRequest): Promise<Download> {
      const project = await projectInLanguage(principal, body.projectId, body.targetLang);
      async function* content() {
        yield tmxPrologue({
          attributes: { srclang: project.sourceLanguage, datatype: 'html', segtype: 'block' },
        });
        for await (const row of exportRows(project, body.targetLang)) {
          const unit: TmxUnit = {
            attributes: { tuid: row.segmentId, changedate: tmxDate(row.updatedAt) },
            properties: [
              { type: 'x-bhasha-type', value: row.type },
              { type: 'x-bhasha-display-type', value: row.displayType },
            ],
            notes: [],
            variants: [
              {
                lang: project.sourceLanguage,
                attributes: {},
                properties: [],
                notes: [],
                segment: { text: row.sourceText, codes: [] },
              },
              {
                lang: body.targetLang,
                attributes: {},
                properties: [],
                notes: [],
                segment: { text: row.text, codes: [] },
              },
            ],
          };
          yield tmxUnitXml(unit);
        }
        yield TMX_EPILOGUE;
      }
      return {
        fileName: `${safeName(project.name)}-${project.sourceLanguage}-${body.targetLang}.tmx`,
        contentType: 'application/x-tmx+xml; charset=utf-8',
        content: content(),
      };
    },

    async exportCsv(principal: Principal, body: TmExportRequest): Promise<Download> {
      const project = await projectInLanguage(principal, body.projectId, body.targetLang);
      async function* content() {
        yield '\uFEFF' + ['source', 'target', 'translationType', 'displayType'].join(',') + '\r\n';
        for await (const row of exportRows(project, body.targetLang)) {
          yield [row.sourceText, row.text, row.type, row.displayType].map(csvField).join(',') + '\r\n';
        }
      }
      return {
        fileName: `${safeName(project.name)}-${body.targetLang}.csv`,
        contentType: 'text/csv; charset=utf-8',
        content: content(),
      };
    },

    /** The same rows as the CSV export, as a one-sheet XLSX workbook written while it is read (ADR 0019). */
    async exportXlsx(principal: Principal, body: TmExportRequest): Promise<Download> {
      const project = await projectInLanguage(principal, body.projectId, body.targetLang);
      async function* rows() {
        for await (const row of exportRows(project, body.targetLang)) {
          yield [row.sourceText, row.text, row.type, row.displayType];
        }
      }
      return {
        fileName: `${safeName(project.name)}-${body.targetLang}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: xlsxStream(
          `${project.sourceLanguage}-${body.targetLang}`,
          ['source', 'target', 'translationType', 'displayType'],
          rows(),
        ),
      };
    },

    /**
     * Stores the upload in the data directory (bounded by the multipart limit), reads it once to
     * the end (a bad file is refused and writes nothing), records the import and queues its job
     * (ADR 0019). Without a job queue (a process started without one) the import runs here, through
     * the same code as the job, and the answer carries its final counts.
     */
    async importTmx(
      principal: Principal,
      input: { projectId: string; targetLang: string; overwrite: boolean },
      file: AsyncIterable<Uint8Array>,
    ): Promise<TmxImportResponse> {
      const project = await projectInLanguage(principal, input.projectId, input.targetLang, true);
      const id = randomUUID();
      const filePath = join(TMX_UPLOAD_FOLDER, `${id}.tmx`);
      const path = storedUploadPath(runtime, filePath);
      let units: number;
      let bytes: number;
      try {
        await mkdir(dirname(path), { recursive: true });
        await pipeline(Readable.from(file), createWriteStream(path));
        bytes = (await stat(path)).size;
        units = await validateTmx(createReadStream(path, { highWaterMark: TMX_READ_CHUNK }));
      } catch (error) {
        await rm(path, { force: true });
        if (error instanceof TmxError) throw AppError.validation([TM_MESSAGES.badTmx, error.message]);
        throw error;
      }
      const row = await imports.create({
        id,
        organisationId: project.organisationId,
        projectId: project.id,
        userId: principal.id,
        sourceLang: project.sourceLanguage,
        targetLang: input.targetLang,
        overwrite: input.overwrite,
        filePath,
        fileBytes: bytes,
        unitsTotal: units,
      });
      if (jobs) {
        await jobs.send(tmxImportJob, { importId: id, projectId: project.id }, { singletonKey: id });
        return responseOf(row);
      }
      try {
        return responseOf((await runTmxImport(runtime, id)) ?? row);
      } catch (error) {
        await failTmxImport(runtime, id, TM_MESSAGES.importFailed);
        throw error;
      }
    },

    /** An import's progress and counts, for the dashboard to poll. */
    async importStatus(principal: Principal, body: TmxImportStatusRequest): Promise<TmxImportState> {
      const project = await access.requireVisible(principal, body.projectId);
      const row = await imports.findInProject(project.id, body.importId);
      if (!row) throw AppError.notFound(TM_MESSAGES.importNotFound);
      return presentTmxImport(row);
    },
  };
}

/** The upload call's answer: the import's id and state, and the counts so far. */
function responseOf(row: TmxImportRow): TmxImportResponse {
  const { importId, status, units, applied, unchanged, addedToMemory, skipped } = presentTmxImport(row);
  return { importId, status, units, applied, unchanged, addedToMemory, skipped };
}

/** TMX dates: YYYYMMDDThhmmssZ. */
function tmxDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A project name as a file name: letters, digits, dash and underscore. */
function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 60) || 'project';
}

export type TranslationMemoryService = ReturnType<typeof createTranslationMemoryService>;
