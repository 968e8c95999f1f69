import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { SUGGESTION_STATUSES } from '../constants/statuses';
import { DISPLAY_TYPE_VALUES, TRANSLATION_TYPE_VALUES } from '../constants/translation';
import { projectIdSchema } from './projects';

/*
 * Translation calls of spec §7 "Translation" (TM entries, revisions, counts, replace, reports)
 * and the suggestion and feedback calls. Field names the spec gives (sourceHash,
 * preProcessedTarget, targetLang, displayType, tm, total, tmRevisions, suggestions, records,
 * totalRecords, machineTranslated, totalWC, professionalTranslated, humanVerified,
 * newContentAvailable, totalSegmentCount) are kept; the rest is ours and documented here.
 *
 * A TM entry exists for every segment of the project in every target language: a segment nobody
 * translated yet is listed with translationType NO_TRANSLATION_AVAILABLE, an empty target and
 * version 0.
 */

/** Largest target text a user may save. */
export const MAX_TARGET_LENGTH = 20_000;
/** Largest find or replace text of translation/replace. */
export const MAX_REPLACE_TEXT = 500;
/** Source hashes per bulk call (toggle, revision create). */
export const MAX_HASHES_PER_CALL = 1000;
/** Entries shown by a replace preview. */
export const REPLACE_PREVIEW_LIMIT = 200;
/** Largest CSV accepted by suggestion/upload. */
export const SUGGESTION_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** File names of the CSV downloads (spec §8), without the `.csv` extension. */
export const DOWNLOAD_NAMES = {
  suggestionReport: 'suggestionReport',
  feedbackReport: 'feedbackReport',
  projectReport: 'projectReport',
  batchFile: 'batchFile',
} as const;

/** Suggestion statuses (spec §4: accepted, rejected, new, inprocess), as the status constants list them. */
export const SUGGESTION_STATUS_VALUES = SUGGESTION_STATUSES;

/** Where a saved translation came from (recorded on every revision). */
export const TRANSLATION_ORIGIN_VALUES = [
  'editor',
  'suggestion',
  'revision',
  'replace',
  'toggle',
  'machine',
  'prabandhak',
  'tmx',
  'exactMatch',
  'fuzzyMatch',
  'import',
  'noTranslation',
] as const;
export type TranslationOrigin = (typeof TRANSLATION_ORIGIN_VALUES)[number];

export const TRANSLATION_MESSAGES = {
  languageNotInProject: 'This language is not a target language of the project',
  segmentNotFound: 'This string is not part of the project',
  revisionNotFound: 'This revision was not found',
  suggestionNotFound: 'This suggestion was not found',
  suggestionNotOpen: 'This suggestion has already been accepted or rejected',
  saved: 'Translation saved',
  /** A save based on an older version: it is saved, and the text it replaced stays in the revisions. */
  savedOverNewer:
    'Translation saved. Someone else had changed it meanwhile; their version is kept in the revision history',
  toggled: 'Display type updated',
  markedNoTranslation: 'Marked as no translation',
  revisionCreated: 'TM revision created',
  revisionRestored: 'Revision restored',
  replaced: 'Strings replaced',
  languageDeleted: 'Language deleted',
  lastLanguage: 'A project needs at least one target language',
  suggestionAccepted: 'Suggestion accepted',
  suggestionRejected: 'Suggestion rejected',
  uploadFileRequired: 'Please upload the suggestion CSV file',
  uploadTooLarge: 'The file is too large',
  uploadColumnsMissing: 'The CSV needs the columns suggestionId and action',
  findRequired: 'Please enter the text to find',
} as const;

const sourceHashSchema = z.string().trim().min(1).max(128);
const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(500).default(10);
const urlFilterSchema = z.string().trim().min(1).max(2048);
/** A row's place in document order, as the listing answered it. */
const cursorSchema = z.string().regex(/^\d{1,15}$/, 'Invalid cursor');
const translationTypeSchema = z.enum(TRANSLATION_TYPE_VALUES);
const displayTypeSchema = z.enum(DISPLAY_TYPE_VALUES);

/** One segment in one target language (spec §3 TM entries). */
export const tmEntrySchema = z.object({
  segmentId: z.string(),
  sourceHash: z.string(),
  /** The source text, inline markup as placeholders `<xN>…</xN>`. */
  source: z.string(),
  /** text | attribute | title | meta. */
  kind: z.string(),
  wordCount: z.number().int(),
  /** The segment appeared in the latest crawl that found it and is not acknowledged yet. */
  isNew: z.boolean(),
  targetLang: z.string(),
  /** The target text with the same placeholders; '' when there is none. */
  preProcessedTarget: z.string(),
  translationType: translationTypeSchema,
  displayType: displayTypeSchema,
  /** 0 when never saved; each save adds one. Send it back with user/update. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  /** E-mail or name of the last author, null for machine or never saved. */
  updatedBy: z.string().nullable(),
});
export type TmEntry = z.infer<typeof tmEntrySchema>;

