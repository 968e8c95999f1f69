import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_APP_UNIT_LOOKUP, type AppUnit, type LanguageCode } from '@bhasha/contract';
import { projectsKeys } from '../../projects/api/projects-queries';
import { appFilesApi } from './app-files-api';

/** Query keys of the files feature; invalidating `project` refreshes the list and histories. */
export const appFilesKeys = {
  project: (projectId: string) => ['app-files', projectId] as const,
  list: (projectId: string) => ['app-files', projectId, 'list'] as const,
  versions: (projectId: string, fileId: string) => ['app-files', projectId, 'versions', fileId] as const,
  units: (projectId: string, segmentIds: readonly string[]) =>
    ['app-files', projectId, 'units', segmentIds] as const,
};

/** The project's files; asked for only once the project is known to be a mobile one. */
export const useAppFiles = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: appFilesKeys.list(projectId),
    queryFn: ({ signal }) => appFilesApi.list(projectId, signal),
    enabled,
  });

export const useAppFileVersions = (projectId: string, fileId: string | null) =>
  useQuery({
    queryKey: appFilesKeys.versions(projectId, fileId ?? ''),
    queryFn: ({ signal }) => appFilesApi.versions(projectId, fileId!, signal),
    enabled: fileId !== null,
  });

/** After a change to the files, their list, histories and the project's word counts are stale. */
function useInvalidatingMutation<TArgs, TResult>(
  projectId: string,
  mutationFn: (args: TArgs) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appFilesKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectsKeys.all }),
      ]),
  });
}

export const useUploadAppFile = (projectId: string) =>
  useInvalidatingMutation(projectId, ({ file, path }: { file: File; path?: string }) =>
    appFilesApi.upload(projectId, file, path),
  );

export const useResyncAppFile = (projectId: string) =>
  useInvalidatingMutation(projectId, ({ fileId, file }: { fileId: string; file: File }) =>
    appFilesApi.resync(projectId, fileId, file),
  );

export const useDeleteAppFile = (projectId: string) =>
  useInvalidatingMutation(projectId, (fileId: string) => appFilesApi.remove(projectId, fileId));

export const useAddAppLanguages = (projectId: string) =>
  useInvalidatingMutation(projectId, (languages: LanguageCode[]) =>
    appFilesApi.addLanguages(projectId, languages),
  );

/**
 * The keys, files, comments and length limits of one editor page's segments, by segment id: one
 * call per page (ids beyond the contract's limit are left without context rather than split).
 */
export function useAppUnits(projectId: string, segmentIds: readonly string[], enabled: boolean) {
  const ids = segmentIds.slice(0, MAX_APP_UNIT_LOOKUP);
  return useQuery({
    queryKey: appFilesKeys.units(projectId, ids),
    queryFn: ({ signal }) => appFilesApi.units(projectId, [...ids], signal),
    enabled: enabled && ids.length > 0,
    staleTime: 60_000,
    select: unitsBySegment,
  });
}

/** Module-level so react-query keeps the selected map between renders. */
function unitsBySegment(units: AppUnit[]): ReadonlyMap<string, AppUnit> {
  return new Map(units.map((unit) => [unit.segmentId, unit]));
}
