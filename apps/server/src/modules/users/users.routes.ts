import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, contractAgreementRequestSchema, contractAgreementResponseSchema } from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { presentSessionUser } from './users.presenter';

/** User calls of spec §7 "Users" (more arrive with the users feature). */
export const usersRoutes: FastifyPluginCallbackZod<{ services: Services }> = (app, { services }, done) => {
  app.post(
    '/user/edit',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: "Contract acceptance: the caller's apikey and updateObj {contractAgreed: true}",
        security: [{ token: [] }],
        body: contractAgreementRequestSchema,
        response: responses(contractAgreementResponseSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const user = await services.users.agreeToContract(request.principal!.id, request.body.apikey);
      return ok({ user: presentSessionUser(user) }, AUTH_MESSAGES.contractAgreed);
    },
  );
  done();
};
