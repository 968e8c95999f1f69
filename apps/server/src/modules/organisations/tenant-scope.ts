import { ROLES } from '@bhasha/contract';
import type { Principal } from '../../http/access';

/**
 * Which organisations' rows a caller may see. Every repository query of customer rows takes one,
 * so a forgotten filter is a type error rather than a leak.
 */
export type TenantScope =
  | { kind: 'platform' }
  | { kind: 'organisation'; organisationId: string }
  /** A caller bound to no organisation and not platform-wide: sees no customer rows. */
  | { kind: 'none' };

/** The scope of a signed-in caller: super admins see every organisation, everyone else their own. */
export function scopeOf(principal: Principal): TenantScope {
  if (principal.role === ROLES.superAdmin) return { kind: 'platform' };
  if (principal.organisationId) return { kind: 'organisation', organisationId: principal.organisationId };
  return { kind: 'none' };
}

/** True when a row of `organisationId` lies inside the scope. */
export function isInScope(scope: TenantScope, organisationId: string | null): boolean {
  if (scope.kind === 'platform') return true;
  if (scope.kind === 'none') return false;
  return organisationId === scope.organisationId;
}
