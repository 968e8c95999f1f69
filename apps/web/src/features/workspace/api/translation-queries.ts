import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { TmEntry, TmListResponse, TranslationFilterRequest } from '@bhasha/contract';
import { translationApi, type FeedbackFilter, type SuggestionFilter } from './translation-api';

type EntryFilter = Omit<TranslationFilterRequest, 'projectId' | 'targetLang'>;

/** Query keys of the workspace, per project and language; prefixes invalidate whole families. */
export const workspaceKeys = {
  project: (projectId: string) => ['workspace', projectId] as const,
  entries: (projectId: string, targetLang: string) => ['workspace', projectId, 'tm', targetLang] as const,
  entryPage: (projectId: string, targetLang: string, filter: EntryFilter) =>
    ['workspace', projectId, 'tm', targetLang, filter] as const,
  counts: (projectId: string, targetLang: string) => ['workspace', projectId, 'counts', targetLang] as const,
  dashboard: (projectId: string) => ['workspace', projectId, 'dashboard'] as const,
  revisions: (projectId: string, targetLang: string, sourceHash: string) =>
    ['workspace', projectId, 'revisions', targetLang, sourceHash] as const,
  suggestions: (projectId: string) => ['workspace', projectId, 'suggestions'] as const,
  suggestionPage: (projectId: string, filter: SuggestionFilter) =>
    ['workspace', projectId, 'suggestions', filter] as const,
  feedback: (projectId: string, filter: object) => ['workspace', projectId, 'feedback', filter] as const,
};

export const useEntryPage = (projectId: string, targetLang: string, filter: EntryFilter) =>
  useQuery({
    queryKey: workspaceKeys.entryPage(projectId, targetLang, filter),
    queryFn: () => translationApi.filter({ projectId, targetLang, ...filter }),
    placeholderData: keepPreviousData,
  });

export const useTranslationCounts = (projectId: string, targetLang: string) =>
  useQuery({
    queryKey: workspaceKeys.counts(projectId, targetLang),
    queryFn: () => translationApi.counts(projectId, targetLang),
  });

export const useTranslationDashboard = (projectId: string) =>
  useQuery({
    queryKey: workspaceKeys.dashboard(projectId),
    queryFn: () => translationApi.dashboard(projectId),
  });

export const useRevisions = (projectId: string, targetLang: string, sourceHash: string | null) =>
  useQuery({
    queryKey: workspaceKeys.revisions(projectId, targetLang, sourceHash ?? ''),
    queryFn: () => translationApi.revisions(projectId, targetLang, sourceHash ?? '', 1, 50),
    enabled: sourceHash !== null,
  });

/**
 * Writes fresh entries into every cached page of the language (the page being edited and any
 * other filter the user visited), so the table shows them without a refetch that would move rows.
 */
export function mergeEntriesIntoCache(
  queryClient: QueryClient,
  projectId: string,
  targetLang: string,
  entries: readonly TmEntry[],
): void {
  if (entries.length === 0) return;
  const byHash = new Map(entries.map((entry) => [entry.sourceHash, entry]));
  queryClient.setQueriesData<TmListResponse>(
    { queryKey: workspaceKeys.entries(projectId, targetLang) },
    (page) => {
      if (!page) return page;
      let changed = false;
      const tm = page.tm.map((row) => {
        const fresh = byHash.get(row.sourceHash);
        // An older event must not overwrite a newer row (events and answers can cross).
        if (!fresh || fresh.version < row.version) return row;
        changed = true;
        return fresh;
      });
      return changed ? { ...page, tm } : page;
    },
  );
}

/** After a change the counts and progress bars move; they are cheap to fetch again. */
export function refreshCounts(queryClient: QueryClient, projectId: string, targetLang: string): void {
  void queryClient.invalidateQueries({ queryKey: workspaceKeys.counts(projectId, targetLang) });
  void queryClient.invalidateQueries({ queryKey: workspaceKeys.dashboard(projectId) });
}

export function useToggleDisplayType(projectId: string, targetLang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      sourceHashes,
      displayType,
    }: {
      sourceHashes: string[];
      displayType?: 'translation' | 't13n';
    }) => translationApi.toggleDisplayType(projectId, targetLang, sourceHashes, displayType),
    onSuccess: (result) => {
      mergeEntriesIntoCache(queryClient, projectId, targetLang, result.tm);
      refreshCounts(queryClient, projectId, targetLang);
    },
  });
}

export function useRestoreRevision(projectId: string, targetLang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: string) => translationApi.restoreRevision(projectId, revisionId),
    onSuccess: (result) => {
      mergeEntriesIntoCache(queryClient, projectId, targetLang, [result.tm]);
      refreshCounts(queryClient, projectId, targetLang);
      void queryClient.invalidateQueries({
        queryKey: workspaceKeys.revisions(projectId, targetLang, result.tm.sourceHash),
      });
    },
  });
}

export function useCreateRevision(projectId: string, targetLang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceHash: string) => translationApi.createRevision(projectId, [targetLang], sourceHash),
    onSuccess: (_, sourceHash) =>
      queryClient.invalidateQueries({ queryKey: workspaceKeys.revisions(projectId, targetLang, sourceHash) }),
  });
}

/** After a replacement every page of the language may have changed: refetch them. */
export function useReplace(projectId: string, targetLang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: translationApi.replace,
    onSuccess: (result) => {
      if (result.preview || result.modifiedTmCount === 0) return;
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.entries(projectId, targetLang) });
      refreshCounts(queryClient, projectId, targetLang);
    },
  });
}

export const useSuggestions = (projectId: string, filter: SuggestionFilter) =>
  useQuery({
    queryKey: workspaceKeys.suggestionPage(projectId, filter),
    queryFn: () => translationApi.suggestions(projectId, filter),
    placeholderData: keepPreviousData,
  });

function useSuggestionMutation<TArgs, TResult>(
  projectId: string,
  mutationFn: (args: TArgs) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.suggestions(projectId) });
      // An accepted suggestion is a new USER translation: pages and counts change.
      void queryClient.invalidateQueries({ queryKey: ['workspace', projectId, 'tm'] });
      void queryClient.invalidateQueries({ queryKey: ['workspace', projectId, 'counts'] });
    },
  });
}

export const useAcceptSuggestion = (projectId: string) =>
  useSuggestionMutation(projectId, ({ id, text }: { id: string; text?: string }) =>
    translationApi.acceptSuggestion(projectId, id, text),
  );
export const useRejectSuggestions = (projectId: string) =>
  useSuggestionMutation(projectId, (ids: string[]) => translationApi.rejectSuggestions(projectId, ids));
export const useUploadSuggestions = (projectId: string) =>
  useSuggestionMutation(projectId, (file: File) => translationApi.uploadSuggestions(projectId, file));

export const useFeedback = (projectId: string, filter: FeedbackFilter) =>
  useQuery({
    queryKey: workspaceKeys.feedback(projectId, filter),
    queryFn: () => translationApi.feedback(projectId, filter),
    placeholderData: keepPreviousData,
  });
