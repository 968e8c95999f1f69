import { ROLES } from '@bhasha/contract';
import type { Principal } from '../../http/access';

export type OrganisationAction = 'list' | 'view' | 'edit' | 'changePlan';

const ORGANISATION_ADMINS = [ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;

/**
 * The organisations feature's rules, pure: super admins run every organisation and its plan;
 * an organisation's admins see and edit their own one's name and details, never its plan.
 */
export function can(
  principal: Principal,
  action: OrganisationAction,
  organisation: { id: string } | null,
): boolean {
  if (principal.role === ROLES.superAdmin) return true;
  if (action === 'list' || action === 'changePlan' || !organisation) return false;
  const isOwnAdmin =
    (ORGANISATION_ADMINS as readonly string[]).includes(principal.role) &&
    principal.organisationId === organisation.id;
  return isOwnAdmin;
}
