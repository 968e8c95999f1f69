import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { createSegmentsRepository } from '../crawl/segments.repository';
import { createProjectsRepository } from './projects.repository';

/**
 * Removes a project marked for deletion with its domains, URLs, segments and crawls (they
 * cascade). Idempotent: a project already gone, or not marked, is left alone.
 */
export const projectDeleteJob = defineJob({
  name: 'projects.delete',
  payload: z.object({ projectId: z.uuid() }),
  async handler({ projectId }, _context, deps) {
    await createProjectsRepository(deps.crawl.db).deleteMarked(projectId);
  },
});

/**
 * Recounts the word counts of every URL of a project (project/resync), then clears the recount
 * mark it started under (see `createWordRecounts`). Idempotent: a recount computes the counts
 * from the segments as they are. When its last retry fails the mark is cleared too: the counts
 * are what they are, and `updating` must not stay true until the mark goes stale.
 */
export const projectRecountJob = defineJob({
  name: 'projects.recount-words',
  payload: z.object({ projectId: z.uuid() }),
  async handler({ projectId }, context, deps) {
    const { db } = deps.crawl;
    const projects = createProjectsRepository(db);
    const since = (await projects.findById(projectId))?.wordCountRecountSince ?? null;
    try {
      await createSegmentsRepository(db).recountPages(projectId);
    } catch (error) {
      if (since && context.retryCount >= projectRecountJob.retry.limit)
        await projects.clearRecount(projectId, since);
      throw error;
    }
    if (since) await projects.clearRecount(projectId, since);
  },
});
