import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { attemptDelivery } from './webhook-delivery';

/**
 * One attempt of one webhook delivery. A failed attempt queues the next itself, after an
 * exponentially growing wait (webhook-delivery.ts), so each attempt is recorded with its answer;
 * pg-boss's own retry covers only a worker lost mid-attempt.
 */
export const webhookDeliverJob = defineJob({
  name: 'webhook.deliver',
  payload: z.object({ deliveryId: z.uuid() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60,
  async handler(data, _context, deps) {
    return attemptDelivery(deps.webhooks, data.deliveryId);
  },
});
