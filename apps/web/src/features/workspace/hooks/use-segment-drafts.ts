import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TRANSLATION_MESSAGES, type TmEntry } from '@bhasha/contract';
import { appToaster } from '../../../lib/api/app-toaster';
import { translationApi } from '../api/translation-api';
import { mergeEntriesIntoCache, refreshCounts } from '../api/translation-queries';

/** A text typed in the editor that the server has not confirmed yet. */
export interface DraftState {
  text: string;
  status: 'saving' | 'failed';
}

export interface SaveRequest {
  entry: TmEntry;
  text: string;
  /** The version the translator started from, so a concurrent save is reported, not lost. */
  baseVersion: number;
}

/**
 * Saves edited targets in the background so the translator can move on at once. Until the server
 * answers, the row shows the typed text with a spinner; if the save fails the text stays in the
 * row, marked, and saving it again retries — nothing typed is lost.
 */
export function useSegmentDrafts(projectId: string, targetLang: string) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<ReadonlyMap<string, DraftState>>(new Map());
  // The latest save of each row wins: an earlier answer arriving late must not clear a newer draft.
  const latestSave = useRef(new Map<string, number>());
  const saveCounter = useRef(0);

  const setDraft = useCallback((sourceHash: string, draft: DraftState | null) => {
    setDrafts((current) => {
      const next = new Map(current);
      if (draft) next.set(sourceHash, draft);
      else next.delete(sourceHash);
      return next;
    });
  }, []);

  const save = useCallback(
    async ({ entry, text, baseVersion }: SaveRequest): Promise<void> => {
      const ticket = ++saveCounter.current;
      latestSave.current.set(entry.sourceHash, ticket);
      setDraft(entry.sourceHash, { text, status: 'saving' });
      try {
        const result = await translationApi.update({
          projectId,
          targetLang,
          sourceHash: entry.sourceHash,
          preProcessedTarget: text,
          displayType: entry.displayType,
          version: baseVersion,
        });
        if (latestSave.current.get(entry.sourceHash) !== ticket) return;
        mergeEntriesIntoCache(queryClient, projectId, targetLang, [result.tm]);
        setDraft(entry.sourceHash, null);
        if (result.conflict) appToaster.warning(TRANSLATION_MESSAGES.savedOverNewer);
        refreshCounts(queryClient, projectId, targetLang);
      } catch {
        // The client already showed the server's message ('Error:User Translation update failed').
        if (latestSave.current.get(entry.sourceHash) === ticket)
          setDraft(entry.sourceHash, { text, status: 'failed' });
      }
    },
    [projectId, targetLang, queryClient, setDraft],
  );

  return { drafts, save };
}
