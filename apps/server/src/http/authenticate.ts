import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER, TIMEZONE_HEADER } from '@bhasha/contract';
import { AppError } from '../lib/app-error';
import type { SessionService } from '../modules/auth/session.service';
import { readToken } from '../modules/auth/session.service';
import { isAllowed } from './access';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Enforces each route's declared access rule. Routes under /api must declare one: a route
 * without it fails at start-up, so no route is reachable by accident.
 */
export function registerAuthentication(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
  });

  // onRequest runs before the body is parsed and validated: an anonymous caller learns nothing.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = readToken(headerValue(request.headers[AUTH_HEADER]));
    if (!token) throw AppError.unauthorized();
    request.principal = await sessions.authenticate(token, headerValue(request.headers[TIMEZONE_HEADER]));
    if (!isAllowed(access, request.principal)) throw AppError.forbidden();
  });
}
