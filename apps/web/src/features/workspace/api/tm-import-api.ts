import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TmxImportResponse, TmxImportState } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';
import { workspaceKeys } from './translation-queries';

/** How often a running import's progress is asked for. */
const POLL_MS = 1000;

export const tmImportApi = {
  /** Uploads a TMX for one language (fields before the file, as the server reads them). */
  upload: (projectId: string, targetLang: string, overwrite: boolean, file: File) => {
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('targetLang', targetLang);
    form.append('overwrite', String(overwrite));
    form.append('file', file);
    // A large file takes a while to send and check: no client-side timeout.
    return apiClient.request<TmxImportResponse>('translation/tm/import/tmx', { body: form, timeoutMs: null });
  },
  status: (projectId: string, importId: string) =>
    apiClient.call<TmxImportState>('translation/tm/import/tmx/status', {
      body: { projectId, importId },
      silent: true,
    }),
};

export const useUploadTmx = (projectId: string, targetLang: string) =>
  useMutation({
    mutationFn: ({ file, overwrite }: { file: File; overwrite: boolean }) =>
      tmImportApi.upload(projectId, targetLang, overwrite, file),
  });

const isOver = (state: TmxImportState | undefined) =>
  state?.status === 'completed' || state?.status === 'failed';

/** An import's progress, asked for every second until it has ended; the editor's rows are refetched then. */
export function useTmxImportStatus(projectId: string, importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    // Outside the project's keys: the refetch after the import must not ask for the status again.
    queryKey: ['tmx-import', projectId, importId] as const,
    enabled: importId !== null,
    queryFn: async () => {
      const state = await tmImportApi.status(projectId, importId!);
      if (isOver(state))
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.project(projectId), exact: false });
      return state;
    },
    refetchInterval: (query) => (isOver(query.state.data) ? false : POLL_MS),
  });
}
