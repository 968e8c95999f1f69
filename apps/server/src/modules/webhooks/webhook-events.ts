import type { WEBHOOK_SUBSCRIBABLE_EVENTS, WebhookEvent } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import { webhookDeliverJob } from './webhook-delivery.job';
import {
  createWebhooksRepository,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

type SubscribableEvent = (typeof WEBHOOK_SUBSCRIBABLE_EVENTS)[number];

/**
 * Where features announce what happened: `emit` stores one delivery per subscribed endpoint of
 * the organisation and queues its first attempt. The event's own work is never held up or undone
 * by a webhook: a failure to queue is logged by the caller's catch, not thrown into its flow.
 */
export function createWebhookEvents(deps: { db: Database; jobs: Pick<JobQueue, 'send'> | null }) {
  const repository = createWebhooksRepository(deps.db);

  async function queue(
    organisationId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
    endpoints: WebhookEndpointRow[],
  ): Promise<WebhookDeliveryRow[]> {
    if (endpoints.length === 0 || !deps.jobs) return [];
    const deliveries = await repository.insertDeliveries(
      endpoints.map((endpoint) => ({
        organisationId,
        endpointId: endpoint.id,
        event,
        payload: { event, organisationId, data },
      })),
    );
    for (const delivery of deliveries)
      await deps.jobs.send(
        webhookDeliverJob,
        { deliveryId: delivery.id },
        { singletonKey: `${delivery.id}:1` },
      );
    return deliveries;
  }

  return {
    /** Sends the event to every active endpoint of the organisation that subscribed to it. */
    async emit(
      organisationId: string,
      event: SubscribableEvent,
      data: Record<string, unknown>,
    ): Promise<number> {
      const endpoints = await repository.subscribers(organisationId, event);
      return (await queue(organisationId, event, data, endpoints)).length;
    },
    /** Sends one event to one endpoint whatever it subscribed to ("send test event"). */
    async emitTo(endpoint: WebhookEndpointRow, event: WebhookEvent, data: Record<string, unknown>) {
      const [delivery] = await queue(endpoint.organisationId, event, data, [endpoint]);
      return delivery ?? null;
    },
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
