import type { RequestAt, UserStatus } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The calls of spec §7 "Users", one function each; failures reject (the client shows the toast). */
export const usersApi = {
  /** Silent: without abilities the navigation shows the dashboard alone; the server still enforces access. */
  abilities: () => apiClient.call('user/abilities', { silent: true }).then((d) => d.abilities),
  list: (body: RequestAt<'user/list'>) => apiClient.call('user/list', { body }),
  collaborators: () => apiClient.call('user/collaborator/list').then((d) => d.collaborators),
  deliveryManagers: () => apiClient.call('user/delivery-manager/list').then((d) => d.deliveryManagers),
  create: (body: RequestAt<'user'>) => apiClient.call('user', { body }),
  update: (body: RequestAt<'user/update'>) => apiClient.call('user/update', { body }),
  switchStatus: (userId: string, status: UserStatus) =>
    apiClient.call('user/switchStatus', { body: { userId, status } }),
  /** Sends the user the reset link of the sign-in screen's "forgot password". */
  sendPasswordReset: (email: string) => apiClient.call('auth/password-reset', { body: { email } }),
  profile: () => apiClient.call('user/profile').then((d) => d.user),
  changePassword: (body: RequestAt<'user/resetPasswordThroughProfile'>) =>
    apiClient.call('user/resetPasswordThroughProfile', { body }),
  regenerateApikey: () => apiClient.call('user/apikey/regenerate', { body: {} }),
};
