import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/job-queue';
import { createProjectAccess } from '../projects/project-access';
import { createProjectsRepository } from '../projects/projects.repository';
import { createCrawlService } from './crawl.service';
import { createTrackedPagesRepository } from './tracked-pages.repository';

/** How often tracked URLs are fetched again, and how long one stays fresh. */
export const TRACKING_CRON = '17 * * * *';
export const TRACKING_INTERVAL_HOURS = 24;
const MAX_URLS_PER_PROJECT = 5000;

/**
 * URL tracking: every tracked, in-scope URL not read for a day is fetched again; changed content
 * is stored as a new version and its new segments are flagged new. One `urls` crawl per project;
 * a project with a crawl running is left for the next round.
 */
export const trackerRunDueJob = defineJob({
  name: 'tracker.run-due',
  payload: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  async handler(_payload, _context, deps) {
    const runtime = deps.crawl;
    const { db, clock } = runtime;
    const dueBefore = new Date(clock.now().getTime() - TRACKING_INTERVAL_HOURS * 3600 * 1000);
    const trackedPages = createTrackedPagesRepository(db);
    const projectsRepo = createProjectsRepository(db);
    const projectIds = await trackedPages.projectsWithDuePages(dueBefore);
    const crawl = createCrawlService({
      db,
      clock,
      jobs: runtime.jobs,
      access: createProjectAccess(projectsRepo),
    });
    let started = 0;
    for (const id of projectIds) {
      if (await crawl.isRunning(id)) continue;
      const project = await projectsRepo.findById(id);
      if (!project) continue;
      const seeds = await trackedPages.duePages(id, dueBefore, MAX_URLS_PER_PROJECT);
      if (seeds.length === 0) continue;
      await crawl.refetch(project, seeds);
      started += 1;
    }
    return { projects: started };
  },
});

/** Puts the tracking round on pg-boss's schedule (idempotent: one schedule per queue name). */
export async function scheduleContentTracking(queue: Pick<JobQueue, 'boss'>): Promise<void> {
  await queue.boss.schedule(trackerRunDueJob.name, TRACKING_CRON, {});
}
