import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '@bhasha/contract';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.repository';

/** An endpoint as admins see it: never its secret, only a hint to tell endpoints apart. */
export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    isActive: row.isActive,
    secretHint: `${row.secret.slice(0, 10)}…`,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    payload: row.payload,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
