import { TERM_MESSAGES, NMT_MESSAGES } from '@bhasha/contract';
import { transliterate } from '@bhasha/engine';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { ProjectAccess } from '../projects/project-access';
import type { TranslationChange, TranslationWriter } from '../translation/translation-writer.repository';
import type { createSelectedSegmentsRepository } from './selected-segments.repository';
import { readTransliterationCsv } from './transliteration-csv';
import type { TransliterationPairsRepository } from './transliteration-pairs.repository';
import {
  isTransliterationLanguage,
  transliterateSegment,
  transliterationSource,
} from './transliterate-segment';

/** Candidates the phonetic keyboard shows under the caret. */
const SUGGESTIONS = 5;

/** What transliteration may replace: no translation, a placeholder, or a machine one. */
const REPLACEABLE_BY_TRANSLITERATION = ['none', 'NO_TRANSLATION_AVAILABLE', 'MACHINE'] as const;

/** Transliteration of a project: custom pairs (project settings) and applying it to segments. */
export function createTransliterationService(deps: {
  access: ProjectAccess;
  pairs: TransliterationPairsRepository;
  selected: ReturnType<typeof createSelectedSegmentsRepository>;
  writer: TranslationWriter;
}) {
  const { access, pairs } = deps;
  return {
    async upload(
      principal: Principal,
      projectId: string,
      csvText: string,
      fileLanguage: string | undefined,
    ): Promise<{ saved: number }> {
      const project = await access.requireManageable(principal, projectId);
      const read = readTransliterationCsv(csvText, fileLanguage);
      if ('problems' in read) throw AppError.validation([TERM_MESSAGES.badFormat, ...read.problems]);
      return { saved: await pairs.upsertMany(project, read.pairs) };
    },

    async list(
      principal: Principal,
      filter: {
        projectId: string;
        targetLang?: string;
        searchText?: string;
        pageNumber: number;
        pageSize: number;
      },
    ) {
      const project = await access.requireVisible(principal, filter.projectId);
      return pairs.list(project, filter);
    },

    async delete(principal: Principal, projectId: string, ids?: string[]): Promise<{ deleted: number }> {
      const project = await access.requireManageable(principal, projectId);
      return { deleted: await pairs.delete(project, ids) };
    },

    /** Candidates for one Roman word in the target script: the project's custom pair, then the engine's. */
    async suggest(
      principal: Principal,
      input: { projectId: string; targetLang: string; word: string },
    ): Promise<{ candidates: string[] }> {
      const project = await access.requireVisible(principal, input.projectId);
      if (!isTransliterationLanguage(input.targetLang))
        throw AppError.validation([TERM_MESSAGES.languageNotSupported]);
      const custom = (await pairs.mapFor(project, input.targetLang)).get(input.word.toLowerCase());
      const ranked = transliterate(input.word.replace(/'/g, ''), {
        to: input.targetLang,
        count: SUGGESTIONS,
      });
      const candidates = [...new Set([...(custom ? [custom] : []), ...ranked])].slice(0, SUGGESTIONS);
      return { candidates };
    },

    /**
     * Writes the selected segments in the target script (display type t13n, type MACHINE) through
     * the translation writer. USER and PBK translations are kept; custom pairs win over the engine.
     */
    async apply(
      principal: Principal,
      input: { projectId: string; targetLang: string; idArr: string[] },
    ): Promise<{ transliterated: number; skipped: number }> {
      const project = await access.requireVisible(principal, input.projectId);
      if (!project.targetLanguages.includes(input.targetLang))
        throw AppError.validation([NMT_MESSAGES.languageNotInProject]);
      if (!isTransliterationLanguage(input.targetLang))
        throw AppError.validation([TERM_MESSAGES.languageNotSupported]);
      const found = await deps.selected.find(project, [...new Set(input.idArr)], input.targetLang);
      if (found.length === 0) throw AppError.notFound('The selected strings');
      const customPairs = await pairs.mapFor(project, input.targetLang);
      const from = transliterationSource(project.sourceLanguage);
      let skipped = 0;
      const changes: TranslationChange[] = [];
      for (const segment of found) {
        if (segment.currentType === 'USER' || segment.currentType === 'PBK') {
          skipped += 1;
          continue;
        }
        changes.push({
          sourceHash: segment.sourceHash,
          targetLang: input.targetLang,
          text: transliterateSegment(segment.text, {
            to: input.targetLang,
            ...(from ? { from } : {}),
            customPairs,
          }),
          type: 'MACHINE',
          displayType: 't13n',
          origin: 'machine',
          // Checked again under the row lock: a USER/PBK translation saved since the read stays.
          onlyIfTypeIn: REPLACEABLE_BY_TRANSLITERATION,
        });
      }
      const results = await deps.writer.write(
        { organisationId: project.organisationId, projectId: project.id, authorId: principal.id },
        changes,
      );
      const stored = results.filter((r) => r.outcome !== 'skipped' && r.outcome !== 'segmentNotFound').length;
      return { transliterated: stored, skipped: skipped + (results.length - stored) };
    },
  };
}

export type TransliterationService = ReturnType<typeof createTransliterationService>;
