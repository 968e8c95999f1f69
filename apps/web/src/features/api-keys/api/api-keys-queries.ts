import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysApi, type ApiKeyAuditQuery } from './api-keys-api';

export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: ['api-keys', 'list'] as const,
  audit: (query: ApiKeyAuditQuery) => ['api-keys', 'audit', query] as const,
};

export const useApiKeys = () => useQuery({ queryKey: apiKeysKeys.list, queryFn: apiKeysApi.list });

export const useApiKeyAudit = (query: ApiKeyAuditQuery) =>
  useQuery({
    queryKey: apiKeysKeys.audit(query),
    queryFn: () => apiKeysApi.audit(query),
    placeholderData: keepPreviousData,
  });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list }),
  });
};

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiKeysApi.revoke,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
};
