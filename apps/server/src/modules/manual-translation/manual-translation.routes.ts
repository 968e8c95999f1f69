import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_MESSAGES,
  MANUAL_BATCH_FILE_MAX_BYTES,
  manualBatchUploadResponseSchema,
  MANUAL_TRANSLATION_MESSAGES,
  manualRequestCreateResponseSchema,
  manualRequestCreateSchema,
  manualRequestDeleteResponseSchema,
  manualRequestDetailResponseSchema,
  manualRequestIdBodySchema,
  manualRequestIdParamsSchema,
  manualRequestListResponseSchema,
  manualRequestPageParamsSchema,
  manualRequestProjectPageParamsSchema,
  manualRequestRejectSchema,
  manualRequestResponseSchema,
  manualRequestSearchQuerySchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import { readSingleFileUpload, singleFileUploadOptions } from '../../http/single-file-upload';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { withSpecMessage } from '../translation/translation-context';
import {
  MANUAL_DESK_ROLES,
  MANUAL_REQUESTER_ROLES,
  MANUAL_UPLOADER_ROLES,
  MANUAL_VIEWER_ROLES,
} from './manual-translation.policy';

const tags = ['manual-translation'];
const security = [{ token: [] }];
const requesters = { access: MANUAL_REQUESTER_ROLES, ownOrganisation: true } as const;
const desk = { access: MANUAL_DESK_ROLES, ownOrganisation: true } as const;
const viewers = { access: MANUAL_VIEWER_ROLES, ownOrganisation: true } as const;
const uploaders = { access: MANUAL_UPLOADER_ROLES, ownOrganisation: true } as const;
const CSV_NAME = /\.csv$/i;

const BATCH_CSV_UPLOAD = {
  accepts: (file: { filename: string }) => CSV_NAME.test(file.filename),
  messages: {
    fileRequired: MANUAL_TRANSLATION_MESSAGES.uploadFileRequired,
    wrongFile: MANUAL_TRANSLATION_MESSAGES.uploadFileRequired,
    tooLarge: MANUAL_TRANSLATION_MESSAGES.uploadTooLarge,
  },
};

/** Reads the `requestId` field and the one CSV file of upload/batchFile, bounded. */
async function readBatchUpload(request: FastifyRequest): Promise<{ requestId: string; text: string }> {
  const { fields, text } = await readSingleFileUpload(request, BATCH_CSV_UPLOAD);
  const parsed = manualRequestIdBodySchema.safeParse({ requestId: fields.get('requestId') });
  if (!parsed.success) throw AppError.validation(['Invalid request id']);
  return { requestId: parsed.data.requestId, text };
}

/** Human translation (Prabandhak) orders, spec §7 "Manual translation" (ADR 0026). */
export const manualTranslationRoutes: FastifyPluginAsyncZod<{
  services: Pick<Services, 'manualTranslation'>;
}> = async (app, { services }) => {
  const orders = services.manualTranslation;
  await app.register(multipart, singleFileUploadOptions(MANUAL_BATCH_FILE_MAX_BYTES));

  app.post(
    '/manual-translation/request',
    {
      config: requesters,
      schema: {
        tags,
        security,
        summary:
          'Order human translation of selected strings (source hashes) or of a filter; dryRun only counts',
        body: manualRequestCreateSchema,
        response: responses(manualRequestCreateResponseSchema, 400, 403, 404),
      },
    },
    async (request) =>
      ok(
        await orders.create(request.principal!, request.body),
        request.body.dryRun ? MANUAL_TRANSLATION_MESSAGES.quoted : MANUAL_TRANSLATION_MESSAGES.requestSent,
      ),
  );

  app.get(
    '/manual-translation/request/:page/:size',
    {
      config: viewers,
      schema: {
        tags,
        security,
        summary:
          "The caller's orders (the desk: every organisation it serves), newest first, with searchText",
        params: manualRequestPageParamsSchema,
        querystring: manualRequestSearchQuerySchema,
        response: responses(manualRequestListResponseSchema, 400),
      },
    },
    async (request) =>
      ok(await orders.list(request.principal!, request.params, { searchText: request.query.searchText })),
  );

  app.get(
    '/manual-translation/request/:projectId/:page/:size',
    {
      config: viewers,
      schema: {
        tags,
        security,
        summary: 'Orders of one project, newest first',
        params: manualRequestProjectPageParamsSchema,
        response: responses(manualRequestListResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(await orders.list(request.principal!, request.params, { projectId: request.params.projectId })),
  );

  app.get(
    '/manual-translation/request/:id',
    {
      config: viewers,
      schema: {
        tags,
        security,
        summary: 'One order with its first strings',
        params: manualRequestIdParamsSchema,
        response: responses(manualRequestDetailResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await orders.detail(request.principal!, request.params.id)),
  );

  app.post(
    '/prabandhak/approve',
    {
      config: desk,
      schema: {
        tags,
        security,
        summary: 'The Prabandhak desk accepts an order: pending (or reverted) → processingManualTranslation',
        body: manualRequestIdBodySchema,
        response: responses(manualRequestResponseSchema, 400, 403, 404, 409),
      },
    },
    async (request) =>
      ok(
        { request: await orders.approve(request.principal!, request.body.requestId) },
        MANUAL_TRANSLATION_MESSAGES.approved,
      ),
  );

  app.post(
    '/manual-translation/reject',
    {
      config: desk,
      schema: {
        tags,
        security,
        summary: 'The desk refuses a pending order, with an optional reason',
        body: manualRequestRejectSchema,
        response: responses(manualRequestResponseSchema, 400, 403, 404, 409),
      },
    },
    async (request) =>
      ok(
        { request: await orders.reject(request.principal!, request.body.requestId, request.body.reason) },
        MANUAL_TRANSLATION_MESSAGES.rejected,
      ),
  );

  app.post(
    '/manual-translation/revert',
    {
      config: desk,
      schema: {
        tags,
        security,
        summary: 'The desk takes back its approval or rejection: the order becomes reverted',
        body: manualRequestIdBodySchema,
        response: responses(manualRequestResponseSchema, 400, 403, 404, 409),
      },
    },
    async (request) =>
      ok(
        {
          request: await withSpecMessage(ERROR_MESSAGES.revertFailed, request.log, () =>
            orders.revert(request.principal!, request.body.requestId),
          ),
        },
        MANUAL_TRANSLATION_MESSAGES.reverted,
      ),
  );

  app.post(
    '/manual-translation/delete',
    {
      config: requesters,
      schema: {
        tags,
        security,
        summary: 'The organisation withdraws an order nobody is working on (pending, rejected or reverted)',
        body: manualRequestIdBodySchema,
        response: responses(manualRequestDeleteResponseSchema, 400, 403, 404, 409),
      },
    },
    async (request) =>
      ok(
        await orders.remove(request.principal!, request.body.requestId),
        MANUAL_TRANSLATION_MESSAGES.deleted,
      ),
  );

  app.post(
    '/manual-translation/upload/batchFile',
    {
      config: uploaders,
      schema: {
        tags,
        security,
        summary:
          'The translated batch file (CSV: sourceHash, targetLang, target) of an order in translation; stored as PBK',
        consumes: ['multipart/form-data'],
        response: responses(manualBatchUploadResponseSchema, 400, 403, 404, 409),
      },
    },
    async (request) => {
      const { requestId, text } = await readBatchUpload(request);
      return ok(
        await orders.uploadBatchFile(request.principal!, requestId, text),
        MANUAL_TRANSLATION_MESSAGES.uploaded,
      );
    },
  );
};
