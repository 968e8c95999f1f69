import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  DOWNLOAD_NAMES,
  ERROR_MESSAGES,
  PROJECT_MESSAGES,
  SUGGESTION_UPLOAD_MAX_BYTES,
  TRANSLATION_MESSAGES,
  endpoints,
  formatSuggestionsProcessed,
  projectIdSchema,
} from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import { readSingleFileUpload, singleFileUploadOptions } from '../../http/single-file-upload';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { PROJECT_READER_ROLES } from '../projects/projects.policy';
import { withSpecMessage } from '../translation/translation-context';

const api = endpoints.suggestions;
const readers = { access: PROJECT_READER_ROLES, ownOrganisation: true } as const;
const UPLOAD_NAMES = /\.csv$/i;

const SUGGESTION_CSV_UPLOAD = {
  accepts: (file: { filename: string }) => UPLOAD_NAMES.test(file.filename),
  messages: {
    fileRequired: TRANSLATION_MESSAGES.uploadFileRequired,
    wrongFile: TRANSLATION_MESSAGES.uploadFileRequired,
    tooLarge: TRANSLATION_MESSAGES.uploadTooLarge,
  },
};

/** Reads the `projectId` field and the one CSV file of suggestion/upload, bounded. */
async function readUpload(request: FastifyRequest): Promise<{ projectId: string; text: string }> {
  const { fields, text } = await readSingleFileUpload(request, SUGGESTION_CSV_UPLOAD);
  const parsedId = projectIdSchema.safeParse(fields.get('projectId'));
  if (!parsedId.success) throw AppError.validation([PROJECT_MESSAGES.projectIdInvalid]);
  return { projectId: parsedId.data, text };
}

/** Suggestion and feedback calls of spec §7. */
export const suggestionsRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, 'suggestions'> }> = async (
  app,
  { services },
) => {
  const suggestions = services.suggestions;
  await app.register(multipart, singleFileUploadOptions(SUGGESTION_UPLOAD_MAX_BYTES));

  defineRoute(app, api.filter, {
    ...readers,
    handler: async (request) => ok(await suggestions.filter(request.principal!, request.body)),
  });

  defineRoute(app, api.accept, {
    ...readers,
    handler: async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.suggestionAcceptFailed, request.log, () =>
          suggestions.accept(request.principal!, request.body),
        ),
        TRANSLATION_MESSAGES.suggestionAccepted,
      ),
  });

  defineRoute(app, api.reject, {
    ...readers,
    handler: async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.suggestionRejectFailed, request.log, () =>
          suggestions.reject(request.principal!, request.body),
        ),
        TRANSLATION_MESSAGES.suggestionRejected,
      ),
  });

  defineRoute(app, api.download, {
    ...readers,
    handler: async (request, reply) => {
      const csv = await suggestions.csv(request.principal!, request.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${DOWNLOAD_NAMES.suggestionReport}.csv"`)
        .send(csv);
    },
  });

  defineRoute(app, api.upload, {
    ...readers,
    handler: async (request) => {
      const { projectId, text } = await readUpload(request);
      const result = await suggestions.upload(request.principal!, projectId, text);
      return ok(result, formatSuggestionsProcessed(result.updated, result.noAction));
    },
  });

  defineRoute(app, api.feedback, {
    ...readers,
    handler: async (request) => ok(await suggestions.feedback(request.principal!, request.body)),
  });

  defineRoute(app, api.feedbackCsv, {
    ...readers,
    handler: async (request, reply) => {
      const csv = await suggestions.feedbackCsv(request.principal!, request.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${DOWNLOAD_NAMES.feedbackReport}.csv"`)
        .send(csv);
    },
  });
};
