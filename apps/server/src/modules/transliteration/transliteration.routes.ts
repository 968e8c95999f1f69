import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TERM_MESSAGES,
  TERM_UPLOAD_MAX_BYTES,
  applyTransliterationRequestSchema,
  applyTransliterationResponseSchema,
  termDeleteRequestSchema,
  termDeleteResponseSchema,
  termUploadResponseSchema,
  transliterationGetRequestSchema,
  transliterationListResponseSchema,
  transliterationSuggestRequestSchema,
  transliterationSuggestResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { singleFileUploadOptions } from '../../http/single-file-upload';
import { readTermUpload } from '../glossary/term-upload';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { presentTransliterationPair } from './transliteration.presenter';

const tags = ['transliteration'];
const security = [{ token: [] }];

/** Project settings `transliteration` (post multipart, get, delete) and /transliteration/applyTransliteration. */
export const transliterationRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, 'transliteration'>;
}> = async (app, { services }) => {
  const transliteration = services.transliteration;
  await app.register(multipart, singleFileUploadOptions(TERM_UPLOAD_MAX_BYTES));

  app.post(
    '/transliteration',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          'Upload custom transliteration pairs (multipart: projectId, optional targetLang, file = CSV with source, target, targetLang)',
        consumes: ['multipart/form-data'],
        response: responses(termUploadResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const upload = await readTermUpload(request);
      const saved = await transliteration.upload(
        request.principal!,
        upload.projectId,
        upload.text,
        upload.fields.targetLang?.trim() || undefined,
      );
      return ok(saved, TERM_MESSAGES.uploaded);
    },
  );

  app.post(
    '/transliteration/get',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Custom transliteration pairs of a project, paged',
        body: transliterationGetRequestSchema,
        response: responses(transliterationListResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { rows, total } = await transliteration.list(request.principal!, request.body);
      return ok({ pairs: rows.map(presentTransliterationPair), total });
    },
  );

  app.post(
    '/transliteration/delete',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Delete custom transliteration pairs (all of the project when no ids are given)',
        body: termDeleteRequestSchema,
        response: responses(termDeleteResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await transliteration.delete(request.principal!, request.body.projectId, request.body.ids),
        TERM_MESSAGES.deleted,
      ),
  );

  app.post(
    '/transliteration/suggest',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          'Ranked native-script candidates for a word typed in Roman letters (phonetic keyboard); custom pairs first',
        body: transliterationSuggestRequestSchema,
        response: responses(transliterationSuggestResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await transliteration.suggest(request.principal!, request.body)),
  );

  app.post(
    '/transliteration/applyTransliteration',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Transliterate selected segments with the built-in engine (display type t13n)',
        body: applyTransliterationRequestSchema,
        response: responses(applyTransliterationResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(await transliteration.apply(request.principal!, request.body), TERM_MESSAGES.transliterated),
  );
};
