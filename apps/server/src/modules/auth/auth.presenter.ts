import type { LoginResponse, NewOrganisationResponse } from '@bhasha/contract';
import type { OrganisationRow } from '../organisations/organisations.repository';
import type { UserRow } from '../users/users.repository';
import { presentSessionUser } from '../users/users.presenter';

/** `data` of a successful sign-in. */
export function presentLogin(token: string, user: UserRow): LoginResponse {
  return { token, user: presentSessionUser(user) };
}

/** `data` of auth/newOrganisation: the organisation and its admin, never secrets. */
export function presentOrganisationCreated(created: {
  organisation: OrganisationRow;
  user: UserRow;
}): NewOrganisationResponse {
  const { organisation, user } = created;
  return {
    organisation: { id: organisation.id, name: organisation.name, plan: organisation.plan },
    user: presentSessionUser(user),
  };
}
