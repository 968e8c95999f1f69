import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { projectIdSchema } from './projects';
import { editorFilterSchema } from './translation';

/*
 * Machine translation (spec §7 /translation/nmt/apply), mask terms (transliterationGlossary) and
 * transliteration (project settings `transliteration`, /transliteration/applyTransliteration).
 * ADR 0009 explains `tp` and `origin`.
 */

/** Which existing translations an NMT run may replace (`tp`). */
export const NMT_TP_VALUES = ['untranslated', 'machine', 'all'] as const;
export type NmtTp = (typeof NMT_TP_VALUES)[number];

/** How the segments of an NMT run are chosen (`origin`). */
export const NMT_ORIGIN_VALUES = ['selection', 'newContent', 'all', 'filter'] as const;
export type NmtOrigin = (typeof NMT_ORIGIN_VALUES)[number];

/** What a run writes: machine translations, or the source in the target script (transliteration). */
export const NMT_RUN_MODE_VALUES = ['translate', 'transliterate'] as const;
export type NmtRunMode = (typeof NMT_RUN_MODE_VALUES)[number];

export const NMT_RUN_STATUS_VALUES = ['queued', 'running', 'completed', 'failed'] as const;
export type NmtRunStatus = (typeof NMT_RUN_STATUS_VALUES)[number];

/** Segment ids one selection may name (origin 'newContent' and 'all' have no limit). */
export const MAX_NMT_SELECTION = 50_000;
/** Segment ids one transliteration call may name. */
export const MAX_TRANSLITERATION_SELECTION = 500;
/** Largest glossary or transliteration CSV. */
export const TERM_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Rows one glossary or transliteration CSV may hold. */
export const TERM_UPLOAD_MAX_ROWS = 20_000;
/** Terms and words longer than this are refused. */
export const MAX_TERM_LENGTH = 200;

/** File name of the mask-terms download (spec §8), without `.csv`. */
export const MASK_TERMS_DOWNLOAD_NAME = 'maskTermsList';
/** Columns of the glossary CSV, upload and download alike (header row required; order free). */
export const GLOSSARY_CSV_COLUMNS = ['term', 'action', 'translation', 'targetLang', 'caseSensitive'] as const;
/** Columns of the custom transliteration pairs CSV. */
export const TRANSLITERATION_CSV_COLUMNS = ['source', 'target', 'targetLang'] as const;

/** What happens to a mask term during machine translation. */
export const GLOSSARY_ACTION_VALUES = ['keep', 'transliterate', 'translate'] as const;
export type GlossaryAction = (typeof GLOSSARY_ACTION_VALUES)[number];

export const NMT_MESSAGES = {
  accepted: 'Machine translation request has been accepted',
  alreadyAccepted: 'This machine translation request was already accepted',
  nmtDisabled: 'Machine translation is turned off for your account. Ask your administrator to turn it on.',
  noEngine: 'No machine translation engine is configured on this server',
  unknownEngine: 'This machine translation engine is not available',
  sameLanguage: 'The target language must differ from the source language',
  languageNotInProject: 'This language is not a target language of the project',
  selectionRequired: 'Please select the strings to translate',
  filterRequired: 'Send the filter whose strings to translate',
  runNotFound: 'This machine translation request was not found',
  engineSaved: 'Default machine translation engine saved',
  /** Shown when the worker stopped the run for a reason that is not the engine's. */
  runFailed:
    'Machine translation stopped unexpectedly. Strings translated so far are kept; please try again.',
} as const;

/**
 * Why /translation/nmt/apply refuses a direction the chosen engine does not serve, and what can
 * be done instead: the configured engines that serve it, else transliteration (ADR 0031).
 */
export function nmtUnsupportedPairMessage(input: {
  engine: string;
  source: string;
  target: string;
  /** Labels of the other engines that serve the direction. */
  alternatives: readonly string[];
  /** Whether transliteration writes the target language. */
  canTransliterate: boolean;
}): string {
  const refusal = `${input.engine} cannot translate from ${input.source} to ${input.target}.`;
  if (input.alternatives.length > 0) return `${refusal} Engines that can: ${input.alternatives.join(', ')}.`;
  if (input.canTransliterate)
    return `${refusal} No engine of this server can; transliteration can write the strings in ${input.target} script.`;
  return `${refusal} No engine of this server can.`;
}

/**
 * The notification a user gets when their machine translation run failed or left strings
 * untranslated (`notification.created` on their notification room, ADR 0031).
 */
