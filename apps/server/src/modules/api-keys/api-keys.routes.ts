import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { API_KEY_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { API_KEY_MANAGER_ROLES } from './api-keys.policy';

const api = endpoints.apiKeys;
const config = { access: API_KEY_MANAGER_ROLES, ownOrganisation: true } as const;

/** Organisation API keys for machines and the audit log of their calls (ADR 0042). */
export const apiKeysRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'apiKeys'> }> = (
  app,
  { services },
  done,
) => {
  const apiKeys = services.apiKeys;

  defineRoute(app, api.list, {
    ...config,
    handler: async (request) => ok(await apiKeys.list(request.principal!)),
  });

  defineRoute(app, api.create, {
    ...config,
    handler: async (request) =>
      ok(await apiKeys.create(request.principal!, request.body), API_KEY_MESSAGES.created),
  });

  defineRoute(app, api.revoke, {
    ...config,
    handler: async (request) =>
      ok(await apiKeys.revoke(request.principal!, request.params.keyId), API_KEY_MESSAGES.revoked),
  });

  defineRoute(app, api.audit, {
    ...config,
    handler: async (request) => ok(await apiKeys.audit(request.principal!, request.query)),
  });

  done();
};
