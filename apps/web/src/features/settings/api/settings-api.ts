import type {
  CustomFontSizeItem,
  DomainVerification,
  GlossaryTerm,
  IgnorePatternItem,
  LanguageCode,
  ResponseAt,
  SelectorSettingItem,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** A list of one project setting as the settings page shows it: id, shown value, total. */
export interface SettingRows<T> {
  rows: T[];
  totalCount: number;
}

const PAGE = { pageNumber: 1, pageSize: 200 };

/** A custom transliteration pair as transliteration/get answers it. */
export type TransliterationPair = ResponseAt<'transliteration/get'>['pairs'][number];

/** One page of an uploaded term list. */
export interface TermPage {
  pageNumber: number;
  pageSize: number;
}

/** Multipart body of a term upload: the project and options, then the CSV file. */
function termUploadBody(projectId: string, file: File, fields: Record<string, string | undefined> = {}) {
  const body = new FormData();
  body.append('projectId', projectId);
  for (const [name, value] of Object.entries(fields)) if (value) body.append(name, value);
  body.append('file', file, file.name);
  return body;
}

/** The project delivery settings calls of spec §7 "Project settings", and script verification. */
export const settingsApi = {
  fontSizes: (projectId: string) =>
    apiClient
      .call('custom-font-size/get', {
        body: { projectId, ...PAGE },
      })
      .then((d): SettingRows<CustomFontSizeItem> => ({ rows: d.customFontSizes, totalCount: d.totalCount })),
  saveFontSize: (projectId: string, language: LanguageCode, fontSize: number) =>
    apiClient.request('custom-font-size/add', {
      body: { projectId, language, fontSize },
    }),
  deleteFontSizes: (projectId: string, ids: string[]) =>
    apiClient.request('custom-font-size/delete', { body: { projectId, ids } }),

  noTranslationNodes: (projectId: string) =>
    apiClient
      .call('no-translation-node/get', {
        body: { projectId, ...PAGE },
      })
      .then((d): SettingRows<SelectorSettingItem> => ({
        rows: d.noTranslationNodes,
        totalCount: d.totalCount,
      })),
  addNoTranslationNode: (projectId: string, selector: string) =>
    apiClient.request('no-translation-node/add', { body: { projectId, selector } }),
  deleteNoTranslationNodes: (projectId: string, ids: string[]) =>
    apiClient.request('no-translation-node/delete', { body: { projectId, ids } }),

  swalekhNodes: (projectId: string) =>
    apiClient
      .call('swalekhIntegration/get', {
        body: { projectId, ...PAGE },
      })
      .then((d): SettingRows<SelectorSettingItem> => ({
        rows: d.swalekhIntegrations,
        totalCount: d.totalCount,
      })),
  addSwalekhNode: (projectId: string, selector: string) =>
    apiClient.request('swalekhIntegration/add', { body: { projectId, selector } }),
  deleteSwalekhNodes: (projectId: string, ids: string[]) =>
    apiClient.request('swalekhIntegration/delete', { body: { projectId, ids } }),

  ignorePatterns: (projectId: string) =>
    apiClient
      .call('ignore-pattern/fetchIgnorePatterns', {
        body: { projectId, ...PAGE },
      })
      .then((d): SettingRows<IgnorePatternItem> => ({ rows: d.ignorePatterns, totalCount: d.totalCount })),
  addIgnorePattern: (projectId: string, pattern: string) =>
    apiClient.request('ignore-pattern/add', { body: { projectId, pattern } }),
  deleteIgnorePatterns: (projectId: string, ids: string[]) =>
    apiClient.request('ignore-pattern/deleteIgnorePatterns', {
      body: { projectId, ids },
    }),

  /** project/cache/update or project/meta/update (spec §7): one switch by key. */
  setProjectFlag: (group: 'cache' | 'meta', projectId: string, key: string, status: boolean) =>
    apiClient.request(`project/${group}/update`, { body: { projectId, key, status } }),

  transliterationPairs: (projectId: string, page: TermPage) =>
    apiClient
      .call('transliteration/get', {
        body: { projectId, ...page },
      })
      .then((d): SettingRows<TransliterationPair> => ({ rows: d.pairs, totalCount: d.total })),
  /** Silent: a failed upload shows the spec's own text, not the server's (spec §5). */
  uploadTransliteration: (projectId: string, file: File, targetLang?: string) =>
    apiClient.request('transliteration', {
      body: termUploadBody(projectId, file, { targetLang }),
      silent: true,
    }),
  deleteTransliteration: (projectId: string, ids: string[]) =>
    apiClient.request('transliteration/delete', { body: { projectId, ids } }),

  maskTerms: (projectId: string, page: TermPage) =>
    apiClient
      .call('transliterationGlossary/get', {
        body: { projectId, ...page },
      })
      .then((d): SettingRows<GlossaryTerm> => ({ rows: d.terms, totalCount: d.total })),
  uploadMaskTerms: (projectId: string, file: File) =>
    apiClient.request('transliterationGlossary/create', {
      body: termUploadBody(projectId, file),
      silent: true,
    }),
  deleteMaskTerms: (projectId: string, ids: string[]) =>
    apiClient.request('transliterationGlossary/delete', { body: { projectId, ids } }),

  domainVerifications: (projectId: string) =>
    apiClient
      .call<{ domains: DomainVerification[] }>('parser/domainVerifications', { body: { projectId } })
      .then((d) => d.domains),
  verifyScript: (projectId: string, domainId: string) =>
    apiClient.request<{ domains: DomainVerification[]; scriptFound: boolean; projectIdFound: boolean }>(
      'parser/verifyScriptIntegration',
      { body: { projectId, domainId } },
    ),
};
