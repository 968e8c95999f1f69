import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NMT_MESSAGES, TERM_MESSAGES, type EditorFilter, type NmtRun } from '@bhasha/contract';
import { appToaster } from '../../../lib/api/app-toaster';
import { bulkActionsApi } from '../api/bulk-actions-api';
import { refreshCounts, workspaceKeys } from '../api/translation-queries';

export type FilterRunKind = 'machine' | 'transliterate';

/**
 * A machine translation or transliteration of every string the editor's filter lists: one run on
 * the server, followed through the project room's `nmt.updated` (the editor's live updates pass
 * them to `onRunUpdated`). The run's rows arrive as `translation.changed`; the pages are read
 * again when it ends so rows that left the filter go.
 */
export function useFilterRun(projectId: string, targetLang: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<NmtRun | null>(null);
  const [pending, setPending] = useState<FilterRunKind | null>(null);
  const requestRef = useRef<string | null>(null);

  const onRunUpdated = useCallback(
    (update: NmtRun) => {
      if (update.requestId !== requestRef.current) return;
      // Updates can arrive out of order: never go back in progress.
      setRun((current) =>
        current && current.status !== 'queued' && current.done > update.done && update.status === 'running'
          ? current
          : update,
      );
      if (update.status === 'completed' || update.status === 'failed') {
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.entries(projectId, targetLang) });
        refreshCounts(queryClient, projectId, targetLang);
      }
    },
    [projectId, targetLang, queryClient],
  );

  const start = async (kind: FilterRunKind, filter: EditorFilter): Promise<boolean> => {
    const requestId = crypto.randomUUID();
    requestRef.current = requestId;
    setPending(kind);
    try {
      const answer =
        kind === 'machine'
          ? await bulkActionsApi.applyMachineTranslationToFilter(projectId, targetLang, filter, requestId)
          : await bulkActionsApi.transliterateFilter(projectId, targetLang, filter, requestId);
      // A fast run may have reported before the answer came: keep the newer state.
      setRun((current) => (current?.requestId === requestId ? current : answer.run));
      appToaster.success(kind === 'machine' ? NMT_MESSAGES.accepted : TERM_MESSAGES.transliterationAccepted);
      return true;
    } catch {
      // The API client has shown the server's message.
      requestRef.current = null;
      return false;
    } finally {
      setPending(null);
    }
  };

  return { run, pending, start, onRunUpdated, dismiss: () => setRun(null) };
}