/** Counts of one bucket per translation type. */
export const typeCountsSchema = z.object({
  USER: z.number().int(),
  MACHINE: z.number().int(),
  PBK: z.number().int(),
  NO_TRANSLATION_AVAILABLE: z.number().int(),
});
export type TypeCounts = z.infer<typeof typeCountsSchema>;

/* ---- counts ---- */

/** /translation/status/wordcount {projectId, url, targetLang, translationType} (spec §7). */
export const statusWordCountRequestSchema = z.object({
  projectId: projectIdSchema,
  url: urlFilterSchema.optional(),
  targetLang: languageCodeSchema,
  translationType: translationTypeSchema.optional(),
});
export const statusWordCountResponseSchema = z.object({
  targetLang: z.string(),
  url: z.string().nullable(),
  /** Words of the unique segments in scope of the call (project or URL). */
  uniqueWordCount: z.number().int(),
  newContentWordCount: z.number().int(),
  /** Words per translation type (spec §3 translationWordCount, with the untranslated bucket). */
  translationWordCount: typeCountsSchema,
  translatedWordCount: z.number().int(),
  transliteratedWordCount: z.number().int(),
  /** Words of the requested translationType; equal to uniqueWordCount when none was asked for. */
  wordCount: z.number().int(),
});
export type StatusWordCount = z.infer<typeof statusWordCountResponseSchema>;

/** translation/tm/count: segments per translation type of one language (spec §3 TM counts). */
export const tmCountRequestSchema = z.object({ projectId: projectIdSchema, targetLang: languageCodeSchema });
export const tmCountResponseSchema = z.object({
  targetLang: z.string(),
  tmCount: typeCountsSchema,
  wordCount: typeCountsSchema,
  total: z.number().int(),
});

/** /translation/counts (spec §3 translation counts), in words; `segments` gives the same buckets in segments. */
export const translationCountsRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
});
export const translationCountsSchema = z.object({
  machineTranslated: z.number().int(),
  totalWC: z.number().int(),
  professionalTranslated: z.number().int(),
  humanVerified: z.number().int(),
  newContentAvailable: z.number().int(),
});
export const translationCountsResponseSchema = translationCountsSchema.extend({
  targetLang: z.string(),
  /** Untranslated words (NO_TRANSLATION_AVAILABLE), new or not. */
  untranslated: z.number().int(),
  segments: translationCountsSchema.extend({ untranslated: z.number().int() }),
});
export type TranslationCounts = z.infer<typeof translationCountsResponseSchema>;

/** Progress of one target language on the dashboard. */
export const languageProgressSchema = z.object({
  targetLang: z.string(),
  totalSegments: z.number().int(),
  totalWords: z.number().int(),
  tmCount: typeCountsSchema,
  wordCount: typeCountsSchema,
  newContentSegments: z.number().int(),
  newContentWords: z.number().int(),
  translatedWordCount: z.number().int(),
  transliteratedWordCount: z.number().int(),
  /** Share of words with a USER, MACHINE or PBK translation, 0–100, one decimal. */
  percentTranslated: z.number(),
});
export type LanguageProgress = z.infer<typeof languageProgressSchema>;

/** /translation/dashboard/get {projectId}: every target language's progress. */
export const translationDashboardRequestSchema = z.object({ projectId: projectIdSchema });
export const translationDashboardResponseSchema = z.object({
  projectId: z.string(),
  sourceLanguage: z.string(),
  totalSegments: z.number().int(),
  totalWords: z.number().int(),
  totalCharacters: z.number().int(),
  languages: z.array(languageProgressSchema),
});
export type TranslationDashboard = z.infer<typeof translationDashboardResponseSchema>;

/** translation/fetchAllWordCount and fetchAllCharacterCount {projectId}: per language and type. */
export const fetchAllCountRequestSchema = z.object({ projectId: projectIdSchema });
export const allCountsResponseSchema = z.object({
  /** Words (or characters) of all unique segments of the project. */
  total: z.number().int(),
  languages: z.array(
    z.object({
      targetLang: z.string(),
      counts: typeCountsSchema,
      translated: z.number().int(),
      transliterated: z.number().int(),
      newContent: z.number().int(),
    }),
  ),
});
export type AllCounts = z.infer<typeof allCountsResponseSchema>;

