import {
  assignCollaboratorRequestSchema,
  collaboratorAssignedListRequestSchema,
  collaboratorAssignedListResponseSchema,
  collaboratorAssignmentResponseSchema,
  removeCollaboratorRequestSchema,
  removeCollaboratorResponseSchema,
} from '../api/collaborators';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['collaborators'], security: TOKEN_ONLY } as const;

/** Collaborator calls of spec §7 "Multi-domain" (paths spelled as the spec has them). */
export const collaboratorEndpoints = {
  assign: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/domains/assignColloborator',
    summary: 'Assign a collaborator to a project: every domain (no domainIds) or the listed ones',
    request: assignCollaboratorRequestSchema,
    response: collaboratorAssignmentResponseSchema,
    failures: [400, 401, 403, 404],
  }),
  assigned: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/domains/getCollaboratorAssignedList',
    summary: "The project's collaborators and their domains (a collaborator: its own assignment)",
    request: collaboratorAssignedListRequestSchema,
    response: collaboratorAssignedListResponseSchema,
    failures: [400, 401, 403, 404],
  }),
  remove: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/domains/onMultiDomainColloboratorDelete',
    summary: 'Remove a collaborator from one domain (domainId) or from the project',
    request: removeCollaboratorRequestSchema,
    response: removeCollaboratorResponseSchema,
    failures: [400, 401, 403, 404],
  }),
};
