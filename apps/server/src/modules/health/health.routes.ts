import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';

/** Liveness and readiness: answers only when the database answers. */
export const healthRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'config' | 'handle'> }> = (
  app,
  { services },
  done,
) => {
  defineRoute(app, endpoints.health.check, {
    access: 'public',
    rateLimit: false,
    handler: async () => {
      await services.handle.executeSql('SELECT 1');
      return ok({ status: 'ok' as const, database: services.handle.kind, roles: services.config.env.ROLES });
    },
  });
  done();
};
