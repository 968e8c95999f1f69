import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/job-queue';
import { createApiKeysRepository } from './api-keys.repository';
import { createApiKeysService } from './api-keys.service';

/** Every day at 03:17, audit rows past the retention period are deleted. */
export const AUDIT_PRUNE_CRON = '17 3 * * *';

/** Deletes API key audit rows older than 90 days (ADR 0042). */
export const apiKeyAuditPruneJob = defineJob({
  name: 'api-keys.prune-audit',
  payload: z.object({}).passthrough(),
  retry: { limit: 1, delaySeconds: 600, backoff: false },
  async handler(_payload, _context, deps) {
    const runtime = deps.crawl;
    const service = createApiKeysService({
      repository: createApiKeysRepository(runtime.db),
      clock: runtime.clock,
    });
    return { deleted: await service.pruneAudit() };
  },
});

/** Puts the prune on pg-boss's schedule (idempotent: one schedule per queue name). */
export async function scheduleApiKeyAuditPrune(queue: Pick<JobQueue, 'boss'>): Promise<void> {
  await queue.boss.schedule(apiKeyAuditPruneJob.name, AUDIT_PRUNE_CRON, {});
}
