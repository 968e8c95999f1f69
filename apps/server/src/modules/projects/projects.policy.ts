import {
  PROJECT_MESSAGES,
  PROJECT_TYPES,
  PROJECT_TYPE_VALUES,
  ROLES,
  type ProjectType,
  type Role,
} from '@bhasha/contract';
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

/**
 * Project types whose whole flow exists (set-up, import, translation, delivery). A type joins
 * when it lands; until then creating one is refused, so no empty project of it is ever made.
 */
const AVAILABLE_PROJECT_TYPES: readonly ProjectType[] = [PROJECT_TYPES.website, PROJECT_TYPES.mobile];

/** Whether projects of `type` can be created yet. */
export function isProjectTypeAvailable(type: ProjectType): boolean {
  return AVAILABLE_PROJECT_TYPES.includes(type);
}

/** Every project type with whether it can be created yet, in the order of spec §1. */
export function listProjectTypes(): { type: ProjectType; available: boolean }[] {
  return PROJECT_TYPE_VALUES.map((type) => ({ type, available: isProjectTypeAvailable(type) }));
}

/** Whether a caller may create a project now, and the reason it may not. */
export interface ProjectCreationGate {
  allowed: boolean;
  reason: string | null;
}

/**
 * The rules the create calls enforce, asked before any form opens: the role must manage
 * projects, projects belong to an organisation, and the free plan holds one website project.
 */
export function getProjectCreationGate(
  principal: Principal,
  websiteProjects: () => Promise<number>,
): Promise<ProjectCreationGate> {
  const refuse = (reason: string) => Promise.resolve({ allowed: false, reason });
  if (!canManageProjects(principal)) return refuse(PROJECT_MESSAGES.creationNotForRole);
  if (!principal.organisationId) return refuse(PROJECT_MESSAGES.creationNeedsOrganisation);
  if (principal.role !== ROLES.freeOrgAdmin) return Promise.resolve({ allowed: true, reason: null });
  return websiteProjects().then((total) =>
    total > 0
      ? { allowed: false, reason: PROJECT_MESSAGES.freePlanOneProject }
      : { allowed: true, reason: null },
  );
}
