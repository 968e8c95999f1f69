import { z } from 'zod';
import {
  webhookCreateRequestSchema,
  webhookCreateResponseSchema,
  webhookDeliveriesRequestSchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointRequestSchema,
  webhookEndpointResponseSchema,
  webhookListRequestSchema,
  webhookListResponseSchema,
  webhookTestResponseSchema,
  webhookUpdateRequestSchema,
} from '../api/webhooks';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = {
  tags: ['webhooks'],
  security: TOKEN_ONLY,
  method: 'POST',
  failures: [400, 403, 404],
} as const;

/** Outgoing webhooks: endpoints, their once-shown secrets, deliveries and test events (ADR 0043). */
export const webhookEndpoints = {
  list: defineEndpoint({
    ...common,
    path: '/webhook/list',
    summary:
      "The organisation's webhook endpoints (secrets are never listed) and the events they can receive",
    request: webhookListRequestSchema,
    response: webhookListResponseSchema,
  }),
  create: defineEndpoint({
    ...common,
    path: '/webhook/create',
    summary: 'Register an HTTPS endpoint for events; answers its signing secret, shown only this once',
    request: webhookCreateRequestSchema,
    response: webhookCreateResponseSchema,
  }),
  update: defineEndpoint({
    ...common,
    path: '/webhook/update',
    summary: "Change an endpoint's URL, events, description, or pause and resume it",
    request: webhookUpdateRequestSchema,
    response: webhookEndpointResponseSchema,
  }),
  remove: defineEndpoint({
    ...common,
    path: '/webhook/delete',
    summary: 'Delete an endpoint and its delivery history',
    request: webhookEndpointRequestSchema,
    response: z.object({}),
  }),
  deliveries: defineEndpoint({
    ...common,
    path: '/webhook/deliveries',
    summary: "An endpoint's deliveries, newest first, with attempts and the endpoint's answers",
    request: webhookDeliveriesRequestSchema,
    response: webhookDeliveriesResponseSchema,
  }),
  test: defineEndpoint({
    ...common,
    path: '/webhook/test',
    summary: 'Send a webhook.test event to the endpoint (signed and retried like any delivery)',
    request: webhookEndpointRequestSchema,
    response: webhookTestResponseSchema,
  }),
};
