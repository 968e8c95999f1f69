import { PROJECT_MESSAGES, PROJECT_TYPES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { canManageProjects, projectScopeOf } from './projects.policy';
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