export function nmtRunProblemMessage(input: {
  projectName: string;
  target: string;
  status: 'completed' | 'failed';
  error: string | null;
  translated: number;
  unchanged: number;
  total: number;
}): string {
  const what = `Machine translation of ${input.projectName} into ${input.target}`;
  if (input.status === 'failed')
    return `${what} failed: ${input.error ?? NMT_MESSAGES.runFailed} ${input.translated} of ${input.total} strings were translated.`;
  return `${what} finished, but ${input.unchanged} of ${input.total} strings could not be translated and kept their text.`;
}

/** `notification.created` payload of a machine translation run that failed or partly failed. */
export const nmtRunNotificationSchema = z.object({
  id: z.string(),
  kind: z.literal('nmt.problem'),
  message: z.string(),
  projectId: z.string(),
  targetLang: z.string(),
  requestId: z.string(),
});
export type NmtRunNotification = z.infer<typeof nmtRunNotificationSchema>;

export const TERM_MESSAGES = {
  /** Spec §5: transliteration and glossary uploads that fail. */
  badFormat: 'Please upload a correct format',
  uploaded: 'Terms uploaded successfully',
  deleted: 'Terms deleted successfully',
  tooLarge: 'The file is too large',
  transliterated: 'Transliteration applied',
  transliterationAccepted: 'Transliteration request has been accepted',
  languageNotSupported: 'Transliteration is not available for this language',
} as const;

/* ---- machine translation ---- */

/** /translation/nmt/apply {projectId, targetLang, idArr, tp, nmtService, requestId, origin} (spec §7). */
export const nmtApplyRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  /** Segment ids (origin 'selection'); ignored for 'newContent' and 'all'. */
  idArr: z.array(z.uuid()).max(MAX_NMT_SELECTION).default([]),
  tp: z.enum(NMT_TP_VALUES).default('untranslated'),
  /** Engine id of the deployment; default: the project's engine, else the server's. */
  nmtService: z.string().trim().min(1).max(40).optional(),
  /** The client's idempotency key: sending the same key again answers the same run. */
  requestId: z.string().trim().min(1).max(100),
  origin: z.enum(NMT_ORIGIN_VALUES).default('selection'),
  /** Origin 'filter': every string the editor's filter lists in `targetLang` (ADR 0030). */
  filter: editorFilterSchema.optional(),
});
export type NmtApplyRequest = z.input<typeof nmtApplyRequestSchema>;

