import type { NewOrganisationRequest, OrganisationEditRequest } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The calls of spec §7 "Organisations". */
export const organisationsApi = {
  list: (body: { search?: string; page: number; pageSize: number }) =>
    apiClient.call('organisation/list', { body }),
  all: () => apiClient.call('organisation/all', { body: {} }).then((d) => d.organisations),
  details: (organisationId: string) => apiClient.call('organisation/details', { body: { organisationId } }),
  /** auth/newOrganisation: the organisation and its first organisation admin (super admins). */
  create: (body: NewOrganisationRequest) => apiClient.call('auth/newOrganisation', { body }),
  /** Silent: the dashboard home shows its defaults without it. */
  progress: () => apiClient.call('organisation/progress', { silent: true }).then((d) => d.progress),
  edit: (body: OrganisationEditRequest) => apiClient.call('organisation/edit', { body }),
};
