import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUCCESS_MESSAGES,
  type CreateMultiOriginProjectRequest,
  type CreateProjectRequest,
  type ProjectListRequest,
} from '@bhasha/contract';
import { appToaster } from '../../../lib/api/app-toaster';
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
  useQuery({
    queryKey: projectsKeys.details(projectId),
    queryFn: ({ signal }) => projectsApi.details(projectId, signal),
  });

export const useProjectStats = (projectId: string) =>
  useQuery({
    queryKey: projectsKeys.stats(projectId),
    queryFn: ({ signal }) => projectsApi.stats(projectId, signal),
  });

export const useLastCrawl = (projectId: string) =>
  useQuery({
    queryKey: projectsKeys.lastCrawl(projectId),
    queryFn: ({ signal }) => projectsApi.lastCrawl(projectId, signal),
  });

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
/** Starts a crawl; every place that can start one (overview, wizard, scope) confirms it (spec §8). */
export const useStartCrawl = () =>
  useInvalidatingMutation(async ({ projectId, initUrl }: { projectId: string; initUrl?: string }) => {
    const result = await projectsApi.crawl(projectId, initUrl);
    appToaster.success(SUCCESS_MESSAGES.crawlAccepted);
    return result;
  });

/** True for the queries about one project (details, stats, last crawl), not for the lists. */
const isAboutProject = (projectId: string) => (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === projectsKeys.all[0] && query.queryKey[2] === projectId;

/**
 * Asks for a project's deletion. The project is hidden at once, so its own requests in flight are
 * aborted (their answer would be "The project was not found") and only the lists refresh; the
 * page stops asking while the deletion runs (see ProjectOverviewPage).
 */
export const useDeleteProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, keepTm }: { projectId: string; keepTm: boolean }) =>
      projectsApi.remove(projectId, keepTm),
    onMutate: ({ projectId }) => queryClient.cancelQueries({ predicate: isAboutProject(projectId) }),
    onSuccess: async (_result, { projectId }) => {
      await queryClient.cancelQueries({ predicate: isAboutProject(projectId) });
      await queryClient.invalidateQueries({ queryKey: [...projectsKeys.all, 'list'] });
    },
  });
};
export const useAddDomain = () =>
  useInvalidatingMutation(({ projectId, url }: { projectId: string; url: string }) =>
    projectsApi.addDomain(projectId, url),
  );
export const useDeleteDomain = () =>
  useInvalidatingMutation(({ projectId, domainId }: { projectId: string; domainId: string }) =>
    projectsApi.deleteDomain(projectId, domainId),
  );
