import { webhookDeliverJob } from './webhook-delivery.job';
import type { WebhookRuntime } from './webhook-runtime';
import { createWebhooksRepository } from './webhooks.repository';

/** The body a delivery sends, the same bytes on every attempt (its signature covers them). */
export function deliveryBody(delivery: {
  id: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: delivery.id,
    createdAt: delivery.createdAt.toISOString(),
    ...delivery.payload,
  });
}

/**
 * Makes the next attempt of a delivery and records it: a 2xx answer succeeds; another answer or
 * no answer is tried again after firstRetrySeconds × 2^(attempt − 1) until maxAttempts; a private
 * address the deployment does not allow fails at once (it would fail the same way every time).
 */
export async function attemptDelivery(runtime: WebhookRuntime, deliveryId: string) {
  const repository = createWebhooksRepository(runtime.db);
  const delivery = await repository.findDelivery(deliveryId);
  if (!delivery || delivery.status !== 'pending') return { status: delivery?.status ?? 'missing' };
  // The delivery row names its endpoint: no organisation filter is needed to find it.
  const endpoint = await repository.findEndpoint(null, delivery.endpointId);
  if (!endpoint) return { status: 'missing' };
  const now = runtime.clock.now();
  const attempts = delivery.attempts + 1;
  const outcome = await runtime.sender.send({
    url: endpoint.url,
    secret: endpoint.secret,
    event: delivery.event,
    deliveryId: delivery.id,
    rawBody: deliveryBody(delivery),
    now,
  });
  const succeeded = outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;
  const canRetry = !succeeded && outcome.kind !== 'refused' && attempts < runtime.retry.maxAttempts;
  const waitSeconds = runtime.retry.firstRetrySeconds * 2 ** (attempts - 1);
  await repository.recordAttempt(delivery.id, {
    status: succeeded ? 'succeeded' : canRetry ? 'pending' : 'failed',
    attempts,
    responseStatus: outcome.kind === 'answered' ? outcome.status : null,
    responseBody: outcome.kind === 'answered' ? outcome.body : null,
    error:
      outcome.kind === 'answered'
        ? succeeded
          ? null
          : `The endpoint answered ${outcome.status}`
        : outcome.error,
    nextAttemptAt: canRetry ? new Date(now.getTime() + waitSeconds * 1000) : null,
    deliveredAt: succeeded ? now : null,
  });
  if (canRetry)
    await runtime.jobs.send(
      webhookDeliverJob,
      { deliveryId: delivery.id },
      { singletonKey: `${delivery.id}:${attempts + 1}`, startAfterSeconds: waitSeconds },
    );
  else if (!succeeded)
    runtime.log.info({ deliveryId, attempts, outcome: outcome.kind }, 'webhook delivery given up');
  return { status: succeeded ? 'succeeded' : canRetry ? 'pending' : 'failed', attempts };
}
