import { useQuery } from '@tanstack/react-query';
import type { FuzzyMatchResponse } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The best translation-memory matches for one segment (translation/tm/fuzzy), 75 % and up. */
export const useFuzzyMatches = (projectId: string, targetLang: string, sourceHash: string | null) =>
  useQuery({
    queryKey: ['workspace', projectId, 'fuzzy', targetLang, sourceHash ?? ''] as const,
    queryFn: () =>
      apiClient.call<FuzzyMatchResponse>('translation/tm/fuzzy', {
        body: { projectId, targetLang, sourceHash, threshold: 75, limit: 5 },
      }),
    enabled: sourceHash !== null,
    staleTime: 60_000,
  });
