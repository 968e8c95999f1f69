import type { EditorFilter, NmtRun, NmtTp } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** Machine translation and transliteration of selected segments (spec §7), by segment id. */
export const bulkActionsApi = {
  /**
   * /translation/nmt/apply for a selection. `tp: 'machine'` replaces untranslated and machine
   * strings but never a translator's (USER) or Prabandhak's (PBK) work.
   */
  applyMachineTranslation: (input: {
    projectId: string;
    targetLang: string;
    segmentIds: string[];
    /** The engine chosen in the dialog; the server refuses one that cannot do the languages. */
    nmtService: string | undefined;
    /** Known before the call, so the run can be followed from its first event. */
    requestId: string;
  }) =>
    apiClient.call<{ run: NmtRun }>('translation/nmt/apply', {
      body: {
        projectId: input.projectId,
        targetLang: input.targetLang,
        idArr: input.segmentIds,
        tp: 'machine' satisfies NmtTp,
        origin: 'selection',
        requestId: input.requestId,
        ...(input.nmtService ? { nmtService: input.nmtService } : {}),
      },
    }),
  /** translation/nmt/status: where a run stands, and why it failed. */
  runStatus: (projectId: string, requestId: string) =>
    apiClient.call<{ run: NmtRun }>('translation/nmt/status', { body: { projectId, requestId } }),
  /** /translation/nmt/apply over every string the editor's filter lists: one run, progress by socket. */
  applyMachineTranslationToFilter: (
    projectId: string,
    targetLang: string,
    filter: EditorFilter,
    requestId: string,
  ) =>
    apiClient.call<{ run: NmtRun }>('translation/nmt/apply', {
      body: {
        projectId,
        targetLang,
        tp: 'machine' satisfies NmtTp,
        origin: 'filter',
        filter,
        requestId,
      },
    }),
  /** Transliteration of every string the editor's filter lists, as one run like an NMT run. */
  transliterateFilter: (projectId: string, targetLang: string, filter: EditorFilter, requestId: string) =>
    apiClient.call<{ run: NmtRun }>('transliteration/applyTransliteration/filter', {
      body: { projectId, targetLang, filter, requestId },
    }),
  transliterate: (projectId: string, targetLang: string, segmentIds: string[]) =>
    apiClient.call<{ transliterated: number; skipped: number }>('transliteration/applyTransliteration', {
      body: { projectId, targetLang, idArr: segmentIds },
    }),
};
