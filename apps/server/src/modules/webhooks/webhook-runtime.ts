import { WEBHOOK_MAX_ATTEMPTS } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import { silentLogger, type Logger } from '../../lib/logger';
import { createWebhookSender, type WebhookSender } from './webhook-sender';

export interface WebhookRetrySettings {
  /** Wait before the second attempt; each later one waits twice as long as the one before. */
  firstRetrySeconds: number;
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, 4 min, 8 min: six attempts over about a quarter of an hour. */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetrySettings = {
  firstRetrySeconds: 30,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
};

/** What webhook delivery jobs run with in this process. */
export interface WebhookRuntime {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  sender: WebhookSender;
  retry: WebhookRetrySettings;
  log: Logger;
}

/** The runtime of a server process. */
export function createWebhookRuntime(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  allowPrivateNetwork: boolean;
  log?: Logger;
  retry?: Partial<WebhookRetrySettings>;
  timeoutMs?: number;
}): WebhookRuntime {
  return {
    db: deps.db,
    jobs: deps.jobs,
    clock: deps.clock,
    sender: createWebhookSender({
      allowPrivateNetwork: deps.allowPrivateNetwork,
      timeoutMs: deps.timeoutMs ?? 10_000,
    }),
    retry: { ...DEFAULT_WEBHOOK_RETRY, ...deps.retry },
    log: deps.log ?? silentLogger,
  };
}
