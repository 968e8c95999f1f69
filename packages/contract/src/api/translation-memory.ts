import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { DISPLAY_TYPE_VALUES, TRANSLATION_TYPE_VALUES } from '../constants/translation';
import { projectIdSchema } from './projects';

/*
 * Translation memory exchange and fuzzy matches (issue 6; ADR 0011). Route names are ours, under
 * translation/tm/: fuzzy (best matches from the organisation's memory), export/tmx, export/csv,
 * export/xlsx (ADR 0019) and import/tmx (multipart: projectId, targetLang, overwrite, file).
 */

/** Largest TMX file accepted by translation/tm/import/tmx. */
export const TMX_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** Most matches one fuzzy call answers. */
export const MAX_FUZZY_MATCHES = 20;

export const TM_MESSAGES = {
  imported: 'TMX imported',
  badTmx: 'Please upload a correct TMX file',
  tmxTooLarge: `The TMX file is larger than ${TMX_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  importFailed: 'The TMX import failed',
  importNotFound: 'This TMX import',
  sourceNotFound: 'Segment not found',
  noSourceOrText: 'Give the sourceHash of a segment or a text',
} as const;

export const fuzzyMatchRequestSchema = z
  .object({
    projectId: projectIdSchema,
    targetLang: languageCodeSchema,
    /** The segment to find matches for… */
    sourceHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'sourceHash must be 64 hexadecimal digits')
      .optional(),
    /** …or a text typed by the translator. */
    text: z.string().trim().min(1).max(4000).optional(),
    /** Lowest score, in percent. */
    threshold: z.number().int().min(50).max(100).default(75),
    limit: z.number().int().min(1).max(MAX_FUZZY_MATCHES).default(5),
  })
  .refine((body) => body.sourceHash !== undefined || body.text !== undefined, {
    message: TM_MESSAGES.noSourceOrText,
  });
export type FuzzyMatchRequest = z.infer<typeof fuzzyMatchRequestSchema>;

export const diffSpanSchema = z.object({
  op: z.enum(['equal', 'insert', 'delete']),
  text: z.string(),
});

export const fuzzyMatchSchema = z.object({
  /** 0–100: 100 · (1 − edit distance / length of the longer text), on normalised text. */
  score: z.number().int().min(0).max(100),
  sourceHash: z.string(),
  /** The memory's source text. */
  sourceText: z.string(),
  /** Its translation in targetLang. */
  text: z.string(),
  type: z.enum(TRANSLATION_TYPE_VALUES),
  displayType: z.enum(DISPLAY_TYPE_VALUES),
  /** The project it comes from; null for entries imported into, or kept in, the organisation's memory. */
  projectId: z.string().nullable(),
  /** How the memory's source differs from the segment: delete = only in the memory, insert = only in the segment. */
  diff: z.array(diffSpanSchema),
});
export const fuzzyMatchResponseSchema = z.object({ matches: z.array(fuzzyMatchSchema) });
export type FuzzyMatchResponse = z.infer<typeof fuzzyMatchResponseSchema>;

export const tmExportRequestSchema = z.object({ projectId: projectIdSchema, targetLang: languageCodeSchema });
export type TmExportRequest = z.infer<typeof tmExportRequestSchema>;

/** queued → running → completed | failed (ADR 0019). */
export const TMX_IMPORT_STATUS_VALUES = ['queued', 'running', 'completed', 'failed'] as const;
export type TmxImportStatus = (typeof TMX_IMPORT_STATUS_VALUES)[number];

export const tmxImportResponseSchema = z.object({
  /** The import job (poll translation/tm/import/tmx/status with it). */
  importId: z.string(),
  /** Where the import is when this answer is sent: queued when a worker will run it. */
  status: z.enum(TMX_IMPORT_STATUS_VALUES),
  /** Translation units read (and stored) so far. */
  units: z.number().int(),
  /** Translations written to segments of the project (created or updated). */
  applied: z.number().int(),
  /** Units whose segment already had this translation, or a translation kept because overwrite was off. */
  unchanged: z.number().int(),
  /** Units for texts the project does not have: stored in the organisation's memory. */
  addedToMemory: z.number().int(),
  /** Units without both the project's source language and targetLang. */
  skipped: z.number().int(),
});
export type TmxImportResponse = z.infer<typeof tmxImportResponseSchema>;

export const tmxImportStatusRequestSchema = z.object({ projectId: projectIdSchema, importId: z.uuid() });
export type TmxImportStatusRequest = z.infer<typeof tmxImportStatusRequestSchema>;

/** An import's progress, as the dashboard polls it (and as `job.progressed` pushes done/total). */
export const tmxImportStateSchema = tmxImportResponseSchema.extend({
  targetLang: z.string(),
  /** Units the file holds. */
  total: z.number().int(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TmxImportState = z.infer<typeof tmxImportStateSchema>;