/* ---- listing ---- */

/** Where a text search looks. */
export const SEARCH_IN_VALUES = ['source', 'target', 'both'] as const;

/**
 * /translation/filter: paged TM entries of one language. `types` are the filter labels of spec §9
 * by the type each selects (FILTER_LABELS); `newContent` selects New Content Available (new
 * segments without a translation). `displayTypes` select Translated / Transliterated Strings.
 */
export const translationFilterRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  url: urlFilterSchema.optional(),
  searchText: z.string().trim().max(500).optional(),
  searchIn: z.enum(SEARCH_IN_VALUES).default('both'),
  types: z.array(translationTypeSchema).max(4).default([]),
  newContent: z.boolean().default(false),
  displayTypes: z.array(displayTypeSchema).max(2).default([]),
  kinds: z
    .array(z.enum(['text', 'attribute', 'title', 'meta']))
    .max(4)
    .default([]),
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
  /**
   * Keyset paging (ADR 0018): the page of rows right after `after` / right before `before`, a
   * cursor the previous answer gave (startCursor / endCursor). Rows that left the filter meanwhile
   * can then never shift the next page; `pageNumber` only places the page when neither is sent.
   */
  after: cursorSchema.optional(),
  before: cursorSchema.optional(),
});
export type TranslationFilterRequest = z.input<typeof translationFilterRequestSchema>;
/**
 * The editor's filter without its paging: the strings /translation/filter lists, all of them.
 * Actions on "everything that matches" (machine translation, transliteration, human
 * translation orders) take it and choose the strings on the server, whatever their number.
 */
export const editorFilterSchema = translationFilterRequestSchema.pick({
  url: true,
  searchText: true,
  searchIn: true,
  types: true,
  newContent: true,
  displayTypes: true,
  kinds: true,
});
export type EditorFilter = z.input<typeof editorFilterSchema>;
export const tmListResponseSchema = z.object({
  tm: z.array(tmEntrySchema),
  total: z.number().int(),
  /** Cursors of the first and last row of the page (null when it is empty), for `before` / `after`. */
  startCursor: z.string().nullable(),
  endCursor: z.string().nullable(),
  hasPrevious: z.boolean(),
  hasNext: z.boolean(),
});
export type TmListResponse = z.infer<typeof tmListResponseSchema>;

/** translation/newContent/view: new segments without a translation in the language, paged. */
export const newContentViewRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  url: urlFilterSchema.optional(),
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});

/** /translation/seo/get: titles, meta descriptions and other SEO segments of the project or one URL. */
export const seoGetRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  url: urlFilterSchema.optional(),
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});

/** /meta/paginated/get: per URL, the page's title and meta segments with their translations. */
export const metaPaginatedRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  searchText: z.string().trim().max(500).optional(),
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});
export const metaPageSchema = z.object({ url: z.string(), pageId: z.string(), meta: z.array(tmEntrySchema) });
export const metaPaginatedResponseSchema = z.object({
  metaList: z.array(metaPageSchema),
  total: z.number().int(),
});

/* ---- changes ---- */

/** /translation/user/update {projectId, targetLang, sourceHash, preProcessedTarget, displayType} (spec §7). */
export const userUpdateRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  sourceHash: sourceHashSchema,
  preProcessedTarget: z.string().max(MAX_TARGET_LENGTH),
  displayType: displayTypeSchema.default('translation'),
  /** The version the editor started from; an older one still saves (see `conflict`). */
  version: z.number().int().min(0).optional(),
});
export type UserUpdateRequest = z.input<typeof userUpdateRequestSchema>;
export const tmEntryChangeResponseSchema = z.object({
  tm: tmEntrySchema,
  /** True when `version` was older than the stored one: the newer text is kept as a revision. */
  conflict: z.boolean(),
});

/** translation/toggle/transliteration/type: switch display type; without `displayType` each entry flips. */
export const toggleTransliterationRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  sourceHashes: z.array(sourceHashSchema).min(1).max(MAX_HASHES_PER_CALL),
  displayType: displayTypeSchema.optional(),
});
export const toggleTransliterationResponseSchema = z.object({
  updated: z.number().int(),
  tm: z.array(tmEntrySchema),
});

/**
 * translation/noTranslation/mark (ADR 0015; spec §7 has no call for it): the selected entries
 * become NO_TRANSLATION_AVAILABLE with no text, so pages show the source again and the counts
 * move to untranslated. Each change is a revision, so the earlier text can be restored.
 */
