import { isRole, USER_STATUS, type SessionUser, type UserDetails, type UserSummary } from '@bhasha/contract';
import type { UserRow, UserWithOrganisation } from './users.repository';

function roleOf(row: UserRow) {
  if (!isRole(row.role)) throw new Error(`user ${row.id} has an unknown role`);
  return row.role;
}

/** The signed-in user as the dashboard sees it: never the hash, attempts or token version. */
export function presentSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row),
    organisationId: row.organisationId,
    apikey: row.apikeyPrefix,
    contractAgreed: row.contractAgreed,
  };
}

/** A user in lists and to its admins: no apikey, hash or lock state. */
export function presentUserSummary(row: UserWithOrganisation): UserSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: roleOf(row),
    status: row.status === USER_STATUS.active ? USER_STATUS.active : USER_STATUS.inactive,
    organisationId: row.organisationId,
    organisationName: row.organisationName,
    nmtEnabled: row.nmtEnabled,
    categories: row.categories,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's details; the apikey's visible prefix only to its owner (the key is never shown again). */
export function presentUserDetails(row: UserWithOrganisation, viewerId: string): UserDetails {
  return {
    ...presentUserSummary(row),
    apikey: row.id === viewerId ? row.apikeyPrefix : null,
    contractAgreed: row.contractAgreed,
  };
}
