import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainOwnership } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** Under `projects`: adding or removing a domain (which invalidates `projects`) refreshes it. */
export const domainOwnershipKey = (projectId: string) => ['projects', 'domain-ownership', projectId] as const;

/** Proof of control of a project's domains for the translating proxy (ADR 0028). */
export const domainOwnershipApi = {
  list: (projectId: string) =>
    apiClient.call<{ domains: DomainOwnership[] }>('domain/ownership/list', { body: { projectId } }),
  verify: (projectId: string, domainId: string) =>
    apiClient.request<{ domain: DomainOwnership }>('domain/ownership/verify', {
      body: { projectId, domainId },
    }),
};

export const useDomainOwnership = (projectId: string) =>
  useQuery({ queryKey: domainOwnershipKey(projectId), queryFn: () => domainOwnershipApi.list(projectId) });

/** Checks a domain now; resolves to the server's message and the domain's new state. */
export function useVerifyDomainOwnership(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => domainOwnershipApi.verify(projectId, domainId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: domainOwnershipKey(projectId) }),
  });
}
