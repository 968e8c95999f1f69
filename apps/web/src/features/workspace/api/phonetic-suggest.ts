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

/**
 * Whether the project has Swalekh integration nodes (its Swalekh setting is on, ADR 0022). Silent:
 * when the answer cannot be had, the editor simply uses the built-in keyboard.
 */
export function fetchIsSwalekhOn(projectId: string, signal?: AbortSignal): Promise<boolean> {
  return apiClient
    .call<{ totalCount: number }>('swalekhIntegration/get', {
      body: { projectId, pageNumber: 1, pageSize: 1 },
      silent: true,
      ...(signal ? { signal } : {}),
    })
    .then((data) => data.totalCount > 0);
}
