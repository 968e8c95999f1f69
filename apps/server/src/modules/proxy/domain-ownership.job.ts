import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/job-queue';
import { createProjectAccess } from '../projects/project-access';
import { createProjectsRepository } from '../projects/projects.repository';
import { createTxtResolver } from './dns-txt-resolver';
import { createDomainOwnershipRepository } from './domain-ownership.repository';
import { createDomainOwnershipService } from './domain-ownership.service';

/** Every hour, the verified domains not checked for six hours are checked again. */
export const OWNERSHIP_RECHECK_CRON = '41 * * * *';

/**
 * The periodic re-check of domain ownership (ADR 0028): a domain whose proof is gone lapses after
 * a few failed checks in a row, and the proxy stops serving it for the project.
 */
export const domainOwnershipRecheckJob = defineJob({
  name: 'proxy.domain-ownership-recheck',
  payload: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 300, backoff: false },
  async handler(_payload, _context, deps) {
    const runtime = deps.crawl;
    const service = createDomainOwnershipService({
      repository: createDomainOwnershipRepository(runtime.db),
      access: createProjectAccess(createProjectsRepository(runtime.db)),
      clock: runtime.clock,
      resolver: createTxtResolver(),
      // The worker's crawl fetcher: guarded as the deployment says, and kept open for the crawls.
      createFetcher: () => ({ fetchResource: runtime.fetcher.fetchResource, close: () => Promise.resolve() }),
    });
    return service.recheckDue();
  },
});

/** Puts the re-check on pg-boss's schedule (idempotent: one schedule per queue name). */
export async function scheduleDomainOwnershipRecheck(queue: Pick<JobQueue, 'boss'>): Promise<void> {
  await queue.boss.schedule(domainOwnershipRecheckJob.name, OWNERSHIP_RECHECK_CRON, {});
}
