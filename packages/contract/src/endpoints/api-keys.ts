import {
  apiKeyAuditRequestSchema,
  apiKeyAuditResponseSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '../api/api-keys';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['api-keys'], security: TOKEN_ONLY } as const;

/** Organisation API keys for machines and the audit log of their calls (ADR 0042). */
export const apiKeyEndpoints = {
  list: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/organisation/api-keys',
    summary: "The organisation's API keys, newest first (prefixes only, never secrets)",
    response: apiKeyListResponseSchema,
    failures: [401, 403],
  }),
  create: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/organisation/api-keys',
    summary: 'Create an API key: name, scopes, optional expiry and project; the secret is answered once',
    request: createApiKeyRequestSchema,
    response: createApiKeyResponseSchema,
    failures: [400, 401, 403, 404],
  }),
  revoke: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/organisation/api-keys/:keyId/revoke',
    summary: 'Revoke an API key: it stops working at once',
    params: apiKeyIdParamsSchema,
    response: revokeApiKeyResponseSchema,
    failures: [400, 401, 403, 404],
  }),
  audit: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/organisation/api-keys/audit',
    summary: 'A page of the calls made with the organisation’s API keys, newest first (kept 90 days)',
    query: apiKeyAuditRequestSchema,
    response: apiKeyAuditResponseSchema,
    failures: [400, 401, 403],
  }),
};
