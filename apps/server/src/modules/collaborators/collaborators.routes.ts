import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { COLLABORATOR_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { COLLABORATOR_MANAGER_ROLES, COLLABORATOR_READER_ROLES } from './collaborators.policy';

const api = endpoints.collaborators;

/** Collaborator assignment calls of spec §7 "Multi-domain" (paths spelled as the spec has them). */
export const collaboratorsRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'collaborators'> }> = (
  app,
  { services },
  done,
) => {
  const collaborators = services.collaborators;

  defineRoute(app, api.assign, {
    access: COLLABORATOR_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const assignment = await collaborators.assign(request.principal!, request.body);
      return ok({ assignment }, COLLABORATOR_MESSAGES.assigned);
    },
  });

  defineRoute(app, api.assigned, {
    access: COLLABORATOR_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const list = await collaborators.list(request.principal!, request.body.projectId);
      return ok({ collaborators: list, total: list.length });
    },
  });

  defineRoute(app, api.remove, {
    access: COLLABORATOR_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { projectId, userId } = request.body;
      const assignment = await collaborators.remove(request.principal!, request.body);
      return ok({ projectId, userId, assignment }, COLLABORATOR_MESSAGES.removed);
    },
  });
  done();
};