export const markNoTranslationRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  sourceHashes: z.array(sourceHashSchema).min(1).max(MAX_HASHES_PER_CALL),
});
export const markNoTranslationResponseSchema = z.object({
  /** Entries that had a translation and now have none. */
  updated: z.number().int(),
  /** Every selected entry as it is now (changed or already without a translation). */
  tm: z.array(tmEntrySchema),
});

/** A saved version of a TM entry (spec §3 TM revisions). */
export const tmRevisionSchema = z.object({
  id: z.string(),
  sourceHash: z.string(),
  targetLang: z.string(),
  preProcessedTarget: z.string(),
  translationType: translationTypeSchema,
  displayType: displayTypeSchema,
  version: z.number().int(),
  origin: z.enum(TRANSLATION_ORIGIN_VALUES),
  /** Written by an explicit translation/revision/create (a checkpoint), not by a change. */
  checkpoint: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TmRevision = z.infer<typeof tmRevisionSchema>;

/** translation/revision/create {projectId, languages, sourceHash}: a checkpoint of the current texts. */
export const revisionCreateRequestSchema = z.object({
  projectId: projectIdSchema,
  languages: z.array(languageCodeSchema).min(1).max(120),
  sourceHash: sourceHashSchema,
});
export const revisionCreateResponseSchema = z.object({ tmRevisions: z.array(tmRevisionSchema) });

/** translation/revision/list: newest first. */
export const revisionListRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  sourceHash: sourceHashSchema,
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});
export const revisionListResponseSchema = z.object({
  tmRevisions: z.array(tmRevisionSchema),
  total: z.number().int(),
});

/** translation/revision/restore: the revision's text and types become the current version (a new revision). */
export const revisionRestoreRequestSchema = z.object({ projectId: projectIdSchema, revisionId: z.uuid() });

/**
 * translation/replace: find and replace in the targets of one language. `preview: true` changes
 * nothing and lists what would change. `modifiedTmCount` 0 answers the message
 * 'No Strings found to replace!' (spec §5), which the dashboard shows as a warning.
 */
export const replaceRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  find: z
    .string({ error: TRANSLATION_MESSAGES.findRequired })
    .min(1, { error: TRANSLATION_MESSAGES.findRequired })
    .max(MAX_REPLACE_TEXT),
  replace: z.string().max(MAX_REPLACE_TEXT),
  matchCase: z.boolean().default(false),
  wholeWord: z.boolean().default(false),
  url: urlFilterSchema.optional(),
  /** Limit the replacement to these entries (e.g. the ones ticked in the preview). */
  sourceHashes: z.array(sourceHashSchema).max(MAX_HASHES_PER_CALL).optional(),
  preview: z.boolean().default(false),
});
export type ReplaceRequest = z.input<typeof replaceRequestSchema>;
export const replacePreviewItemSchema = z.object({
  sourceHash: z.string(),
  source: z.string(),
  before: z.string(),
  after: z.string(),
});
export const replaceResponseSchema = z.object({
  modifiedTmCount: z.number().int(),
  preview: z.boolean(),
  /** At most REPLACE_PREVIEW_LIMIT items. */
  items: z.array(replacePreviewItemSchema),
});

/** /translation/analyze/new/content: what is new and untranslated; totalSegmentCount 0 answers noNewContent. */
export const analyzeNewContentRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLangs: z.array(languageCodeSchema).max(120).optional(),
});
export const analyzeNewContentResponseSchema = z.object({
  totalSegmentCount: z.number().int(),
  totalWordCount: z.number().int(),
  languages: z.array(
    z.object({ targetLang: z.string(), segmentCount: z.number().int(), wordCount: z.number().int() }),
  ),
});

/** translation/languageDeletion: the language leaves the project with its translations (revisions stay). */
export const languageDeletionRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
});
export const languageDeletionResponseSchema = z.object({
  targetLanguages: z.array(z.string()),
  deletedTranslations: z.number().int(),
});

/* ---- reports and downloads (CSV; cells starting with = + - @ tab or CR are escaped) ---- */

/** translation/generateReport: per language and type, words and segments (JSON). */
export const generateReportRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLangs: z.array(languageCodeSchema).max(120).optional(),
});
export const projectReportRowSchema = z.object({
  targetLang: z.string(),
  url: z.string().nullable(),
  totalSegments: z.number().int(),
  totalWords: z.number().int(),
  tmCount: typeCountsSchema,
  wordCount: typeCountsSchema,
  newContentWords: z.number().int(),
});
export const generateReportResponseSchema = z.object({
  projectId: z.string(),
  generatedAt: z.string(),
  rows: z.array(projectReportRowSchema),
});
/** /report/download: the same report as a CSV file (projectReport.csv); `byUrl` adds one row per URL. */
export const reportDownloadRequestSchema = generateReportRequestSchema.extend({
  byUrl: z.boolean().default(false),
});

