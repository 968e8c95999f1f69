import { apiClient } from '../../../lib/api/api-instance';

/** transliteration/suggest: ranked native-script candidates for one Roman word (custom pair first). */
export function fetchPhoneticCandidates(
  projectId: string,
  targetLang: string,
  word: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return apiClient
    .call<{ candidates: string[] }>('transliteration/suggest', {
      body: { projectId, targetLang, word },
      // A failed lookup only means no list: typing goes on, no toast.
      silent: true,
      ...(signal ? { signal } : {}),
    })
    .then((data) => data.candidates);
}
