import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { MANUAL_TRANSLATION_STATUSES } from '../constants/statuses';
import { projectIdSchema } from './projects';
import { editorFilterSchema } from './translation';

/** Most selected strings one human translation request may name (the filter form has no limit). */
export const MAX_MANUAL_REQUEST_HASHES = 10_000;
/** Strings of a request shown by GET /manual-translation/request/{id}. */
export const MANUAL_REQUEST_DETAIL_SEGMENTS = 200;

/** Texts of the manual translation (Prabandhak) calls; the spec quotes none but 'Error while reverting'. */
export const MANUAL_TRANSLATION_MESSAGES = {
  requestSent: 'Request sent for human translation',
  quoted: 'Strings and words counted; nothing was sent',
  selectionOrFilter: 'Send either selected strings or a filter for human translation',
  editorFilterOneLanguage: "The editor's filter is read in one language: send one target language",
  languagesRequired: 'Please select atleast one language',
  tooManyStrings: `A request may hold at most ${MAX_MANUAL_REQUEST_HASHES} selected strings; use a filter for more`,
  noStringsMatched: 'None of the selected strings belong to this project',
  approved: 'Request approved for human translation',
  rejected: 'Request rejected',
  deleted: 'Request deleted',
  reverted: 'Request reverted',
  notApprovable: 'Only a pending or reverted request can be approved',
  notRejectable: 'Only a pending request can be rejected',
  notDeletable: 'Only a pending, rejected or reverted request can be deleted',
  notRevertable: 'Only a request in translation or a rejected request can be reverted',
  notUploadable: 'Only a request in translation accepts translated files',
  uploadFileRequired:
    'Please upload the translated batch file (CSV with sourceHash, targetLang and target columns)',
  uploadHeader: 'The batch file needs the columns sourceHash, targetLang and target',
  uploadTooLarge: 'The batch file is too large',
  uploaded: 'Translated batch file processed',
  projectGone: 'The project of this request has been deleted',
} as const;

/** Largest translated batch file accepted by /manual-translation/upload/batchFile. */
export const MANUAL_BATCH_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** /manual-translation/upload/batchFile: what the translated file changed. */
export const manualBatchUploadResponseSchema = z.object({
  request: z.lazy(() => manualRequestSchema),
  /** Translations stored as PBK (new or changed). */
  written: z.number().int(),
  /** Rows whose text was already the stored PBK translation. */
  unchanged: z.number().int(),
  /** Rows not stored: not a string or language of the request, empty text, or the string is gone. */
  skipped: z.number().int(),
  /** Why rows were skipped, the first few with their line numbers. */
  problems: z.array(z.string()),
});
export type ManualBatchUpload = z.infer<typeof manualBatchUploadResponseSchema>;

/** What the caller may do to a request now (sent by the server; the dashboard shows these buttons). */
export const MANUAL_REQUEST_ACTIONS = ['approve', 'reject', 'delete', 'revert'] as const;
export type ManualRequestAction = (typeof MANUAL_REQUEST_ACTIONS)[number];

const sourceHashSchema = z.string().trim().min(1).max(128);
const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000);
const pageSizeSchema = z.coerce.number().int().min(1).max(100);
const requestIdSchema = z.uuid({ error: 'Invalid request id' });

/** Which strings a filter request takes: all of the project's, or only new ones, optionally of one URL. */
export const manualRequestFilterSchema = z.object({
  newContent: z.boolean().default(false),
  url: z.string().trim().min(1).max(2048).optional(),
});

