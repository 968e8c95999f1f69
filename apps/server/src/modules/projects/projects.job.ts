import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { crawlRuntime } from '../crawl/crawl-runtime';
import { createProjectsRepository } from './projects.repository';

/**
 * Removes a project marked for deletion with its domains, URLs, segments and crawls (they
 * cascade). Idempotent: a project already gone, or not marked, is left alone.
 */
export const projectDeleteJob = defineJob({
  name: 'projects.delete',
  payload: z.object({ projectId: z.uuid() }),
  async handler({ projectId }) {
    await createProjectsRepository(crawlRuntime().db).deleteMarked(projectId);
  },
});
