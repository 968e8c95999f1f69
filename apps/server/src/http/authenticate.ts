import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER, TIMEZONE_HEADER } from '@bhasha/contract';
import { AppError } from '../lib/app-error';
import type { ApiKeyGate } from '../modules/api-keys/api-key-gate';
import type { SessionService } from '../modules/auth/session.service';
import { readToken } from '../modules/auth/session.service';
import { isAllowed, type RouteAccess } from './access';

/** One registered API route and the access it declares: the source of docs/permissions.json. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  ownOrganisation: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order. */
    routeAccessTable: RouteAccessEntry[];
  }
}

/** Header carrying a user's apikey for programmatic access. */
export const APIKEY_HEADER = 'x-api-key';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Enforces each route's declared access rule. Routes under /api must declare one: a route
 * without it fails at start-up, so no route is reachable by accident.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionService,
  /** Organisation API keys (ADR 0042); without it such keys are tried as user keys and fail. */
  organisationKeys?: ApiKeyGate,
): void {
  app.decorateRequest('principal', null);

  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method: String(method),
        url: route.url,
        access,
        ownOrganisation: route.config?.ownOrganisation === true,
      });
    }
  });

  // onRequest runs before the body is parsed and validated: an anonymous caller learns nothing.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = readToken(headerValue(request.headers[AUTH_HEADER]));
    // Programmatic clients may send their apikey instead of a token (x-api-key or apikey header).
    const apikey = headerValue(request.headers[APIKEY_HEADER]) ?? headerValue(request.headers.apikey);
    // An organisation key may come as x-api-key or as a bearer token (CI tools send either).
    const credential = token ?? apikey?.trim();
    if (organisationKeys && credential && organisationKeys.isOrganisationKey(credential)) {
      request.principal = await organisationKeys.authenticate(credential, request, access);
    } else if (token) {
      request.principal = await sessions.authenticate(token, headerValue(request.headers[TIMEZONE_HEADER]));
    } else if (apikey) {
      request.principal = await sessions.authenticateApiKey(apikey.trim());
    } else {
      throw AppError.unauthorized();
    }
    if (!isAllowed(access, request.principal)) throw AppError.forbidden();
  });
}
