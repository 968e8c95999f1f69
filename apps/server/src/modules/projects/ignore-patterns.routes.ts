import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  IGNORE_PATTERN_RESULT_MESSAGES,
  addIgnorePatternRequestSchema,
  deleteIgnorePatternsRequestSchema,
  deleteIgnorePatternsResponseSchema,
  fetchIgnorePatternsRequestSchema,
  ignorePatternItemSchema,
  ignorePatternsResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from './projects.policy';

const tags = ['project settings'];
const security = [{ token: [] }];

/** ignore-pattern calls of spec §7 "Project settings": segment texts the extractor skips. */
export const ignorePatternsRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'ignorePatterns'>;
}> = (app, { services }, done) => {
  const ignorePatterns = services.ignorePatterns;

  app.post(
    '/ignore-pattern/add',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          'Add an ignore pattern: exact text, or `/regex/flags` (checked: compiles, no nested repetition)',
        body: addIgnorePatternRequestSchema,
        response: responses(ignorePatternItemSchema, 400, 404, 409),
      },
    },
    async (request) =>
      ok(
        await ignorePatterns.add(request.principal!, request.body.projectId, request.body.pattern),
        IGNORE_PATTERN_RESULT_MESSAGES.added,
      ),
  );

  app.post(
    '/ignore-pattern/fetchIgnorePatterns',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "A project's ignore patterns, paged, with their total",
        body: fetchIgnorePatternsRequestSchema,
        response: responses(ignorePatternsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(await ignorePatterns.list(request.principal!, projectId, { pageNumber, pageSize }));
    },
  );

  app.post(
    '/ignore-pattern/deleteIgnorePatterns',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Delete ignore patterns by id',
        body: deleteIgnorePatternsRequestSchema,
        response: responses(deleteIgnorePatternsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await ignorePatterns.remove(request.principal!, request.body.projectId, request.body.ids),
        IGNORE_PATTERN_RESULT_MESSAGES.deleted,
      ),
  );

  done();
};
