import { BATCH_FILE_COLUMNS, type TranslationType, type TypeCounts } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import type { Clock } from '../../lib/clock';
import type { TranslationContext } from './translation-context';
import { presentEntry, typeCounts } from './translation.presenter';
import type { TranslationsRepository } from './translations.repository';
import { csvField, toCsv } from '@bhasha/engine';

/** Columns of projectReport.csv, in order. */
export const PROJECT_REPORT_COLUMNS = [
  'targetLang',
  'url',
  'totalSegments',
  'totalWords',
  'selfTranslatedWords',
  'machineTranslatedWords',
  'prabandhakTranslatedWords',
  'untranslatedWords',
  'newContentWords',
  'selfTranslatedSegments',
  'machineTranslatedSegments',
  'prabandhakTranslatedSegments',
  'untranslatedSegments',
] as const;

export interface ReportRow {
  targetLang: string;
  url: string | null;
  totalSegments: number;
  totalWords: number;
  tmCount: TypeCounts;
  wordCount: TypeCounts;
  newContentWords: number;
}

const zero = (): TypeCounts => ({ USER: 0, MACHINE: 0, PBK: 0, NO_TRANSLATION_AVAILABLE: 0 });

/** Project reports and the batch file of spec §7 (generateReport, /report/download, download/batchFile). */
export function createTranslationReportService(deps: {
  repository: TranslationsRepository;
  context: TranslationContext;
  clock: Clock;
}) {
  const { repository, context } = deps;

  async function projectRows(projectId: string, languages: string[]): Promise<ReportRow[]> {
    const counts = await repository.counts(projectId, languages);
    return languages.map((targetLang) => {
      const buckets = counts.languages.get(targetLang)!;
      return {
        targetLang,
        url: null,
        totalSegments: counts.totals.segments,
        totalWords: counts.totals.words,
        tmCount: typeCounts(buckets, 'segments'),
        wordCount: typeCounts(buckets, 'words'),
        newContentWords: buckets.byType.NO_TRANSLATION_AVAILABLE.newWords,
      };
    });
  }

  async function urlRows(projectId: string, languages: string[]): Promise<ReportRow[]> {
    const rows: ReportRow[] = [];
    for (const page of await repository.listPages(projectId)) {
      for (const targetLang of languages) {
        const row: ReportRow = {
          targetLang,
          url: page.url,
          totalSegments: 0,
          totalWords: 0,
          tmCount: zero(),
          wordCount: zero(),
          newContentWords: 0,
        };
        for (const bucket of await repository.pageCounts(projectId, page.id, targetLang)) {
          const type = bucket.type as TranslationType;
          row.totalSegments += bucket.segments;
          row.totalWords += bucket.words;
          row.tmCount[type] += bucket.segments;
          row.wordCount[type] += bucket.words;
          if (type === 'NO_TRANSLATION_AVAILABLE') row.newContentWords += bucket.newWords;
        }
        rows.push(row);
      }
    }
    return rows;
  }

  return {
    /** translation/generateReport: per language, words and segments of each type. */
    async generate(principal: Principal, input: { projectId: string; targetLangs?: string[] }) {
      const project = await context.project(principal, input.projectId);
      const languages = context.languagesOf(project, input.targetLangs);
      return {
        projectId: project.id,
        generatedAt: deps.clock.now().toISOString(),
        rows: await projectRows(project.id, languages),
      };
    },

    /** /report/download: the report as CSV; `byUrl` adds a row per in-scope URL and language. */
    async csv(principal: Principal, input: { projectId: string; targetLangs?: string[]; byUrl: boolean }) {
      const project = await context.project(principal, input.projectId);
      const languages = context.languagesOf(project, input.targetLangs);
      const rows = [
        ...(await projectRows(project.id, languages)),
        ...(input.byUrl ? await urlRows(project.id, languages) : []),
      ];
      return toCsv(
        PROJECT_REPORT_COLUMNS,
        rows.map((r) => [
          r.targetLang,
          r.url ?? 'All URLs',
          r.totalSegments,
          r.totalWords,
          r.wordCount.USER,
          r.wordCount.MACHINE,
          r.wordCount.PBK,
          r.wordCount.NO_TRANSLATION_AVAILABLE,
          r.newContentWords,
          r.tmCount.USER,
          r.tmCount.MACHINE,
          r.tmCount.PBK,
          r.tmCount.NO_TRANSLATION_AVAILABLE,
        ]),
      );
    },

    /**
     * translation/download/batchFile: the selected entries of a language as CSV, streamed in
     * batches so a 100,000-segment language never sits in memory as rows.
     */
    async batchFile(
      principal: Principal,
      input: {
        projectId: string;
        targetLang: string;
        url?: string;
        types: TranslationType[];
        newContent: boolean;
      },
    ): Promise<AsyncGenerator<string>> {
      // Checks first, so a bad request fails before the download starts.
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const pageId = await context.pageIdOf(project.id, input.url);
      const filter = {
        targetLang: input.targetLang,
        types: input.types,
        newContent: input.newContent,
        ...(pageId ? { pageId } : {}),
      };
      return (async function* lines() {
        yield `${BATCH_FILE_COLUMNS.join(',')}\r\n`;
        for await (const batch of repository.iterateEntries(project.id, filter)) {
          yield batch
            .map((row) => {
              const e = presentEntry(row, input.targetLang);
              const cells = [
                e.sourceHash,
                e.source,
                e.preProcessedTarget,
                e.translationType,
                e.displayType,
                e.wordCount,
              ];
              return `${cells.map(csvField).join(',')}\r\n`;
            })
            .join('');
        }
      })();
    },
  };
}

export type TranslationReportService = ReturnType<typeof createTranslationReportService>;
