import type { NmtRun, NmtTp } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** Machine translation and transliteration of selected segments (spec §7), by segment id. */
export const bulkActionsApi = {
  /**
   * /translation/nmt/apply for a selection. `tp: 'machine'` replaces untranslated and machine
   * strings but never a translator's (USER) or Prabandhak's (PBK) work.
   */
  applyMachineTranslation: (projectId: string, targetLang: string, segmentIds: string[]) =>
    apiClient.call<{ run: NmtRun }>('translation/nmt/apply', {
      body: {
        projectId,
        targetLang,
        idArr: segmentIds,
        tp: 'machine' satisfies NmtTp,
        origin: 'selection',
        requestId: crypto.randomUUID(),
      },
    }),
  transliterate: (projectId: string, targetLang: string, segmentIds: string[]) =>
    apiClient.call<{ transliterated: number; skipped: number }>('transliteration/applyTransliteration', {
      body: { projectId, targetLang, idArr: segmentIds },
    }),
};
