import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@bhasha/contract';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  roles: z.array(z.string()),
});

/** Liveness and readiness: answers only when the database answers. */
export const healthRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'config' | 'handle'> }> = (
  app,
  { services },
  done,
) => {
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['system'], summary: 'Health check', response: { 200: envelopeOf(healthSchema) } },
    },
    async () => {
      await services.handle.executeSql('SELECT 1');
      return ok({ status: 'ok' as const, database: services.handle.kind, roles: services.config.env.ROLES });
    },
  );
  done();
};
