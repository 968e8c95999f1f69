import { useState } from 'react';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useProject } from '../../projects/api/projects-queries';
import { downloadCsv } from '../lib/download-csv';

interface ReportTableOptions {
  pageSize: number;
  /** The report's CSV: the call and the file name it is saved under. */
  csv: { path: string; fileName: string };
}

/**
 * The wiring the project's visitor reports (suggestions, feedback) share: the project, a target
 * language filter, server paging that restarts at page 1 whenever a filter changes, and the CSV
 * download of the filtered report.
 */
export function useReportTable(projectId: string, { pageSize, csv }: ReportTableOptions) {
  const { t } = useTranslation('workspace');
  const project = useProject(projectId);
  const [targetLang, setTargetLang] = useState<LanguageCode | undefined>();
  const [pageNumber, setPageNumber] = useState(1);
  const [isDownloading, setDownloading] = useState(false);
  const languageFilter = targetLang ? { targetLang } : {};

  const languageName = (code: string | null) =>
    code === null ? '—' : isLanguageCode(code) ? LANGUAGES[code] : code;

  /** Wraps a filter's setter so that a change also goes back to the first page. */
  const filterSetter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNumber(1);
    };

  /** Downloads the report with the language filter and `filters` (the page's other filters). */
  const download = async (filters: Record<string, unknown> = {}) => {
    setDownloading(true);
    try {
      await downloadCsv(csv.path, { projectId, ...languageFilter, ...filters }, csv.fileName);
    } finally {
      setDownloading(false);
    }
  };

  return {
    project,
    /** The paging and language part of the list request. */
    query: { pageNumber, pageSize, ...languageFilter },
    filterSetter,
    languageName,
    download,
    isDownloading,
    /** The Table's pagination for a report of `total` rows. */
    pagination: (total: number) => ({
      current: pageNumber,
      pageSize,
      total,
      showSizeChanger: false,
      onChange: setPageNumber,
    }),
    /** Props of the target-language Select. */
    languageSelect: {
      allowClear: true,
      'aria-label': t('suggestions.language'),
      placeholder: t('suggestions.allLanguages'),
      value: targetLang,
      onChange: filterSetter<LanguageCode | undefined>(setTargetLang),
      options: (project.data?.targetLanguages ?? []).map((code) => ({
        value: code,
        label: languageName(code),
      })),
      style: { width: 180 },
    },
  };
}
