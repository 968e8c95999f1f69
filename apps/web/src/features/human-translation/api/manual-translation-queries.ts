import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualRequestAction, ManualRequestCreate } from '@bhasha/contract';
import { manualTranslationApi } from './manual-translation-api';

export const manualTranslationKeys = {
  all: ['manual-translation'] as const,
  list: (page: number, size: number, searchText: string) =>
    [...manualTranslationKeys.all, 'list', page, size, searchText] as const,
};

/** One page of the caller's orders (the desk: every organisation it serves). */
export const useManualRequests = (page: number, size: number, searchText: string) =>
  useQuery({
    queryKey: manualTranslationKeys.list(page, size, searchText),
    queryFn: () => manualTranslationApi.list(page, size, searchText),
    placeholderData: keepPreviousData,
  });

/** Counts what an order would take (dryRun): strings, words, languages; stores nothing. */
export const useManualRequestQuote = (body: ManualRequestCreate, enabled: boolean) =>
  useQuery({
    queryKey: [...manualTranslationKeys.all, 'quote', body] as const,
    queryFn: () => manualTranslationApi.create({ ...body, dryRun: true }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export function useCreateManualRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualRequestCreate) => manualTranslationApi.create({ ...body, dryRun: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manualTranslationKeys.all }),
  });
}

export function useManualRequestAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: ManualRequestAction; requestId: string; reason?: string }) =>
      manualTranslationApi.act(input.action, input.requestId, input.reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manualTranslationKeys.all }),
  });
}
