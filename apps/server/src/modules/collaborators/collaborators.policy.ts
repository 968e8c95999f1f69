import { ROLES, USER_STATUS, type Role } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';

/** Who assigns and removes collaborators: those who manage the project (DESIGN.md §4). */
export const COLLABORATOR_MANAGER_ROLES: readonly Role[] = PROJECT_MANAGER_ROLES;
/** Who reads a project's assignments: anyone who sees the project (collaborators: their own). */
export const COLLABORATOR_READER_ROLES: readonly Role[] = PROJECT_READER_ROLES;

/** Why a user cannot be assigned, or null when it can. */
export function assignmentRefusal(
  user: { role: string; status: string },
  messages: { notACollaborator: string; collaboratorInactive: string },
): string | null {
  if (user.role !== ROLES.collaborator) return messages.notACollaborator;
  if (user.status !== USER_STATUS.active) return messages.collaboratorInactive;
  return null;
}

/** A collaborator sees its own assignment only; managers see everyone's. */
export function seesOnlyOwnAssignment(principal: Principal): boolean {
  return principal.role === ROLES.collaborator;
}