/** POST /manual-translation/request: the editor's selection (source hashes) or a filter. */
export const manualRequestCreateSchema = z
  .object({
    projectId: projectIdSchema,
    targetLanguages: z
      .array(languageCodeSchema, { error: MANUAL_TRANSLATION_MESSAGES.languagesRequired })
      .min(1, MANUAL_TRANSLATION_MESSAGES.languagesRequired)
      .max(100),
    sourceHashes: z
      .array(sourceHashSchema)
      .max(MAX_MANUAL_REQUEST_HASHES, MANUAL_TRANSLATION_MESSAGES.tooManyStrings)
      .optional(),
    filter: manualRequestFilterSchema.optional(),
    /** Every string the editor's filter lists in the order's one language (ADR 0030). */
    editorFilter: editorFilterSchema.optional(),
    note: z.string().trim().max(1000).optional(),
    /** Only count: answers the quote and stores nothing (the dashboard's confirm dialog). */
    dryRun: z.boolean().default(false),
  })
  .refine(
    (body) =>
      [
        (body.sourceHashes?.length ?? 0) > 0,
        body.filter !== undefined,
        body.editorFilter !== undefined,
      ].filter(Boolean).length === 1,
    { message: MANUAL_TRANSLATION_MESSAGES.selectionOrFilter, path: ['sourceHashes'] },
  )
  .refine((body) => body.editorFilter === undefined || body.targetLanguages.length === 1, {
    message: MANUAL_TRANSLATION_MESSAGES.editorFilterOneLanguage,
    path: ['targetLanguages'],
  });
export type ManualRequestCreate = z.input<typeof manualRequestCreateSchema>;

/** /manual-translation/delete, /reject, /revert and /prabandhak/approve. */
export const manualRequestIdBodySchema = z.object({ requestId: requestIdSchema });
export const manualRequestRejectSchema = manualRequestIdBodySchema.extend({
  reason: z.string().trim().max(1000).optional(),
});

export const manualRequestPageParamsSchema = z.object({ page: pageNumberSchema, size: pageSizeSchema });
export const manualRequestProjectPageParamsSchema = manualRequestPageParamsSchema.extend({
  projectId: projectIdSchema,
});
export const manualRequestIdParamsSchema = z.object({ id: requestIdSchema });
export const manualRequestSearchQuerySchema = z.object({
  searchText: z.string().trim().max(200).optional(),
});

/** A human translation request as the dashboard shows it. */
export const manualRequestSchema = z.object({
  id: z.string(),
  organisationName: z.string(),
  /** Null once the project has been deleted (status projectDeleted). */
  projectId: z.string().nullable(),
  projectName: z.string(),
  targetLanguages: z.array(z.string()),
  segmentCount: z.number().int(),
  /** Source words of the strings, counted when the request was made. */
  wordCount: z.number().int(),
  /** Words to translate: the source words times the number of languages. */
  totalWordCount: z.number().int(),
  status: z.enum(MANUAL_TRANSLATION_STATUSES),
  note: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  statusChangedAt: z.string().nullable(),
  actions: z.array(z.enum(MANUAL_REQUEST_ACTIONS)),
});
export type ManualRequest = z.infer<typeof manualRequestSchema>;

export const manualRequestSegmentSchema = z.object({
  sourceHash: z.string(),
  text: z.string(),
  wordCount: z.number().int(),
});
export type ManualRequestSegment = z.infer<typeof manualRequestSegmentSchema>;

export const manualRequestListResponseSchema = z.object({
  requests: z.array(manualRequestSchema),
  total: z.number().int(),
});
export type ManualRequestList = z.infer<typeof manualRequestListResponseSchema>;
export const manualRequestResponseSchema = z.object({ request: manualRequestSchema });
/** What an order takes: strings, source words, and words to translate across its languages. */
export const manualRequestQuoteSchema = z.object({
  segmentCount: z.number().int(),
  wordCount: z.number().int(),
  totalWordCount: z.number().int(),
  targetLanguages: z.array(z.string()),
});
export type ManualRequestQuote = z.infer<typeof manualRequestQuoteSchema>;
/** POST /manual-translation/request: the order placed, or with dryRun only its quote. */
export const manualRequestCreateResponseSchema = z.object({
  request: manualRequestSchema.nullable(),
  quote: manualRequestQuoteSchema,
});
export type ManualRequestCreated = z.infer<typeof manualRequestCreateResponseSchema>;
export const manualRequestDetailResponseSchema = z.object({
  request: manualRequestSchema,
  /** The first MANUAL_REQUEST_DETAIL_SEGMENTS strings in page order; segmentCount says how many in all. */
  segments: z.array(manualRequestSegmentSchema),
});
export type ManualRequestDetail = z.infer<typeof manualRequestDetailResponseSchema>;
export const manualRequestDeleteResponseSchema = z.object({ requestId: z.string() });
