import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ROLES, WEBHOOK_MESSAGES, WEBHOOK_SUBSCRIBABLE_EVENTS, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { presentDelivery, presentEndpoint } from './webhooks.presenter';

/** Organisation admins manage their organisation's webhooks; super admins any organisation's. */
const WEBHOOK_ADMINS = [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;
const config = { access: WEBHOOK_ADMINS, ownOrganisation: true };
const api = endpoints.webhooks;

/** Outgoing webhooks: endpoints, their once-shown secrets, deliveries and test events (ADR 0043). */
export const webhooksRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'webhooks'> }> = (
  app,
  { services },
  done,
) => {
  const webhooks = services.webhooks;

  defineRoute(app, api.list, {
    ...config,
    handler: async (request) => {
      const rows = await webhooks.list(request.principal!, request.body.organisationId);
      return ok({ endpoints: rows.map(presentEndpoint), events: [...WEBHOOK_SUBSCRIBABLE_EVENTS] });
    },
  });

  defineRoute(app, api.create, {
    ...config,
    handler: async (request) => {
      const { endpoint, secret } = await webhooks.create(request.principal!, request.body);
      return ok({ endpoint: presentEndpoint(endpoint), secret }, WEBHOOK_MESSAGES.created);
    },
  });

  defineRoute(app, api.update, {
    ...config,
    handler: async (request) => {
      const endpoint = await webhooks.update(request.principal!, request.body);
      return ok({ endpoint: presentEndpoint(endpoint) }, WEBHOOK_MESSAGES.updated);
    },
  });

  defineRoute(app, api.remove, {
    ...config,
    handler: async (request) => {
      await webhooks.remove(request.principal!, request.body.endpointId);
      return ok({}, WEBHOOK_MESSAGES.deleted);
    },
  });

  defineRoute(app, api.deliveries, {
    ...config,
    handler: async (request) => {
      const { rows, total } = await webhooks.deliveries(request.principal!, request.body);
      return ok({ deliveries: rows.map(presentDelivery), total });
    },
  });

  defineRoute(app, api.test, {
    ...config,
    handler: async (request) => {
      const delivery = await webhooks.sendTest(request.principal!, request.body.endpointId);
      return ok({ delivery: presentDelivery(delivery) }, WEBHOOK_MESSAGES.testQueued);
    },
  });
  done();
};