/** translation/download/batchFile: the selected entries of one language as CSV for offline translation. */
export const batchFileRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  url: urlFilterSchema.optional(),
  types: z.array(translationTypeSchema).max(4).default([]),
  newContent: z.boolean().default(false),
});
/** Columns of the batch file, in order. */
export const BATCH_FILE_COLUMNS = [
  'sourceHash',
  'source',
  'target',
  'translationType',
  'displayType',
  'wordCount',
] as const;

/* ---- suggestions and feedback ---- */

export const suggestionSchema = z.object({
  id: z.string(),
  sourceHash: z.string(),
  source: z.string(),
  targetLang: z.string(),
  /** The text the visitor proposed. */
  suggestion: z.string(),
  /** The translation when the suggestion was made. */
  currentTarget: z.string(),
  status: z.enum(SUGGESTION_STATUS_VALUES),
  url: z.string().nullable(),
  suggestedBy: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionFilterRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema.optional(),
  status: z.enum(SUGGESTION_STATUS_VALUES).optional(),
  searchText: z.string().trim().max(500).optional(),
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});
export const suggestionListResponseSchema = z.object({
  suggestions: z.array(suggestionSchema),
  total: z.number().int(),
});

/** suggestion/accept: the suggestion (optionally edited) becomes the USER translation, with a revision. */
export const suggestionAcceptRequestSchema = z.object({
  projectId: projectIdSchema,
  suggestionId: z.uuid(),
  /** The text to save instead of the suggestion as proposed. */
  preProcessedTarget: z.string().min(1).max(MAX_TARGET_LENGTH).optional(),
});
export const suggestionAcceptResponseSchema = z.object({ suggestion: suggestionSchema, tm: tmEntrySchema });

export const suggestionRejectRequestSchema = z.object({
  projectId: projectIdSchema,
  suggestionIds: z.array(z.uuid()).min(1).max(MAX_HASHES_PER_CALL),
});
export const suggestionRejectResponseSchema = z.object({ rejected: z.number().int() });

export const suggestionDownloadRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema.optional(),
  status: z.enum(SUGGESTION_STATUS_VALUES).optional(),
});
/**
 * Columns of suggestionReport.csv. suggestion/upload reads the same file back: `action` accept or
 * reject (anything else, or empty, is no action); an edited `suggestion` cell is what accept saves.
 */
export const SUGGESTION_CSV_COLUMNS = [
  'suggestionId',
  'sourceHash',
  'targetLang',
  'source',
  'currentTarget',
  'suggestion',
  'status',
  'url',
  'createdAt',
  'action',
] as const;
export const SUGGESTION_UPLOAD_ACTIONS = ['accept', 'reject'] as const;

/** suggestion/upload (multipart: projectId field, file): 'Suggestions processed successfully' + counts (spec §8). */
export const suggestionUploadResponseSchema = z.object({
  updated: z.number().int(),
  noAction: z.number().int(),
  /** Rows that could not be applied, with why (unknown id, already resolved, bad action…). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});

export const feedbackSchema = z.object({
  id: z.string(),
  targetLang: z.string().nullable(),
  url: z.string().nullable(),
  sourceHash: z.string().nullable(),
  /** 1–5, or null when the visitor left only a comment. */
  rating: z.number().int().nullable(),
  comment: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackGetRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema.optional(),
  pageNumber: pageNumberSchema,
  pageSize: pageSizeSchema,
});
export const feedbackListResponseSchema = z.object({
  records: z.array(feedbackSchema),
  totalRecords: z.number().int(),
});
export const feedbackCsvRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema.optional(),
});
export const FEEDBACK_CSV_COLUMNS = [
  'feedbackId',
  'targetLang',
  'url',
  'sourceHash',
  'rating',
  'comment',
  'createdBy',
  'createdAt',
] as const;

/* ---- realtime ---- */

/** Events on the project room (`projectRoomOf(projectId)`) when translations change. */
export const TRANSLATION_EVENTS = {
  /** Payload: TranslationChangedEvent. */
  translationChanged: 'translation.changed',
} as const;
export const translationChangedEventSchema = z.object({
  projectId: z.string(),
  targetLang: z.string(),
  entries: z.array(tmEntrySchema),
  /** Who made the change (user id), null for jobs. */
  changedBy: z.string().nullable(),
});
export type TranslationChangedEvent = z.infer<typeof translationChangedEventSchema>;
