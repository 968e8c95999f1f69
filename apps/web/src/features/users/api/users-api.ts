import type {
  Abilities,
  CreateUserRequest,
  UpdateUserRequest,
  UserDetails,
  UserListRequest,
  UserListResponse,
  UserStatus,
  UserSummary,
  ResetPasswordThroughProfileRequest,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The calls of spec §7 "Users", one function each; failures reject (the client shows the toast). */
export const usersApi = {
  /** Silent: without abilities the navigation shows the dashboard alone; the server still enforces access. */
  abilities: () =>
    apiClient.call<{ abilities: Abilities }>('user/abilities', { silent: true }).then((d) => d.abilities),
  list: (body: UserListRequest) => apiClient.call<UserListResponse>('user/list', { body }),
  collaborators: () =>
    apiClient.call<{ collaborators: UserSummary[] }>('user/collaborator/list').then((d) => d.collaborators),
  deliveryManagers: () =>
    apiClient
      .call<{ deliveryManagers: UserSummary[] }>('user/delivery-manager/list')
      .then((d) => d.deliveryManagers),
  create: (body: CreateUserRequest) => apiClient.call<{ user: UserSummary }>('user', { body }),
  update: (body: UpdateUserRequest) => apiClient.call<{ user: UserSummary }>('user/update', { body }),
  switchStatus: (userId: string, status: UserStatus) =>
    apiClient.call<{ user: UserSummary }>('user/switchStatus', { body: { userId, status } }),
  /** Sends the user the reset link of the sign-in screen's "forgot password". */
  sendPasswordReset: (email: string) => apiClient.call<unknown>('auth/password-reset', { body: { email } }),
  profile: () => apiClient.call<{ user: UserDetails }>('user/profile').then((d) => d.user),
  changePassword: (body: ResetPasswordThroughProfileRequest) =>
    apiClient.call<{ token: string }>('user/resetPasswordThroughProfile', { body }),
  regenerateApikey: () => apiClient.call<{ apikey: string }>('user/apikey/regenerate', { body: {} }),
};
