import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MASK_TERMS_DOWNLOAD_NAME,
  TERM_MESSAGES,
  TERM_UPLOAD_MAX_BYTES,
  glossaryCsvRequestSchema,
  glossaryGetRequestSchema,
  glossaryListResponseSchema,
  termDeleteRequestSchema,
  termDeleteResponseSchema,
  termUploadResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { presentGlossaryTerm } from './glossary.presenter';
import { singleFileUploadOptions } from '../../http/single-file-upload';
import { readTermUpload } from './term-upload';

const tags = ['project settings'];
const security = [{ token: [] }];

/** Mask terms (spec §7 project settings: transliterationGlossary create, get, delete, csv/get). */
export const glossaryRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, 'glossary'> }> = async (
  app,
  { services },
) => {
  const glossary = services.glossary;
  await app.register(multipart, singleFileUploadOptions(TERM_UPLOAD_MAX_BYTES));

  app.post(
    '/transliterationGlossary/create',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          'Upload mask terms (multipart: projectId, file = CSV with term, action, translation, targetLang, caseSensitive)',
        consumes: ['multipart/form-data'],
        response: responses(termUploadResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const upload = await readTermUpload(request);
      return ok(
        await glossary.upload(request.principal!, upload.projectId, upload.text),
        TERM_MESSAGES.uploaded,
      );
    },
  );

  app.post(
    '/transliterationGlossary/get',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Mask terms of a project, paged',
        body: glossaryGetRequestSchema,
        response: responses(glossaryListResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { rows, total } = await glossary.list(request.principal!, request.body);
      return ok({ terms: rows.map(presentGlossaryTerm), total });
    },
  );

  app.post(
    '/transliterationGlossary/delete',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Delete mask terms (all of the project when no ids are given)',
        body: termDeleteRequestSchema,
        response: responses(termDeleteResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await glossary.delete(request.principal!, request.body.projectId, request.body.ids),
        TERM_MESSAGES.deleted,
      ),
  );

  app.post(
    '/transliterationGlossary/csv/get',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Download the mask terms as maskTermsList.csv',
        body: glossaryCsvRequestSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await glossary.csv(request.principal!, request.body.projectId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${MASK_TERMS_DOWNLOAD_NAME}.csv"`)
        .send(csv);
    },
  );
};
