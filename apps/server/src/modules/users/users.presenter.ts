import { isRole, type SessionUser } from '@bhasha/contract';
import type { UserRow } from './users.repository';

/** The signed-in user as the dashboard sees it: never the hash, attempts or token version. */
export function presentSessionUser(row: UserRow): SessionUser {
  if (!isRole(row.role)) throw new Error(`user ${row.id} has an unknown role`);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    organisationId: row.organisationId,
    apikey: row.apikey,
    contractAgreed: row.contractAgreed,
  };
}
