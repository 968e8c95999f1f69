import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, uiConfigSchema, userCheckQuerySchema, userCheckResponseSchema } from '@bhasha/contract';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { presentSessionUser } from '../users/users.presenter';

/** Authentication calls of spec §7. */
export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/auth/fetchUIEndpoints',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'UI configuration', response: { 200: envelopeOf(uiConfigSchema) } },
    },
    async () => ok(services.uiConfig),
  );

  app.get(
    '/user/check/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Verify the token and answer the signed-in user',
        querystring: userCheckQuerySchema,
        response: { 200: envelopeOf(userCheckResponseSchema) },
      },
    },
    async (request) => {
      const user = await services.users.getSessionUser(request.principal!.id);
      return ok({ user: presentSessionUser(user) });
    },
  );
};
