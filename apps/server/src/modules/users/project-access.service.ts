import { ROLES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../organisations/tenant-scope';
import type { ProjectAccessRepository } from './project-access.repository';

/** Roles that open every project of their organisation; collaborators open the ones assigned to them. */
const ORGANISATION_WIDE_ROLES: readonly string[] = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
];

/** project/access/verify: whether the caller may open a project; a foreign project is 404. */
export function createProjectAccessService(repository: ProjectAccessRepository) {
  return {
    async canOpenProject(principal: Principal, projectId: string): Promise<boolean> {
      const organisationId = await repository.findProjectOrganisation(scopeOf(principal), projectId);
      if (!organisationId) throw AppError.notFound('The project');
      if (ORGANISATION_WIDE_ROLES.includes(principal.role)) return true;
      if (principal.role === ROLES.collaborator) return repository.isAssigned(projectId, principal.id);
      return false;
    },
  };
}

export type ProjectAccessService = ReturnType<typeof createProjectAccessService>;
