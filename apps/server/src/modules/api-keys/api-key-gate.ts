import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, ORGANISATION_PLANS, ROLES } from '@bhasha/contract';
import type { Principal, RouteAccess } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { hasOrganisationApiKeyPrefix } from './api-key-secret';
import { requiredApiKeyScope, scopesGrant } from './api-key-scopes';
import { knownScopes } from './api-keys.presenter';
import type { ApiKeysService } from './api-keys.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation key a request carried, once identified: its call goes to the audit log. */
    apiKeyUse: { keyId: string; organisationId: string } | null;
  }
}

/** Turns an organisation API key into the caller of one request, or refuses it. */
export interface ApiKeyGate {
  /** True for a credential with the organisation key prefix (never tried as a user key). */
  isOrganisationKey(credential: string): boolean;
  /** Identifies the key, limits its rate, checks it is live and scoped for the route. */
  authenticate(credential: string, request: FastifyRequest, access: RouteAccess): Promise<Principal>;
}

export interface ApiKeyGateDeps {
  service: ApiKeysService;
  background: BackgroundTasks;
  /** Calls per minute one key may make. */
  perKeyPerMinute: number;
}

function projectIdOf(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null || !('projectId' in source)) return undefined;
  const value = source.projectId;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Installs what requests made with organisation keys need: the per-key rate limit, the project
 * restriction (checked once the body is parsed) and the audit row written after each answer.
 */
export function registerApiKeyGate(app: FastifyInstance, deps: ApiKeyGateDeps): ApiKeyGate {
  const { service, background } = deps;
  app.decorateRequest('apiKeyUse', null);
  const limit = app.createRateLimit({
    max: deps.perKeyPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.apiKeyUse?.keyId ?? ''}`,
  });

  // The project a restricted key may touch must be the one the call names (params, body or query).
  app.addHook('preHandler', (request, _reply, next) => {
    const projectId = request.principal?.apiKey?.projectId;
    if (!projectId) return next();
    const named = [projectIdOf(request.params), projectIdOf(request.body), projectIdOf(request.query)].filter(
      (id): id is string => id !== undefined,
    );
    if (named.length === 0) return next(AppError.forbidden(API_KEY_MESSAGES.projectRequired));
    if (named.some((id) => id !== projectId))
      return next(AppError.forbidden(API_KEY_MESSAGES.projectRestricted));
    next();
  });

  // Every answer to a call with an identified key is recorded, refusals included.
  app.addHook('onResponse', async (request, reply) => {
    const use = request.apiKeyUse;
    if (!use) return;
    const row = {
      apiKeyId: use.keyId,
      organisationId: use.organisationId,
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
      statusCode: reply.statusCode,
      clientAddress: request.ip || null,
    };
    background.run('api-key audit', () => service.recordCall(row));
  });

  return {
    isOrganisationKey: hasOrganisationApiKeyPrefix,

    async authenticate(credential, request, access) {
      const key = await service.identify(credential);
      request.apiKeyUse = { keyId: key.id, organisationId: key.organisationId };
      const rate = await limit(request);
      if (!rate.isAllowed && rate.isExceeded) throw AppError.tooManyRequests(API_KEY_MESSAGES.rateLimited);
      service.assertLive(key);
      const needed = requiredApiKeyScope(request.method, request.routeOptions.url ?? '', access);
      if (!needed) throw AppError.forbidden(API_KEY_MESSAGES.notForKeys);
      const scopes = knownScopes(key.scopes);
      if (!scopesGrant(scopes, needed)) throw AppError.forbidden(API_KEY_MESSAGES.scopeMissing(needed));
      if (service.isLastUsedStale(key))
        background.run('api-key last used', () => service.touchLastUsed(key.id));
      return {
        id: key.createdBy,
        role: key.organisationPlan === ORGANISATION_PLANS.free ? ROLES.freeOrgAdmin : ROLES.organisationAdmin,
        organisationId: key.organisationId,
        apiKey: { id: key.id, scopes, projectId: key.projectId },
      };
    },
  };
}
