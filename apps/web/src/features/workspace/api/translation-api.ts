import type {
  ReplaceRequest,
  Suggestion,
  TmEntry,
  TmListResponse,
  TmRevision,
  TranslationCounts,
  TranslationFilterRequest,
  UserUpdateRequest,
  DisplayType,
  TranslationDashboard,
  LanguageCode,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** Route parameters arrive as strings; the server validates the language code. */
export type WithLanguage<T> = Omit<T, 'targetLang'> & { targetLang: string };

export interface ReplaceResult {
  modifiedTmCount: number;
  preview: boolean;
  items: Array<{ sourceHash: string; source: string; before: string; after: string }>;
}

/** The feedback list's filter and page. */
export interface FeedbackFilter {
  targetLang?: LanguageCode;
  pageNumber: number;
  pageSize: number;
}

/** The suggestion list's filter and page. */
export interface SuggestionFilter extends FeedbackFilter {
  status?: Suggestion['status'];
  searchText?: string;
}

/** The translation, revision, suggestion and feedback calls of spec §7 the editor uses. */
export const translationApi = {
  filter: (body: WithLanguage<TranslationFilterRequest>) =>
    apiClient.call<TmListResponse>('translation/filter', { body }),
  counts: (projectId: string, targetLang: string) =>
    apiClient.call<TranslationCounts>('translation/counts', { body: { projectId, targetLang } }),
  dashboard: (projectId: string) =>
    apiClient.call<TranslationDashboard>('translation/dashboard/get', { body: { projectId } }),
  /** Saves a USER translation; the editor presents failures itself (the row keeps the draft). */
  update: (body: WithLanguage<UserUpdateRequest>) =>
    apiClient.call<{ tm: TmEntry; conflict: boolean }>('translation/user/update', { body }),
  /** translation/noTranslation/mark (ADR 0015): the entries lose their translation, kept as a revision. */
  markNoTranslation: (projectId: string, targetLang: string, sourceHashes: string[]) =>
    apiClient.call<{ updated: number; tm: TmEntry[] }>('translation/noTranslation/mark', {
      body: { projectId, targetLang, sourceHashes },
    }),
  toggleDisplayType: (
    projectId: string,
    targetLang: string,
    sourceHashes: string[],
    displayType?: DisplayType,
  ) =>
    apiClient.call<{ updated: number; tm: TmEntry[] }>('translation/toggle/transliteration/type', {
      body: { projectId, targetLang, sourceHashes, ...(displayType ? { displayType } : {}) },
    }),
  revisions: (
    projectId: string,
    targetLang: string,
    sourceHash: string,
    pageNumber: number,
    pageSize: number,
  ) =>
    apiClient.call<{ tmRevisions: TmRevision[]; total: number }>('translation/revision/list', {
      body: { projectId, targetLang, sourceHash, pageNumber, pageSize },
    }),
  createRevision: (projectId: string, languages: string[], sourceHash: string) =>
    apiClient.call<{ tmRevisions: TmRevision[] }>('translation/revision/create', {
      body: { projectId, languages, sourceHash },
    }),
  restoreRevision: (projectId: string, revisionId: string) =>
    apiClient.call<{ tm: TmEntry; conflict: boolean }>('translation/revision/restore', {
      body: { projectId, revisionId },
    }),
  /** Silent: a preview or replacement with no match is reported in the dialog, not as a toast. */
  replace: (body: WithLanguage<ReplaceRequest>) =>
    apiClient.call<ReplaceResult>('translation/replace', { body, silent: body.preview === true }),
  suggestions: (projectId: string, filter: SuggestionFilter) =>
    apiClient.call('suggestion/filter', { body: { projectId, ...filter } }),
  acceptSuggestion: (projectId: string, suggestionId: string, preProcessedTarget?: string) =>
    apiClient.call('suggestion/accept', {
      body: { projectId, suggestionId, ...(preProcessedTarget ? { preProcessedTarget } : {}) },
    }),
  rejectSuggestions: (projectId: string, suggestionIds: string[]) =>
    apiClient.call('suggestion/reject', { body: { projectId, suggestionIds } }),
  uploadSuggestions: (projectId: string, file: File) => {
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('file', file);
    return apiClient.request('suggestion/upload', { body: form });
  },
  feedback: (projectId: string, filter: FeedbackFilter) =>
    apiClient.call('feedback/get', { body: { projectId, ...filter } }),
};
