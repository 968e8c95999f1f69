import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TERM_MESSAGES, TERM_UPLOAD_MAX_BYTES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { singleFileUploadOptions } from '../../http/single-file-upload';
import { readTermUpload } from '../glossary/term-upload';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { presentTransliterationPair } from './transliteration.presenter';

const api = endpoints.transliteration;

/** Project settings `transliteration` (post multipart, get, delete) and /transliteration/applyTransliteration. */
export const transliterationRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, 'transliteration'>;
}> = async (app, { services }) => {
  const transliteration = services.transliteration;
  await app.register(multipart, singleFileUploadOptions(TERM_UPLOAD_MAX_BYTES));

  defineRoute(app, api.upload, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const upload = await readTermUpload(request);
      const saved = await transliteration.upload(
        request.principal!,
        upload.projectId,
        upload.text,
        upload.fields.targetLang?.trim() || undefined,
      );
      return ok(saved, TERM_MESSAGES.uploaded);
    },
  });

  defineRoute(app, api.list, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { rows, total } = await transliteration.list(request.principal!, request.body);
      return ok({ pairs: rows.map(presentTransliterationPair), total });
    },
  });

  defineRoute(app, api.remove, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(
        await transliteration.delete(request.principal!, request.body.projectId, request.body.ids),
        TERM_MESSAGES.deleted,
      ),
  });

  defineRoute(app, api.suggest, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => ok(await transliteration.suggest(request.principal!, request.body)),
  });

  defineRoute(app, api.apply, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(await transliteration.apply(request.principal!, request.body), TERM_MESSAGES.transliterated),
  });
};
