import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MASK_TERMS_DOWNLOAD_NAME, TERM_MESSAGES, TERM_UPLOAD_MAX_BYTES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { presentGlossaryTerm } from './glossary.presenter';
import { singleFileUploadOptions } from '../../http/single-file-upload';
import { readTermUpload } from './term-upload';

const api = endpoints.glossary;

/** Mask terms (spec §7 project settings: transliterationGlossary create, get, delete, csv/get). */
export const glossaryRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, 'glossary'> }> = async (
  app,
  { services },
) => {
  const glossary = services.glossary;
  await app.register(multipart, singleFileUploadOptions(TERM_UPLOAD_MAX_BYTES));

  defineRoute(app, api.upload, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const upload = await readTermUpload(request);
      return ok(
        await glossary.upload(request.principal!, upload.projectId, upload.text),
        TERM_MESSAGES.uploaded,
      );
    },
  });

  defineRoute(app, api.list, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { rows, total } = await glossary.list(request.principal!, request.body);
      return ok({ terms: rows.map(presentGlossaryTerm), total });
    },
  });

  defineRoute(app, api.remove, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(
        await glossary.delete(request.principal!, request.body.projectId, request.body.ids),
        TERM_MESSAGES.deleted,
      ),
  });

  defineRoute(app, api.csv, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request, reply) => {
      const csv = await glossary.csv(request.principal!, request.body.projectId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${MASK_TERMS_DOWNLOAD_NAME}.csv"`)
        .send(csv);
    },
  });
};
