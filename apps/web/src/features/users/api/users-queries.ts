import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserListRequest, UserStatus } from '@bhasha/contract';
import { usersApi } from './users-api';

/** Query keys of the users feature; invalidating `all` refreshes every list. */
export const usersKeys = {
  all: ['users'] as const,
  abilities: ['users', 'abilities'] as const,
  list: (filters: UserListRequest) => ['users', 'list', filters] as const,
  collaborators: ['users', 'collaborators'] as const,
  deliveryManagers: ['users', 'delivery-managers'] as const,
  profile: ['users', 'profile'] as const,
};

/** What the caller may use, as the server says (navigation and buttons follow it). */
export const useAbilities = () =>
  useQuery({ queryKey: usersKeys.abilities, queryFn: usersApi.abilities, staleTime: 60_000 });

export const useUserList = (filters: UserListRequest) =>
  useQuery({
    queryKey: usersKeys.list(filters),
    queryFn: () => usersApi.list(filters),
    placeholderData: keepPreviousData,
  });

export const useCollaborators = (enabled: boolean) =>
  useQuery({ queryKey: usersKeys.collaborators, queryFn: usersApi.collaborators, enabled });

export const useDeliveryManagers = (enabled: boolean) =>
  useQuery({ queryKey: usersKeys.deliveryManagers, queryFn: usersApi.deliveryManagers, enabled });

export const useProfile = () => useQuery({ queryKey: usersKeys.profile, queryFn: usersApi.profile });

function useInvalidatingMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export const useCreateUser = () => useInvalidatingMutation(usersApi.create);
export const useUpdateUser = () => useInvalidatingMutation(usersApi.update);
export const useSwitchStatus = () =>
  useInvalidatingMutation(({ userId, status }: { userId: string; status: UserStatus }) =>
    usersApi.switchStatus(userId, status),
  );
export const useSendPasswordReset = () => useMutation({ mutationFn: usersApi.sendPasswordReset });
export const useChangePassword = () => useMutation({ mutationFn: usersApi.changePassword });
export const useRegenerateApikey = () => useInvalidatingMutation(usersApi.regenerateApikey);
