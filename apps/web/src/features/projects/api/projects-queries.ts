import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMultiOriginProjectRequest,
  CreateProjectRequest,
  ProjectListRequest,
} from '@bhasha/contract';
import { projectsApi } from './projects-api';

/** Query keys of the projects feature; invalidating `all` refreshes lists, details and counts. */
export const projectsKeys = {
  all: ['projects'] as const,
  list: (filters: ProjectListRequest) => ['projects', 'list', filters] as const,
  details: (projectId: string) => ['projects', 'details', projectId] as const,
  stats: (projectId: string) => ['projects', 'stats', projectId] as const,
  lastCrawl: (projectId: string) => ['projects', 'last-crawl', projectId] as const,
};

export const useProjectList = (filters: ProjectListRequest) =>
  useQuery({
    queryKey: projectsKeys.list(filters),
    queryFn: () => projectsApi.list(filters),
    placeholderData: keepPreviousData,
  });

export const useProject = (projectId: string) =>
  useQuery({ queryKey: projectsKeys.details(projectId), queryFn: () => projectsApi.details(projectId) });

export const useProjectStats = (projectId: string) =>
  useQuery({ queryKey: projectsKeys.stats(projectId), queryFn: () => projectsApi.stats(projectId) });

export const useLastCrawl = (projectId: string) =>
  useQuery({ queryKey: projectsKeys.lastCrawl(projectId), queryFn: () => projectsApi.lastCrawl(projectId) });

function useInvalidatingMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKeys.all }),
  });
}

export const useCreateProject = () =>
  useInvalidatingMutation(
    (
      input:
        | { kind: 'single'; body: CreateProjectRequest }
        | { kind: 'multi'; body: CreateMultiOriginProjectRequest },
    ) =>
      input.kind === 'single' ? projectsApi.create(input.body) : projectsApi.createMultiOrigin(input.body),
  );
export const useStartCrawl = () =>
  useInvalidatingMutation(({ projectId, initUrl }: { projectId: string; initUrl?: string }) =>
    projectsApi.crawl(projectId, initUrl),
  );
export const useDeleteProject = () =>
  useInvalidatingMutation(({ projectId, keepTm }: { projectId: string; keepTm: boolean }) =>
    projectsApi.remove(projectId, keepTm),
  );
export const useAddDomain = () =>
  useInvalidatingMutation(({ projectId, url }: { projectId: string; url: string }) =>
    projectsApi.addDomain(projectId, url),
  );
export const useDeleteDomain = () =>
  useInvalidatingMutation(({ projectId, domainId }: { projectId: string; domainId: string }) =>
    projectsApi.deleteDomain(projectId, domainId),
  );
