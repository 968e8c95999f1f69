import type { AssignCollaboratorRequest, RemoveCollaboratorRequest } from '@bhasha/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/api-instance';

/** The collaborator calls of spec §7 "Multi-domain" (paths spelled as the spec has them). */
export const collaboratorsApi = {
  assigned: (projectId: string) =>
    apiClient.call('domains/getCollaboratorAssignedList', { body: { projectId } }),
  assign: (body: AssignCollaboratorRequest) =>
    apiClient.call('domains/assignColloborator', { body }).then((d) => d.assignment),
  remove: (body: RemoveCollaboratorRequest) =>
    apiClient.call('domains/onMultiDomainColloboratorDelete', { body }),
};

const assignedKey = (projectId: string) => ['projects', 'collaborators', projectId] as const;

export const useAssignedCollaborators = (projectId: string) =>
  useQuery({ queryKey: assignedKey(projectId), queryFn: () => collaboratorsApi.assigned(projectId) });

function useAssignmentMutation<TArgs extends { projectId: string }, TResult>(
  mutationFn: (args: TArgs) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, args) => queryClient.invalidateQueries({ queryKey: assignedKey(args.projectId) }),
  });
}

export const useAssignCollaborator = () => useAssignmentMutation(collaboratorsApi.assign);
export const useRemoveCollaborator = () => useAssignmentMutation(collaboratorsApi.remove);
