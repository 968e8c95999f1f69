import type { WebhookCreateRequest, WebhookDelivery, WebhookEndpoint } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The organisation's outgoing webhooks (ADR 0043), one function per call. */
export const webhooksApi = {
  list: () =>
    apiClient.call<{ endpoints: WebhookEndpoint[]; events: string[] }>('webhook/list', { body: {} }),
  create: (body: WebhookCreateRequest) =>
    apiClient.call<{ endpoint: WebhookEndpoint; secret: string }>('webhook/create', { body }),
  setActive: (endpointId: string, isActive: boolean) =>
    apiClient.call<{ endpoint: WebhookEndpoint }>('webhook/update', { body: { endpointId, isActive } }),
  remove: (endpointId: string) => apiClient.call<unknown>('webhook/delete', { body: { endpointId } }),
  sendTest: (endpointId: string) =>
    apiClient.call<{ delivery: WebhookDelivery }>('webhook/test', { body: { endpointId } }),
  deliveries: (endpointId: string, pageNumber: number, pageSize: number) =>
    apiClient.call<{ deliveries: WebhookDelivery[]; total: number }>('webhook/deliveries', {
      body: { endpointId, pageNumber, pageSize },
    }),
};
