import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { IGNORE_PATTERN_RESULT_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from './projects.policy';

const api = endpoints.ignorePatterns;

/** ignore-pattern calls of spec §7 "Project settings": segment texts the extractor skips. */
export const ignorePatternsRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'ignorePatterns'>;
}> = (app, { services }, done) => {
  const ignorePatterns = services.ignorePatterns;

  defineRoute(app, api.add, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(
        await ignorePatterns.add(request.principal!, request.body.projectId, request.body.pattern),
        IGNORE_PATTERN_RESULT_MESSAGES.added,
      ),
  });

  defineRoute(app, api.list, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(await ignorePatterns.list(request.principal!, projectId, { pageNumber, pageSize }));
    },
  });

  defineRoute(app, api.remove, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(
        await ignorePatterns.remove(request.principal!, request.body.projectId, request.body.ids),
        IGNORE_PATTERN_RESULT_MESSAGES.deleted,
      ),
  });

  done();
};
