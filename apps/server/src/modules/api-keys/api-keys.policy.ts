import { ROLES } from '@bhasha/contract';

/**
 * Who manages an organisation's API keys and reads their audit log: its admins, signed in as
 * themselves (a key never manages keys, see api-key-scopes.ts). Super admins belong to no
 * organisation and hold no keys.
 */
export const API_KEY_MANAGER_ROLES = [ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;
