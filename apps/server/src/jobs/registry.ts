import type { JobDefinition } from './define-job';
import { crawlJobDefinitions } from '../modules/crawl/crawl.job';
import { projectDeleteJob, projectRecountJob } from '../modules/projects/projects.job';
import { trackerRunDueJob } from '../modules/crawl/tracker.job';
import { nmtApplyJob } from '../modules/machine-translation/machine-translation.job';
import { domainOwnershipRecheckJob } from '../modules/proxy/domain-ownership.job';
import { tmxImportJob } from '../modules/translation-memory/tmx-import.job';
import { apiKeyAuditPruneJob } from '../modules/api-keys/api-keys.job';
import { webhookDeliverJob } from '../modules/webhooks/webhook-delivery.job';

/**
 * Every job the worker role runs. Features add their `*.job.ts` definitions here; the list is
 * also used by web-only processes to create the queues they send to.
 */
export const jobDefinitions: JobDefinition[] = [
  ...crawlJobDefinitions,
  projectDeleteJob,
  projectRecountJob,
  trackerRunDueJob,
  nmtApplyJob,
  tmxImportJob,
  domainOwnershipRecheckJob,
  apiKeyAuditPruneJob,
  webhookDeliverJob,
];
