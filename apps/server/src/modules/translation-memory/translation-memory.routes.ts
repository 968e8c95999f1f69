import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TMX_UPLOAD_MAX_BYTES,
  TM_MESSAGES,
  fuzzyMatchRequestSchema,
  fuzzyMatchResponseSchema,
  tmExportRequestSchema,
  tmxImportResponseSchema,
  tmxImportStateSchema,
  tmxImportStatusRequestSchema,
  type TmxImportResponse,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { readTmxUpload, tmxUploadLimits } from './tmx-upload';
import type { Download } from './translation-memory.service';

const tags = ['translation memory'];
const security = [{ token: [] }];
const readers = { access: PROJECT_READER_ROLES, ownOrganisation: true } as const;

function sendDownload(reply: FastifyReply, download: Download) {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .send(Readable.from(download.content));
}

/** Translation memory exchange and fuzzy matches (issue 6; ADR 0011). */
export const translationMemoryRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, 'translationMemory'>;
}> = async (app, { services }) => {
  const memory = services.translationMemory;
  await app.register(multipart, { limits: tmxUploadLimits(TMX_UPLOAD_MAX_BYTES), throwFileSizeLimit: false });

  app.post(
    '/translation/tm/fuzzy',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary:
          "Best matches from the organisation's memory for a segment or a text, with score and differences",
        body: fuzzyMatchRequestSchema,
        response: responses(fuzzyMatchResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await memory.fuzzyMatches(request.principal!, request.body)),
  );

  app.post(
    '/translation/tm/export/tmx',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Download the translations of a language as TMX 1.4',
        body: tmExportRequestSchema,
        produces: ['application/x-tmx+xml'],
      },
    },
    async (request, reply) => sendDownload(reply, await memory.exportTmx(request.principal!, request.body)),
  );

  app.post(
    '/translation/tm/export/csv',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary:
          'Download the translations of a language as CSV (source, target, translationType, displayType)',
        body: tmExportRequestSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => sendDownload(reply, await memory.exportCsv(request.principal!, request.body)),
  );

  app.post(
    '/translation/tm/export/xlsx',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary:
          'Download the translations of a language as an Excel workbook (source, target, translationType, displayType)',
        body: tmExportRequestSchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => sendDownload(reply, await memory.exportXlsx(request.principal!, request.body)),
  );

  app.post(
    '/translation/tm/import/tmx',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          'Import a TMX file (multipart: projectId, targetLang, overwrite, then file): the file is checked and stored, and a job gives segments of the project the translations and puts other units in the organisation memory; poll import/tmx/status with the importId',
        consumes: ['multipart/form-data'],
        response: responses(tmxImportResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const result = (await readTmxUpload(request, (fields, file) =>
        memory.importTmx(request.principal!, fields, file),
      )) as TmxImportResponse;
      return ok(result, TM_MESSAGES.imported);
    },
  );

  app.post(
    '/translation/tm/import/tmx/status',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Progress and counts of a TMX import (queued, running, completed or failed)',
        body: tmxImportStatusRequestSchema,
        response: responses(tmxImportStateSchema, 400, 404),
      },
    },
    async (request) => ok(await memory.importStatus(request.principal!, request.body)),
  );
};
