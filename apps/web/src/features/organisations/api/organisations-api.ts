import type {
  OrganisationDetailsResponse,
  OrganisationEditRequest,
  OrganisationListResponse,
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
  edit: (body: OrganisationEditRequest) =>
    apiClient.call<{ organisation: OrganisationSummary }>('organisation/edit', { body }),
};
