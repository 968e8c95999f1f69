import type { PageSegmentsResponse, ScopeShow, ScopeUrl } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

export interface AddUrlsResult {
  added: number;
  existing: number;
  failed: Array<{ url: string; reason: string }>;
}

export interface TrackingFile {
  id: string;
  contentHash: string;
  fetchedAt: string;
  size: number;
}

export interface TrackingFileSource {
  fileId: string;
  url: string;
  fetchedAt: string;
  /** The page's HTML as fetched: shown as text, never injected. */
  src: string;
}

/** A translated URL slug (scope/addUrlTranslations, updateTranslatedUrl): source path → path in a language. */
export interface UrlTranslation {
  id: string;
  targetLang: string;
  /** Path of the source page. */
  url: string;
  /** Path visitors see in the language (without the `/{lang}` prefix). */
  translatedUrl: string;
}

export interface ScopeListFilter {
  pageNumber: number;
  pageSize: number;
  search?: string;
  hostname?: string;
  /** Pages (redirecting URLs folded under them) or the redirecting URLs alone. */
  show?: ScopeShow;
}

/** Scope calls of spec §7 "Scope and crawl" the Scope page uses. */
export const scopeApi = {
  urls: (projectId: string, filter: ScopeListFilter) =>
    apiClient.call<{ urlList: ScopeUrl[]; total: number; redirectTotal: number }>(`scope/urls/${projectId}`, {
      query: {
        pageNumber: filter.pageNumber,
        pageSize: filter.pageSize,
        search: filter.search,
        selectedHostname: filter.hostname,
        show: filter.show,
      },
    }),
  uniqueDomains: (projectId: string) =>
    apiClient
      .call<{ uniqueDomains: string[] }>('scope/Uniquedomains', { body: { projectId } })
      .then((d) => d.uniqueDomains),
  add: (projectId: string, urls: string[]) =>
    apiClient.call<AddUrlsResult>('scope/add', { body: { projectId, urls } }),
  upload: (projectId: string, file: File) => {
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('file', file);
    return apiClient.call<AddUrlsResult>('scope/upload', { body: form });
  },
  toggleScope: (projectId: string, urlIds: string[], inScope: boolean) =>
    apiClient.call<{ updated: number }>('scope/toggle', { body: { projectId, urlIds, inScope } }),
  toggleTracking: (projectId: string, urlIds: string[], tracked: boolean) =>
    apiClient.call<{ updated: number }>('scope/tracking/toggle', { body: { projectId, urlIds, tracked } }),
  pageSegments: (projectId: string, urlId: string, pageNumber: number, pageSize: number) =>
    apiClient.call<PageSegmentsResponse>('scope/pageSegments', {
      body: { projectId, urlId, pageNumber, pageSize },
    }),
  trackingFiles: (projectId: string, urlId: string) =>
    apiClient.call<{ url: string; files: TrackingFile[] }>('scope/getTrackingFilesListByUrl', {
      body: { projectId, urlId },
    }),
  trackingFileSource: (projectId: string, fileId: string) =>
    apiClient.call<TrackingFileSource>('scope/getTrackingFilesrc', { body: { projectId, fileId } }),
  /** Fetch every tracked URL now (tracker/projectContentTracker); changed content becomes new. */
  checkTracked: (projectId: string) =>
    apiClient.call<{ crawlId: string | null; urls: number }>('tracker/projectContentTracker', {
      body: { projectId },
    }),
  /** Every translated URL slug of the project (all languages). */
  urlTranslations: (projectId: string) =>
    apiClient.call<{ urlTranslations: UrlTranslation[]; total: number }>('scope/getUrlTranslations', {
      body: { projectId },
    }),
  /** Sets (or, with an empty `translatedUrl`, removes) the translated URL of one page in one language. */
  updateTranslatedUrl: (projectId: string, targetLang: string, url: string, translatedUrl: string) =>
    apiClient.request<{ urlTranslations: UrlTranslation[]; total: number }>('scope/updateTranslatedUrl', {
      body: { projectId, targetLang, url, translatedUrl },
    }),
  /** A signed, expiring link that opens the page translated into a language (published or not). */
  previewUrl: (projectId: string, targetLang: string, url: string) =>
    apiClient.call<{ previewUrl: string; expiresAt: string }>('scope/getPreviewUrl', {
      body: { projectId, targetLang, url },
    }),
};