/** The state of one NMT run. */
export const nmtRunSchema = z.object({
  requestId: z.string(),
  projectId: z.string(),
  targetLang: z.string(),
  nmtService: z.string(),
  tp: z.enum(NMT_TP_VALUES),
  origin: z.enum(NMT_ORIGIN_VALUES),
  mode: z.enum(NMT_RUN_MODE_VALUES),
  status: z.enum(NMT_RUN_STATUS_VALUES),
  total: z.number().int(),
  /** Segments finished so far: translated + skipped + unchanged. */
  done: z.number().int(),
  translated: z.number().int(),
  /** Segments left as they were because of `tp` (USER or PBK translations by default). */
  skipped: z.number().int(),
  /** Segments the engine could not translate usefully; their previous text is kept. */
  unchanged: z.number().int(),
  /** Why a failed run stopped, in words for the user. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type NmtRun = z.infer<typeof nmtRunSchema>;
export const nmtApplyResponseSchema = z.object({ run: nmtRunSchema });

/** translation/nmt/status {projectId, requestId}. */
export const nmtStatusRequestSchema = z.object({
  projectId: projectIdSchema,
  requestId: z.string().trim().min(1).max(100),
});

/** An engine as users see it: no address, no credentials. */
export const nmtEngineSchema = z.object({
  id: z.string(),
  label: z.string(),
  service: z.string(),
  isDefault: z.boolean(),
  /** Directions the engine serves; empty when it could not be asked. */
  languagePairs: z.array(z.object({ source: z.string(), target: z.string() })),
  available: z.boolean(),
});
export type NmtEngine = z.infer<typeof nmtEngineSchema>;
/**
 * translation/nmt/engines {projectId?}: the deployment's engines and the choices that pick one
 * (a call's nmtService > the project's > the organisation's > the deployment's default).
 */
export const nmtEnginesRequestSchema = z.object({ projectId: projectIdSchema.optional() });
export const nmtEnginesResponseSchema = z.object({
  engines: z.array(nmtEngineSchema),
  projectEngine: z.string().nullable(),
  /** The organisation's default (of the project, else of the caller); null: the deployment's. */
  organisationEngine: z.string().nullable(),
  /** The engine a call without nmtService would use now; null when none is configured. */
  effectiveEngine: z.string().nullable(),
});

/** translation/nmt/engine/set {projectId, nmtService}: the project's default engine (null: the server's). */
export const nmtEngineSetRequestSchema = z.object({
  projectId: projectIdSchema,
  nmtService: z.string().trim().min(1).max(40).nullable(),
});

/** translation/nmt/engine/organisation/set {organisationId, nmtService}: the organisation's default engine. */
export const nmtOrganisationEngineSetRequestSchema = z.object({
  organisationId: z.uuid(),
  nmtService: z.string().trim().min(1).max(40).nullable(),
});

/** NMT usage of one project, domain, month and engine. */
export const nmtUsageRowSchema = z.object({
  projectId: z.string(),
  domain: z.string(),
  month: z.string(),
  nmtService: z.string(),
  nmtCalls: z.number().int(),
  segments: z.number().int(),
  nmtCharacterCount: z.number().int(),
  nmtWordCount: z.number().int(),
});
/** translation/nmt/usage {projectId?, month?}: the caller's organisation, one project or all. */
export const nmtUsageRequestSchema = z.object({
  projectId: projectIdSchema.optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month must look like 2026-11' })
    .optional(),
});
export const nmtUsageResponseSchema = z.object({
  usage: z.array(nmtUsageRowSchema),
  totals: z.object({
    nmtCalls: z.number().int(),
    nmtCharacterCount: z.number().int(),
    nmtWordCount: z.number().int(),
  }),
});

/** Payload of `nmt.updated` on the project room. */
export const NMT_EVENTS = { runUpdated: 'nmt.updated' } as const;

/* ---- glossary (mask terms) ---- */

export const glossaryTermSchema = z.object({
  id: z.string(),
  term: z.string(),
  action: z.enum(GLOSSARY_ACTION_VALUES),
  translation: z.string().nullable(),
  /** A language code, or '*' for every target language. */
  targetLang: z.string(),
  caseSensitive: z.boolean(),
  createdAt: z.string(),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

/** transliterationGlossary/get {projectId, targetLang?, searchText?, pageNumber, pageSize}. */
export const glossaryGetRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: z.string().max(20).optional(),
  searchText: z.string().trim().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export const glossaryListResponseSchema = z.object({
  terms: z.array(glossaryTermSchema),
  total: z.number().int(),
});
/** transliterationGlossary/delete {projectId, ids}: without ids, every term of the project. */
export const termDeleteRequestSchema = z.object({
  projectId: projectIdSchema,
  ids: z.array(z.uuid()).max(TERM_UPLOAD_MAX_ROWS).optional(),
});
export const termDeleteResponseSchema = z.object({ deleted: z.number().int() });
/** Answer of an upload: rows stored (new or replaced). */
export const termUploadResponseSchema = z.object({ saved: z.number().int() });
export const glossaryCsvRequestSchema = z.object({ projectId: projectIdSchema });

/* ---- transliteration ---- */

export const transliterationPairSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  targetLang: z.string(),
  createdAt: z.string(),
});
export const transliterationGetRequestSchema = glossaryGetRequestSchema;
export const transliterationListResponseSchema = z.object({
  pairs: z.array(transliterationPairSchema),
  total: z.number().int(),
});

/** /transliteration/applyTransliteration {projectId, targetLang, idArr} (spec §7). */
export const applyTransliterationRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  idArr: z.array(z.uuid()).min(1).max(MAX_TRANSLITERATION_SELECTION),
});
/**
 * transliteration/applyTransliteration/filter: every string the editor's filter lists,
 * transliterated by one job with the progress of a machine translation run (`nmt.updated`;
 * translation/nmt/status with the same requestId).
 */
export const transliterationRunRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  requestId: z.string().trim().min(1).max(100),
  filter: editorFilterSchema,
});
export type TransliterationRunRequest = z.input<typeof transliterationRunRequestSchema>;

/** Longest Roman word the phonetic keyboard asks candidates for. */
export const MAX_PHONETIC_WORD = 60;
/**
 * transliteration/suggest {projectId, targetLang, word}: ranked native-script candidates for a
 * word typed in Roman letters (the editor's phonetic keyboard); the project's custom pair first.
 */
export const transliterationSuggestRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  word: z
    .string()
    .trim()
    .min(1)
    .max(MAX_PHONETIC_WORD)
    .regex(/^[A-Za-z']+$/, { message: 'Type Roman letters only' }),
});
export const transliterationSuggestResponseSchema = z.object({ candidates: z.array(z.string()) });

export const applyTransliterationResponseSchema = z.object({
  /** Segments stored with display type t13n. */
  transliterated: z.number().int(),
  /** Segments kept because they have a USER or PBK translation. */
  skipped: z.number().int(),
});
