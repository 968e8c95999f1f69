import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_HASHES_PER_CALL, NMT_MESSAGES, type DisplayType, type TmEntry } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { bulkActionsApi } from '../api/bulk-actions-api';
import { translationApi } from '../api/translation-api';
import { mergeEntriesIntoCache, refreshCounts, workspaceKeys } from '../api/translation-queries';
import type { BulkAction } from '../components/bulk-actions-bar';

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * The strings ticked for a bulk action (kept across pages: source hash → segment id) and the
 * actions themselves. Results come back as rows (display type) or through the project room
 * (machine translation runs in a job and pushes each change).
 */
export function useBulkSelection(projectId: string, targetLang: string) {
  const { t } = useTranslation('workspace');
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [pending, setPending] = useState<BulkAction | null>(null);
  /** The machine translation run started last from this editor, followed until it ends. */
  const [machineRunId, setMachineRunId] = useState<string | null>(null);

  const toggle = useCallback((entry: TmEntry) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(entry.sourceHash)) next.delete(entry.sourceHash);
      else next.set(entry.sourceHash, entry.segmentId);
      return next;
    });
  }, []);

  const setPage = useCallback((entries: readonly TmEntry[], isSelected: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const entry of entries) {
        if (isSelected) next.set(entry.sourceHash, entry.segmentId);
        else next.delete(entry.sourceHash);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => setSelected(new Map()), []);

  const run = async (action: BulkAction, work: () => Promise<void>) => {
    setPending(action);
    try {
      await work();
      clear();
    } catch {
      // The API client has shown the server's message; the selection stays for another try.
    } finally {
      setPending(null);
    }
  };

  const setDisplayType = (displayType: DisplayType) =>
    run(displayType === 't13n' ? 'showAsTransliteration' : 'showAsTranslation', async () => {
      for (const hashes of chunk([...selected.keys()], MAX_HASHES_PER_CALL)) {
        const result = await translationApi.toggleDisplayType(projectId, targetLang, hashes, displayType);
        mergeEntriesIntoCache(queryClient, projectId, targetLang, result.tm);
      }
      refreshCounts(queryClient, projectId, targetLang);
    });

  const markNoTranslation = () =>
    run('markNoTranslation', async () => {
      let updated = 0;
      for (const hashes of chunk([...selected.keys()], MAX_HASHES_PER_CALL)) {
        const result = await translationApi.markNoTranslation(projectId, targetLang, hashes);
        mergeEntriesIntoCache(queryClient, projectId, targetLang, result.tm);
        updated += result.updated;
      }
      appToaster.success(t('bulk.markedNoTranslation', { count: updated }));
      refreshCounts(queryClient, projectId, targetLang);
    });

  const applyMachine = (nmtService: string | undefined) =>
    run('applyMachine', async () => {
      const requestId = crypto.randomUUID();
      await bulkActionsApi.applyMachineTranslation({
        projectId,
        targetLang,
        segmentIds: [...selected.values()],
        nmtService,
        requestId,
      });
      setMachineRunId(requestId);
      appToaster.success(NMT_MESSAGES.accepted);
    });

  const transliterate = () =>
    run('transliterate', async () => {
      const result = await bulkActionsApi.transliterate(projectId, targetLang, [...selected.values()]);
      appToaster.success(t('bulk.transliterated', { count: result.transliterated, skipped: result.skipped }));
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.entries(projectId, targetLang) });
      refreshCounts(queryClient, projectId, targetLang);
    });

  return {
    selected,
    pending,
    toggle,
    setPage,
    clear,
    setDisplayType,
    markNoTranslation,
    applyMachine,
    machineRunId,
    dismissMachineRun: () => setMachineRunId(null),
    transliterate,
  };
}
