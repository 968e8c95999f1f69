import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  API_KEY_MESSAGES,
  apiKeyAuditRequestSchema,
  apiKeyAuditResponseSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { API_KEY_MANAGER_ROLES } from './api-keys.policy';

const tags = ['api-keys'];
const security = [{ token: [] }];
const config = { access: API_KEY_MANAGER_ROLES, ownOrganisation: true } as const;

/** Organisation API keys for machines and the audit log of their calls (ADR 0042). */
export const apiKeysRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'apiKeys'> }> = (
  app,
  { services },
  done,
) => {
  const apiKeys = services.apiKeys;

  app.get(
    '/organisation/api-keys',
    {
      config,
      schema: {
        tags,
        security,
        summary: "The organisation's API keys, newest first (prefixes only, never secrets)",
        response: responses(apiKeyListResponseSchema, 401, 403),
      },
    },
    async (request) => ok(await apiKeys.list(request.principal!)),
  );

  app.post(
    '/organisation/api-keys',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Create an API key: name, scopes, optional expiry and project; the secret is answered once',
        body: createApiKeyRequestSchema,
        response: responses(createApiKeyResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => ok(await apiKeys.create(request.principal!, request.body), API_KEY_MESSAGES.created),
  );

  app.post(
    '/organisation/api-keys/:keyId/revoke',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Revoke an API key: it stops working at once',
        params: apiKeyIdParamsSchema,
        response: responses(revokeApiKeyResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) =>
      ok(await apiKeys.revoke(request.principal!, request.params.keyId), API_KEY_MESSAGES.revoked),
  );

  app.get(
    '/organisation/api-keys/audit',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A page of the calls made with the organisation’s API keys, newest first (kept 90 days)',
        querystring: apiKeyAuditRequestSchema,
        response: responses(apiKeyAuditResponseSchema, 400, 401, 403),
      },
    },
    async (request) => ok(await apiKeys.audit(request.principal!, request.query)),
  );

  done();
};
