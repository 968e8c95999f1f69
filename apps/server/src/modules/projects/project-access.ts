import { PROJECT_MESSAGES, PROJECT_TYPES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../organisations/tenant-scope';
import {
  PROJECT_READER_ROLES,
  canManageProjects,
  projectScopeOf,
  type ProjectScope,
} from './projects.policy';
import type { ProjectRow, ProjectsRepository } from './projects.repository';

/**
 * Loads a project for a caller, the one way every feature does it: outside the caller's scope
 * (another organisation, a collaborator's unassigned project, a deleted one) answers 404.
 */
export function createProjectAccess(repository: ProjectsRepository) {
  async function requireVisible(principal: Principal, projectId: string): Promise<ProjectRow> {
    const project = await repository.findVisible(projectScopeOf(principal), projectId);
    if (!project) throw AppError.notFound('The project');
    return project;
  }

  return {
    requireVisible,

    /**
     * project/access/verify: whether the caller may open the project. Another organisation's (or
     * a missing) project answers 404; inside the organisation the answer is yes or no, so a
     * collaborator learns that a project is not assigned to it rather than that it is absent.
     */
    async canOpen(principal: Principal, projectId: string): Promise<boolean> {
      const tenant = scopeOf(principal);
      const organisationWide: ProjectScope | null =
        tenant.kind === 'platform'
          ? { kind: 'all' }
          : tenant.kind === 'organisation'
            ? { kind: 'organisation', organisationId: tenant.organisationId }
            : null;
      if (!organisationWide || !(await repository.findVisible(organisationWide, projectId)))
        throw AppError.notFound('The project');
      if (!PROJECT_READER_ROLES.includes(principal.role)) return false;
      return (await repository.findVisible(projectScopeOf(principal), projectId)) !== undefined;
    },

    /** A project the caller may reconfigure (collaborators may see it but not change its setup). */
    async requireManageable(principal: Principal, projectId: string): Promise<ProjectRow> {
      const project = await requireVisible(principal, projectId);
      if (!canManageProjects(principal)) throw AppError.forbidden();
      return project;
    },

    /** A visible website project (URLs, crawls and scope exist only for websites). */
    async requireWebsite(principal: Principal, projectId: string): Promise<ProjectRow> {
      const project = await requireVisible(principal, projectId);
      if (project.type !== PROJECT_TYPES.website) throw AppError.validation([PROJECT_MESSAGES.notWebsite]);
      return project;
    },
  };
}

export type ProjectAccess = ReturnType<typeof createProjectAccess>;
