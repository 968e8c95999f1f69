import type { RequestAt } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** The organisation's outgoing webhooks (ADR 0043), one function per call. */
export const webhooksApi = {
  list: () => apiClient.call('webhook/list', { body: {} }),
  create: (body: RequestAt<'webhook/create'>) => apiClient.call('webhook/create', { body }),
  setActive: (endpointId: string, isActive: boolean) =>
    apiClient.call('webhook/update', { body: { endpointId, isActive } }),
  remove: (endpointId: string) => apiClient.call('webhook/delete', { body: { endpointId } }),
  sendTest: (endpointId: string) => apiClient.call('webhook/test', { body: { endpointId } }),
  deliveries: (endpointId: string, pageNumber: number, pageSize: number) =>
    apiClient.call('webhook/deliveries', { body: { endpointId, pageNumber, pageSize } }),
};
