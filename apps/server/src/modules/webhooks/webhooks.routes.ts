import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SUBSCRIBABLE_EVENTS,
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
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { presentDelivery, presentEndpoint } from './webhooks.presenter';

/** Organisation admins manage their organisation's webhooks; super admins any organisation's. */
const WEBHOOK_ADMINS = [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;
const config = { access: WEBHOOK_ADMINS, ownOrganisation: true };
const tags = ['webhooks'];
const security = [{ token: [] }];

/** Outgoing webhooks: endpoints, their once-shown secrets, deliveries and test events (ADR 0043). */
export const webhooksRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'webhooks'> }> = (
  app,
  { services },
  done,
) => {
  const webhooks = services.webhooks;

  app.post(
    '/webhook/list',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "The organisation's webhook endpoints (secrets are never listed) and the events they can receive",
        body: webhookListRequestSchema,
        response: responses(webhookListResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const rows = await webhooks.list(request.principal!, request.body.organisationId);
      return ok({ endpoints: rows.map(presentEndpoint), events: [...WEBHOOK_SUBSCRIBABLE_EVENTS] });
    },
  );

  app.post(
    '/webhook/create',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Register an HTTPS endpoint for events; answers its signing secret, shown only this once',
        body: webhookCreateRequestSchema,
        response: responses(webhookCreateResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const { endpoint, secret } = await webhooks.create(request.principal!, request.body);
      return ok({ endpoint: presentEndpoint(endpoint), secret }, WEBHOOK_MESSAGES.created);
    },
  );

  app.post(
    '/webhook/update',
    {
      config,
      schema: {
        tags,
        security,
        summary: "Change an endpoint's URL, events, description, or pause and resume it",
        body: webhookUpdateRequestSchema,
        response: responses(webhookEndpointResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const endpoint = await webhooks.update(request.principal!, request.body);
      return ok({ endpoint: presentEndpoint(endpoint) }, WEBHOOK_MESSAGES.updated);
    },
  );

  app.post(
    '/webhook/delete',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete an endpoint and its delivery history',
        body: webhookEndpointRequestSchema,
        response: responses(z.object({}), 400, 403, 404),
      },
    },
    async (request) => {
      await webhooks.remove(request.principal!, request.body.endpointId);
      return ok({}, WEBHOOK_MESSAGES.deleted);
    },
  );

  app.post(
    '/webhook/deliveries',
    {
      config,
      schema: {
        tags,
        security,
        summary: "An endpoint's deliveries, newest first, with attempts and the endpoint's answers",
        body: webhookDeliveriesRequestSchema,
        response: responses(webhookDeliveriesResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const { rows, total } = await webhooks.deliveries(request.principal!, request.body);
      return ok({ deliveries: rows.map(presentDelivery), total });
    },
  );

  app.post(
    '/webhook/test',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Send a webhook.test event to the endpoint (signed and retried like any delivery)',
        body: webhookEndpointRequestSchema,
        response: responses(webhookTestResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const delivery = await webhooks.sendTest(request.principal!, request.body.endpointId);
      return ok({ delivery: presentDelivery(delivery) }, WEBHOOK_MESSAGES.testQueued);
    },
  );
  done();
};
