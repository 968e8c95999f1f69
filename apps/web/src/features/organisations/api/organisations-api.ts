import type {
  NewOrganisationRequest,
  NewOrganisationResponse,
  OrganisationDetailsResponse,
  OrganisationEditRequest,
  OrganisationListResponse,
  OrganisationProgress,
  OrganisationSummary,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The calls of spec §7 "Organisations". */
export const organisationsApi = {
  list: (body: { search?: string; page: number; pageSize: number }) =>
    apiClient.call<OrganisationListResponse>('organisation/list', { body }),
  all: () =>
    apiClient
      .call<{ organisations: { id: string; name: string }[] }>('organisation/all', { body: {} })
      .then((d) => d.organisations),
  details: (organisationId: string) =>
    apiClient.call<OrganisationDetailsResponse>('organisation/details', { body: { organisationId } }),
  /** auth/newOrganisation: the organisation and its first organisation admin (super admins). */
  create: (body: NewOrganisationRequest) =>
    apiClient.call<NewOrganisationResponse>('auth/newOrganisation', { body }),
  /** Silent: the dashboard home shows its defaults without it. */
  progress: () =>
    apiClient
      .call<{ progress: OrganisationProgress }>('organisation/progress', { method: 'GET', silent: true })
      .then((d) => d.progress),
  edit: (body: OrganisationEditRequest) =>
    apiClient.call<{ organisation: OrganisationSummary }>('organisation/edit', { body }),
};
