import {
  ERROR_MESSAGES,
  type AllCounts,
  type LanguageProgress,
  type StatusWordCount,
  type TmListResponse,
  type TranslationCounts,
  type TranslationType,
  type TypeCounts,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { pagingOf, type TranslationContext } from './translation-context';
import { percentTranslated, presentEntry, typeCounts } from './translation.presenter';
import type { EntryFilter, TranslationsRepository } from './translations.repository';

export interface Paged {
  pageNumber: number;
  pageSize: number;
}

const zeroTypes = (): TypeCounts => ({ USER: 0, MACHINE: 0, PBK: 0, NO_TRANSLATION_AVAILABLE: 0 });

/** Counts, dashboards and listings of the translation memory (spec §3, §7 "Translation"). */
export function createTranslationQueryService(deps: {
  repository: TranslationsRepository;
  context: TranslationContext;
}) {
  const { repository, context } = deps;

  async function languageCounts(projectId: string, targetLang: string) {
    const counts = await repository.counts(projectId, [targetLang]);
    return { totals: counts.totals, buckets: counts.languages.get(targetLang)! };
  }

  /**
   * The number of entries a filter selects, from the maintained counts, when the filter is made of
   * whole buckets (types, new content); undefined when rows must be counted (URL, text, kinds…).
   */
  async function totalFromCounts(projectId: string, filter: EntryFilter): Promise<number | undefined> {
    if (
      filter.pageId ||
      filter.searchText ||
      filter.kinds?.length ||
      filter.displayTypes?.length ||
      filter.sourceHashes
    )
      return undefined;
    const { totals, buckets } = await languageCounts(projectId, filter.targetLang);
    const types = new Set(filter.types ?? []);
    if (types.size === 0 && !filter.newContent) return totals.segments;
    let total = 0;
    for (const type of types) total += buckets.byType[type].segments;
    // New content is part of the untranslated bucket: counted once when both are chosen.
    if (filter.newContent && !types.has('NO_TRANSLATION_AVAILABLE'))
      total += buckets.byType.NO_TRANSLATION_AVAILABLE.newSegments;
    return total;
  }

  async function listEntries(
    projectId: string,
    filter: EntryFilter,
    paged: Paged & { after?: string; before?: string },
  ): Promise<TmListResponse> {
    if (paged.after !== undefined && paged.before !== undefined)
      throw AppError.validation(['Send either after or before, not both']);
    const { rows, ...page } = await repository.listEntries(
      projectId,
      filter,
      {
        ...pagingOf(paged.pageNumber, paged.pageSize),
        ...(paged.after !== undefined ? { after: Number(paged.after) } : {}),
        ...(paged.before !== undefined ? { before: Number(paged.before) } : {}),
      },
      await totalFromCounts(projectId, filter),
    );
    return { tm: rows.map((row) => presentEntry(row, filter.targetLang)), ...page };
  }

  return {
    /** /translation/status/wordcount: words per type for the project, or for one URL of it. */
    async statusWordCount(
      principal: Principal,
      input: { projectId: string; url?: string; targetLang: string; translationType?: TranslationType },
    ): Promise<StatusWordCount> {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const pageId = await context.pageIdOf(project.id, input.url);
      let translationWordCount: TypeCounts;
      let uniqueWordCount: number;
      let newContentWordCount: number;
      const displayWords = { translation: 0, t13n: 0 };
      if (pageId) {
        // One page: a bounded read of that page's segments.
        translationWordCount = zeroTypes();
        uniqueWordCount = 0;
        newContentWordCount = 0;
        for (const row of await repository.pageCounts(project.id, pageId, input.targetLang)) {
          const type = row.type as TranslationType;
          translationWordCount[type] += row.words;
          uniqueWordCount += row.words;
          if (type === 'NO_TRANSLATION_AVAILABLE') newContentWordCount += row.newWords;
          else displayWords[row.displayType === 't13n' ? 't13n' : 'translation'] += row.words;
        }
      } else {
        const { totals, buckets } = await languageCounts(project.id, input.targetLang);
        translationWordCount = typeCounts(buckets, 'words');
        uniqueWordCount = totals.words;
        newContentWordCount = buckets.byType.NO_TRANSLATION_AVAILABLE.newWords;
        displayWords.translation = buckets.translatedWords.translation;
        displayWords.t13n = buckets.translatedWords.t13n;
      }
      return {
        targetLang: input.targetLang,
        url: input.url ?? null,
        uniqueWordCount,
        newContentWordCount,
        translationWordCount,
        translatedWordCount: displayWords.translation,
        transliteratedWordCount: displayWords.t13n,
        wordCount: input.translationType ? translationWordCount[input.translationType] : uniqueWordCount,
      };
    },

    /** translation/tm/count: segments (and words) per translation type. */
    async tmCount(principal: Principal, input: { projectId: string; targetLang: string }) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const { totals, buckets } = await languageCounts(project.id, input.targetLang);
      return {
        targetLang: input.targetLang,
        tmCount: typeCounts(buckets, 'segments'),
        wordCount: typeCounts(buckets, 'words'),
        total: totals.segments,
      };
    },

    /** /translation/counts: the progress figures of spec §3, in words (and in segments). */
    async counts(
      principal: Principal,
      input: { projectId: string; targetLang: string },
    ): Promise<TranslationCounts> {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const { totals, buckets } = await languageCounts(project.id, input.targetLang);
      const figures = (figure: 'words' | 'segments', newFigure: 'newWords' | 'newSegments') => ({
        machineTranslated: buckets.byType.MACHINE[figure],
        totalWC: totals[figure],
        professionalTranslated: buckets.byType.PBK[figure],
        humanVerified: buckets.byType.USER[figure],
        newContentAvailable: buckets.byType.NO_TRANSLATION_AVAILABLE[newFigure],
        untranslated: buckets.byType.NO_TRANSLATION_AVAILABLE[figure],
      });
      return {
        targetLang: input.targetLang,
        ...figures('words', 'newWords'),
        segments: figures('segments', 'newSegments'),
      };
    },

    /** /translation/dashboard/get: every target language's progress. */
    async dashboard(principal: Principal, projectId: string) {
      const project = await context.project(principal, projectId);
      const counts = await repository.counts(project.id, project.targetLanguages);
      const languages: LanguageProgress[] = project.targetLanguages.map((targetLang) => {
        const buckets = counts.languages.get(targetLang)!;
        return {
          targetLang,
          totalSegments: counts.totals.segments,
          totalWords: counts.totals.words,
          tmCount: typeCounts(buckets, 'segments'),
          wordCount: typeCounts(buckets, 'words'),
          newContentSegments: buckets.byType.NO_TRANSLATION_AVAILABLE.newSegments,
          newContentWords: buckets.byType.NO_TRANSLATION_AVAILABLE.newWords,
          translatedWordCount: buckets.translatedWords.translation,
          transliteratedWordCount: buckets.translatedWords.t13n,
          percentTranslated: percentTranslated(buckets, counts.totals.words),
        };
      });
      return {
        projectId: project.id,
        sourceLanguage: project.sourceLanguage,
        totalSegments: counts.totals.segments,
        totalWords: counts.totals.words,
        totalCharacters: counts.totals.chars,
        languages,
      };
    },

    /** translation/fetchAllWordCount and fetchAllCharacterCount: per language and type. */
    async fetchAll(principal: Principal, projectId: string, figure: 'words' | 'chars'): Promise<AllCounts> {
      const project = await context.project(principal, projectId);
      const counts = await repository.counts(project.id, project.targetLanguages);
      return {
        total: counts.totals[figure],
        languages: project.targetLanguages.map((targetLang) => {
          const buckets = counts.languages.get(targetLang)!;
          const display = figure === 'words' ? buckets.translatedWords : buckets.translatedChars;
          return {
            targetLang,
            counts: typeCounts(buckets, figure),
            translated: display.translation,
            transliterated: display.t13n,
            // New content is counted in words; in characters it is not maintained, so it is given in words too.
            newContent: buckets.byType.NO_TRANSLATION_AVAILABLE.newWords,
          };
        }),
      };
    },

    /** /translation/filter. */
    async filter(
      principal: Principal,
      input: Omit<EntryFilter, 'pageId'> &
        Paged & { projectId: string; url?: string; after?: string; before?: string },
    ): Promise<TmListResponse> {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const pageId = await context.pageIdOf(project.id, input.url);
      return listEntries(project.id, { ...input, ...(pageId ? { pageId } : {}) }, input);
    },

    /** translation/newContent/view: new segments without a translation in the language. */
    async newContentView(
      principal: Principal,
      input: Paged & { projectId: string; targetLang: string; url?: string },
    ): Promise<TmListResponse> {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const pageId = await context.pageIdOf(project.id, input.url);
      return listEntries(
        project.id,
        { targetLang: input.targetLang, newContent: true, ...(pageId ? { pageId } : {}) },
        input,
      );
    },

    /** /translation/seo/get: titles and meta descriptions (and other meta tags) of the project or a URL. */
    async seo(
      principal: Principal,
      input: Paged & { projectId: string; targetLang: string; url?: string },
    ): Promise<TmListResponse> {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const pageId = await context.pageIdOf(project.id, input.url);
      return listEntries(
        project.id,
        { targetLang: input.targetLang, kinds: ['title', 'meta'], ...(pageId ? { pageId } : {}) },
        input,
      );
    },

    /** /meta/paginated/get: per page, its title and meta entries. */
    async metaPaginated(
      principal: Principal,
      input: Paged & { projectId: string; targetLang: string; searchText?: string },
    ) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const { pages, entries, total } = await repository.metaPages(
        project.id,
        input.targetLang,
        input.searchText,
        pagingOf(input.pageNumber, input.pageSize),
      );
      return {
        metaList: pages.map((page) => ({
          url: page.url,
          pageId: page.id,
          meta: entries.filter((e) => e.pageId === page.id).map((e) => presentEntry(e, input.targetLang)),
        })),
        total,
      };
    },

    /**
     * /translation/analyze/new/content: new, untranslated segments per language. None at all is
     * the spec §5 error ('no new content available for translation'), with the analysis in data.
     */
    async analyzeNewContent(principal: Principal, input: { projectId: string; targetLangs?: string[] }) {
      const project = await context.project(principal, input.projectId);
      const languages = context.languagesOf(project, input.targetLangs);
      const counts = await repository.counts(project.id, languages);
      const perLanguage = languages.map((targetLang) => {
        const untranslated = counts.languages.get(targetLang)!.byType.NO_TRANSLATION_AVAILABLE;
        return { targetLang, segmentCount: untranslated.newSegments, wordCount: untranslated.newWords };
      });
      const analysis = {
        totalSegmentCount: perLanguage.reduce((sum, l) => sum + l.segmentCount, 0),
        totalWordCount: perLanguage.reduce((sum, l) => sum + l.wordCount, 0),
        languages: perLanguage,
      };
      if (analysis.totalSegmentCount === 0)
        throw new AppError(404, 'NOT_FOUND', ERROR_MESSAGES.noNewContent, analysis);
      return analysis;
    },
  };
}

export type TranslationQueryService = ReturnType<typeof createTranslationQueryService>;
