import { ERROR_CODES, ERROR_MESSAGES } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import { createSegmentsRepository } from '../crawl/segments.repository';
import { projectRecountJob } from './projects.job';
import { createProjectsRepository, type ProjectRow } from './projects.repository';

/**
 * Word recounts the server runs outside a crawl (project/resync), and whether one is pending.
 * The mark is a column of the project (`word_count_recount_since`), not a flag in this process:
 * the web process answering GET project/wordcount is not always the one that queued the recount,
 * and the recount itself runs in a worker. A mark older than the job's expiry is treated as done
 * (its job was lost with its worker before it could clear it; pg-boss retries an expired job,
 * and the retry clears it).
 */
export function createWordRecounts(deps: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'> | null;
  background: BackgroundTasks;
}) {
  const projects = createProjectsRepository(deps.db);
  const staleAfterMs = projectRecountJob.expireInSeconds * 1000;

  return {
    /** Marks the project and queues its recount; when the queue refuses it, the mark is taken back. */
    async request(projectId: string): Promise<void> {
      const since = deps.clock.now();
      await projects.markRecount(projectId, since);
      if (!deps.jobs) {
        // A process without a queue (some tests, tools) recounts here.
        deps.background.run('word count resync', async () => {
          try {
            await createSegmentsRepository(deps.db).recountPages(projectId);
          } finally {
            await projects.clearRecount(projectId, since);
          }
        });
        return;
      }
      try {
        await deps.jobs.send(projectRecountJob, { projectId });
      } catch (error) {
        await projects.clearRecount(projectId, since);
        throw new AppError(500, ERROR_CODES.INTERNAL_ERROR, ERROR_MESSAGES.generic, [
          error instanceof Error ? error.message : String(error),
        ]);
      }
    },

    /** Whether a recount of this project (as just read) is queued or running. */
    isPending(project: Pick<ProjectRow, 'wordCountRecountSince'>): boolean {
      const since = project.wordCountRecountSince;
      return since !== null && deps.clock.now().getTime() - since.getTime() < staleAfterMs;
    },
  };
}

export type WordRecounts = ReturnType<typeof createWordRecounts>;
