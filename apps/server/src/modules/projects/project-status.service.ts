import type { ProjectCreationStatus } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { Clock } from '../../lib/clock';
import { canTransition } from './project-status';
import { createProjectsRepository, type NewProjectRow, type ProjectRow } from './projects.repository';

export interface StatusMove {
  /** The time the move is stamped with (default: the clock's now). */
  now?: Date;
  /** Other columns written in the same statement. */
  extra?: Partial<NewProjectRow>;
}

/**
 * Every status change a job or another module makes to a project (crawls, parsing) goes through
 * here: the move is checked against the status machine (project-status.ts) and written with a
 * guard on the current status, so a project that moved elsewhere meanwhile is left where it is.
 * `db` may be a transaction.
 */
export function createProjectStatusService(deps: { db: Database; clock: Clock }) {
  const repository = createProjectsRepository(deps.db);
  return {
    /**
     * Moves the project to `to` when its status is one of `from`; answers the updated row, or
     * undefined when the project was in another status (or does not exist).
     */
    async move(
      projectId: string,
      from: readonly ProjectCreationStatus[],
      to: ProjectCreationStatus,
      options: StatusMove = {},
    ): Promise<ProjectRow | undefined> {
      for (const status of from) {
        if (!canTransition(status, to)) throw new Error(`project status ${status} cannot become ${to}`);
      }
      return repository.transitionStatus(projectId, from, to, options.now ?? deps.clock.now(), options.extra);
    },
  };
}

export type ProjectStatusService = ReturnType<typeof createProjectStatusService>;
