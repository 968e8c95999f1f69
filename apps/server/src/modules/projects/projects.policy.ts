import { ROLES, type Role } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';

/** Roles that see projects at all (route access lists). */
export const PROJECT_READER_ROLES: readonly Role[] = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
  ROLES.collaborator,
];
/** Roles that create, delete and configure projects. */
export const PROJECT_MANAGER_ROLES: readonly Role[] = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
];

/** Which projects a caller may see: every project, its organisation's, or those assigned to it. */
export type ProjectScope =
  | { kind: 'all' }
  | { kind: 'organisation'; organisationId: string }
  | { kind: 'assigned'; organisationId: string; userId: string };

/** The project scope of a principal; callers without an organisation see nothing (404s). */
export function projectScopeOf(principal: Principal): ProjectScope {
  if (principal.role === ROLES.superAdmin) return { kind: 'all' };
  if (!principal.organisationId) throw AppError.forbidden();
  if (principal.role === ROLES.collaborator) {
    return { kind: 'assigned', organisationId: principal.organisationId, userId: principal.id };
  }
  return { kind: 'organisation', organisationId: principal.organisationId };
}

/** Whether the principal may change a project's setup (collaborators may only work in it). */
export function canManageProjects(principal: Principal): boolean {
  return PROJECT_MANAGER_ROLES.includes(principal.role);
}
