import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_APP_FILE_UPLOAD_BYTES,
  appFileResyncFieldsSchema,
  appFileUploadFieldsSchema,
  endpoints,
} from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import { singleFileUploadOptions } from '../../http/single-file-upload';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { readAppFileUpload } from './app-file-upload';

const api = endpoints.appFiles;
const readers = { access: PROJECT_READER_ROLES, ownOrganisation: true } as const;
// Uploads change the project's strings and languages: its managers (and write-scoped API keys).
const managers = { access: PROJECT_MANAGER_ROLES, ownOrganisation: true } as const;

/** `attachment` with the name as ASCII and, for any other character, RFC 5987's UTF-8 form. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** String files of mobile-app projects (spec §7 "Translation"; ADR 0048). */
export const appFilesRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, 'appFiles'> }> = async (
  app,
  { services },
) => {
  const appFiles = services.appFiles;
  await app.register(multipart, singleFileUploadOptions(MAX_APP_FILE_UPLOAD_BYTES));

  defineRoute(app, api.upload, {
    ...managers,
    handler: async (request) => {
      const upload = await readAppFileUpload(request, appFileUploadFieldsSchema);
      return ok(
        await appFiles.upload(request.principal!, {
          projectId: upload.fields.projectId,
          ...(upload.fields.path ? { path: upload.fields.path } : {}),
          fileName: upload.fileName,
          bytes: upload.bytes,
        }),
      );
    },
  });

  defineRoute(app, api.resync, {
    ...managers,
    handler: async (request) => {
      const upload = await readAppFileUpload(request, appFileResyncFieldsSchema);
      return ok(
        await appFiles.resync(request.principal!, {
          ...upload.fields,
          fileName: upload.fileName,
          bytes: upload.bytes,
        }),
      );
    },
  });

  defineRoute(app, api.list, {
    ...readers,
    handler: async (request) => ok(await appFiles.list(request.principal!, request.body.projectId)),
  });

  defineRoute(app, api.export, {
    ...readers,
    handler: async (request, reply) => {
      const download = await appFiles.export(request.principal!, request.body);
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', attachment(download.fileName))
        .send(
          download.content instanceof Uint8Array
            ? Buffer.from(download.content)
            : Readable.from(download.content),
        );
    },
  });

  defineRoute(app, api.addLanguages, {
    ...managers,
    handler: async (request) =>
      ok(await appFiles.addLanguages(request.principal!, request.body.projectId, request.body.languages)),
  });

  defineRoute(app, api.units, {
    ...readers,
    handler: async (request) =>
      ok(await appFiles.units(request.principal!, request.body.projectId, request.body.segmentIds)),
  });

  defineRoute(app, api.versions, {
    ...readers,
    handler: async (request) =>
      ok(await appFiles.versions(request.principal!, request.body.projectId, request.body.fileId)),
  });

  defineRoute(app, api.remove, {
    ...managers,
    handler: async (request) =>
      ok(await appFiles.remove(request.principal!, request.body.projectId, request.body.fileId)),
  });
};
