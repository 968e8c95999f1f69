import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import { createWebhookEvents } from './webhook-events';
import { createWebhooksRepository } from './webhooks.repository';
import { createWebhooksService } from './webhooks.service';

/** The webhook services of the app: management for admins, and the events features emit. */
export function createWebhooksServices(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'send'> | null;
  clock: Clock;
  allowPrivateNetwork: boolean;
}) {
  const webhookEvents = createWebhookEvents({ db: deps.db, jobs: deps.jobs });
  return {
    webhookEvents,
    webhooks: createWebhooksService({
      repository: createWebhooksRepository(deps.db),
      events: webhookEvents,
      clock: deps.clock,
      allowPrivateNetwork: deps.allowPrivateNetwork,
    }),
  };
}
