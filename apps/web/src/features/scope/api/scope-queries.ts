import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeApi, type ScopeListFilter } from './scope-api';

/** Query keys of the scope feature, per project. */
export const scopeKeys = {
  project: (projectId: string) => ['scope', projectId] as const,
  urls: (projectId: string, filter: ScopeListFilter) => ['scope', projectId, 'urls', filter] as const,
  domains: (projectId: string) => ['scope', projectId, 'domains'] as const,
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
