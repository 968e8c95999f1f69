import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  COLLABORATOR_MESSAGES,
  assignCollaboratorRequestSchema,
  collaboratorAssignedListRequestSchema,
  collaboratorAssignedListResponseSchema,
  collaboratorAssignmentResponseSchema,
  removeCollaboratorRequestSchema,
  removeCollaboratorResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { COLLABORATOR_MANAGER_ROLES, COLLABORATOR_READER_ROLES } from './collaborators.policy';

const tags = ['collaborators'];
const security = [{ token: [] }];

/** Collaborator assignment calls of spec §7 "Multi-domain" (paths spelled as the spec has them). */
export const collaboratorsRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'collaborators'> }> = (
  app,
  { services },
  done,
) => {
  const collaborators = services.collaborators;

  app.post(
    '/domains/assignColloborator',
    {
      config: { access: COLLABORATOR_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Assign a collaborator to a project: every domain (no domainIds) or the listed ones',
        body: assignCollaboratorRequestSchema,
        response: responses(collaboratorAssignmentResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const assignment = await collaborators.assign(request.principal!, request.body);
      return ok({ assignment }, COLLABORATOR_MESSAGES.assigned);
    },
  );

  app.post(
    '/domains/getCollaboratorAssignedList',
    {
      config: { access: COLLABORATOR_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "The project's collaborators and their domains (a collaborator: its own assignment)",
        body: collaboratorAssignedListRequestSchema,
        response: responses(collaboratorAssignedListResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const list = await collaborators.list(request.principal!, request.body.projectId);
      return ok({ collaborators: list, total: list.length });
    },
  );

  app.post(
    '/domains/onMultiDomainColloboratorDelete',
    {
      config: { access: COLLABORATOR_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Remove a collaborator from one domain (domainId) or from the project',
        body: removeCollaboratorRequestSchema,
        response: responses(removeCollaboratorResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { projectId, userId } = request.body;
      const assignment = await collaborators.remove(request.principal!, request.body);
      return ok({ projectId, userId, assignment }, COLLABORATOR_MESSAGES.removed);
    },
  );
  done();
};
