import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-result';

/** Creates the TanStack Query client: no retry of answered failures, modest staleness. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
