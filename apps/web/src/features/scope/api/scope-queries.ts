import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeApi, type ScopeListFilter } from './scope-api';

/** Query keys of the scope feature, per project. */
export const scopeKeys = {
  project: (projectId: string) => ['scope', projectId] as const,
  urls: (projectId: string, filter: ScopeListFilter) => ['scope', projectId, 'urls', filter] as const,
  domains: (projectId: string) => ['scope', projectId, 'domains'] as const,
  segments: (projectId: string, urlId: string, pageNumber: number, pageSize: number) =>
    ['scope', projectId, 'segments', urlId, pageNumber, pageSize] as const,
  trackingFiles: (projectId: string, urlId: string) => ['scope', projectId, 'tracking-files', urlId] as const,
  trackingFile: (projectId: string, fileId: string) => ['scope', projectId, 'tracking-file', fileId] as const,
  urlTranslations: (projectId: string) => ['scope', projectId, 'url-translations'] as const,
};

export const useScopeUrls = (projectId: string, filter: ScopeListFilter) =>
  useQuery({
    queryKey: scopeKeys.urls(projectId, filter),
    queryFn: () => scopeApi.urls(projectId, filter),
    placeholderData: keepPreviousData,
  });

export const useScopeDomains = (projectId: string) =>
  useQuery({ queryKey: scopeKeys.domains(projectId), queryFn: () => scopeApi.uniqueDomains(projectId) });

function useScopeMutation<TArgs, TResult>(projectId: string, mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scopeKeys.project(projectId) }),
  });
}

export const useAddUrls = (projectId: string) =>
  useScopeMutation(projectId, (urls: string[]) => scopeApi.add(projectId, urls));
export const useUploadUrls = (projectId: string) =>
  useScopeMutation(projectId, (file: File) => scopeApi.upload(projectId, file));
export const useToggleScope = (projectId: string) =>
  useScopeMutation(projectId, ({ id, inScope }: { id: string; inScope: boolean }) =>
    scopeApi.toggleScope(projectId, [id], inScope),
  );
export const useToggleTracking = (projectId: string) =>
  useScopeMutation(projectId, ({ id, tracked }: { id: string; tracked: boolean }) =>
    scopeApi.toggleTracking(projectId, [id], tracked),
  );

/** The segments extracted from one URL (the preview); idle until a URL is chosen. */
export const usePageSegments = (
  projectId: string,
  urlId: string | null,
  pageNumber: number,
  pageSize: number,
) =>
  useQuery({
    queryKey: scopeKeys.segments(projectId, urlId ?? '', pageNumber, pageSize),
    queryFn: () => scopeApi.pageSegments(projectId, urlId!, pageNumber, pageSize),
    enabled: urlId !== null,
    placeholderData: keepPreviousData,
  });

/** The stored versions of a tracked URL; idle until a URL is chosen. */
export const useTrackingFiles = (projectId: string, urlId: string | null) =>
  useQuery({
    queryKey: scopeKeys.trackingFiles(projectId, urlId ?? ''),
    queryFn: () => scopeApi.trackingFiles(projectId, urlId!),
    enabled: urlId !== null,
  });

/** One stored version's HTML; idle until a version is chosen. */
export const useTrackingFileSource = (projectId: string, fileId: string | null) =>
  useQuery({
    queryKey: scopeKeys.trackingFile(projectId, fileId ?? ''),
    queryFn: () => scopeApi.trackingFileSource(projectId, fileId!),
    enabled: fileId !== null,
    staleTime: Infinity,
  });

export const useCheckTracked = (projectId: string) =>
  useScopeMutation(projectId, () => scopeApi.checkTracked(projectId));

/** The project's translated URL slugs (every language); idle while `enabled` is false. */
export const useUrlTranslations = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: scopeKeys.urlTranslations(projectId),
    queryFn: () => scopeApi.urlTranslations(projectId).then((d) => d.urlTranslations),
    enabled,
  });

/** Saves one page's translated URL in one language; the list is refreshed from the server. */
export function useUpdateTranslatedUrl(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      targetLang,
      url,
      translatedUrl,
    }: {
      targetLang: string;
      url: string;
      translatedUrl: string;
    }) => scopeApi.updateTranslatedUrl(projectId, targetLang, url, translatedUrl),
    onSuccess: (result) => {
      if (result.success)
        void queryClient.invalidateQueries({ queryKey: scopeKeys.urlTranslations(projectId) });
    },
  });
}
