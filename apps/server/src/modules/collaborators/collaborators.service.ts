import { COLLABORATOR_MESSAGES, projectRoomOf, type CollaboratorAssignment } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../organisations/tenant-scope';
import type { ProjectAccess } from '../projects/project-access';
import { assignmentRefusal, seesOnlyOwnAssignment } from './collaborators.policy';
import { presentAssignment } from './collaborators.presenter';
import type { CollaboratorsRepository } from './collaborators.repository';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';

/**
 * Assigning collaborators to projects and their domains (spec §6, §7 "Multi-domain"). The
 * project is loaded through ProjectAccess first, so a foreign project, or one a collaborator is
 * not assigned to, answers 404 before anything else is looked at.
 */
export function createCollaboratorsService(deps: {
  repository: CollaboratorsRepository;
  access: ProjectAccess;
  /** Takes a collaborator's sockets out of a project room when its access ends. */
  emitter: RealtimeEmitter;
}) {
  const { repository, access } = deps;

  async function requireAssignment(principal: Principal, projectId: string, userId: string) {
    const assignment = await repository.findAssignment(scopeOf(principal), projectId, userId);
    if (!assignment) throw AppError.notFound('The assignment');
    return assignment;
  }

  async function checkDomains(projectId: string, domainIds: readonly string[]): Promise<string[]> {
    const projectDomainIds = await repository.listDomainIds(projectId);
    if (domainIds.some((id) => !projectDomainIds.includes(id)))
      throw AppError.validation([COLLABORATOR_MESSAGES.domainNotInProject]);
    return projectDomainIds;
  }

  return {
    /** Sets the collaborator's assignment to every domain (no domainIds) or to the listed ones. */
    async assign(
      principal: Principal,
      input: { projectId: string; userId: string; domainIds: readonly string[] },
    ): Promise<CollaboratorAssignment> {
      const project = await access.requireManageable(principal, input.projectId);
      const user = await repository.findUser(scopeOf(principal), input.userId);
      // A user of another organisation is as absent as a missing one.
      if (!user || user.organisationId !== project.organisationId) throw AppError.notFound('The user');
      const refusal = assignmentRefusal(user, COLLABORATOR_MESSAGES);
      if (refusal) throw AppError.validation([refusal]);
      await checkDomains(project.id, input.domainIds);
      await repository.saveAssignment({
        organisationId: project.organisationId,
        projectId: project.id,
        userId: user.id,
        domainIds: input.domainIds.length > 0 ? input.domainIds : null,
      });
      return presentAssignment(await requireAssignment(principal, project.id, user.id));
    },

    /** The project's collaborators; a collaborator sees only its own assignment. */
    async list(principal: Principal, projectId: string): Promise<CollaboratorAssignment[]> {
      const project = await access.requireVisible(principal, projectId);
      const rows = await repository.listAssignments(
        scopeOf(principal),
        project.id,
        seesOnlyOwnAssignment(principal) ? principal.id : undefined,
      );
      return rows.map(presentAssignment);
    },

    /**
     * Removes a collaborator from one domain, or from the project when no domain is named.
     * Removing the last domain removes the assignment: an assignment to no domain would read as
     * "every domain" to a person, so it is never kept.
     */
    async remove(
      principal: Principal,
      input: { projectId: string; userId: string; domainId?: string | undefined },
    ): Promise<CollaboratorAssignment | null> {
      const project = await access.requireManageable(principal, input.projectId);
      const assignment = await requireAssignment(principal, project.id, input.userId);
      const scope = scopeOf(principal);
      if (!input.domainId) {
        await repository.deleteAssignment(scope, project.id, assignment.userId);
        deps.emitter.leaveRoom(assignment.userId, projectRoomOf(project.id));
        return null;
      }
      const projectDomainIds = await checkDomains(project.id, [input.domainId]);
      const current = assignment.allDomains ? projectDomainIds : assignment.domains.map((d) => d.id);
      if (!current.includes(input.domainId))
        throw AppError.validation([COLLABORATOR_MESSAGES.notAssignedToDomain]);
      const remaining = current.filter((id) => id !== input.domainId);
      if (remaining.length === 0) {
        await repository.deleteAssignment(scope, project.id, assignment.userId);
        deps.emitter.leaveRoom(assignment.userId, projectRoomOf(project.id));
        return null;
      }
      await repository.saveAssignment({
        organisationId: project.organisationId,
        projectId: project.id,
        userId: assignment.userId,
        domainIds: remaining,
      });
      return presentAssignment(await requireAssignment(principal, project.id, assignment.userId));
    },
  };
}

export type CollaboratorsService = ReturnType<typeof createCollaboratorsService>;
