import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { PROJECT_CREATION_STATUSES } from '../constants/statuses';
import { PROJECT_TYPE_VALUES, SCOPE_TYPE_VALUES } from '../constants/translation';
import { isValidWebsiteUrl, normaliseWebsiteUrl } from '../validation/auth-fields';
import { failureSchema } from './envelope';

/*
 * Request and response schemas of spec §7 "Projects". A project id that is not a uuid fails
 * validation; a uuid of another organisation's project answers 404 like a missing one.
 */

const MAX_NAME = 120;
const MAX_URL = 2048;
/** Origins one project may hold (a multi-origin website). */
export const MAX_PROJECT_ORIGINS = 50;
/** URLs per stats/urlWise or scope/add call. */
export const MAX_URLS_PER_CALL = 500;
/** Source hashes per deleteIndividualSegments call. */
export const MAX_SEGMENTS_PER_DELETE = 1000;

export const PROJECT_MESSAGES = {
  projectIdInvalid: 'Please select a valid project',
  urlInvalid: 'Please enter valid URL',
  nameTooLong: `Project name must be at most ${MAX_NAME} characters`,
  languagesRequired: 'Please select atleast one language',
  originsRequired: 'Please enter at least one website URL',
  tooManyOrigins: `A project may have at most ${MAX_PROJECT_ORIGINS} domains`,
  tooManyUrls: `At most ${MAX_URLS_PER_CALL} URLs per request`,
  domainExists: 'This domain is already part of the project',
  domainIsPrimary: "The project's main domain cannot be deleted",
  domainNotInProject: 'This domain is not part of the project',
  projectIdRequired: 'projectId is required',
  invalidStatusChange: 'The project cannot change from this status to the requested one',
  websiteUrlRequired: 'A website project needs its website URL',
  crawlRunning: 'A crawl of this project is already running',
  projectBusy: 'The project is being deleted',
  notWebsite: 'Only website projects have URLs and crawls',
  freePlanOneProject: 'The free plan includes one website project',
  freePlanOneLanguage: 'The free plan includes one target language',
  typeNotAvailable:
    'This project type is not available yet: only website and mobile app projects can be created for now',
  creationNeedsOrganisation:
    'Projects belong to an organisation: a super admin cannot create one. Sign in as the organisation admin.',
  creationNotForRole: 'Your role cannot create projects. Ask your organisation admin.',
  deleteDomainDone: 'Domain deleted',
  addDomainDone: 'Domain added',
  projectCreated: 'Project created',
  projectUpdated: 'Project updated',
  settingUpdated: 'Setting updated',
  segmentsDeleted: 'Segments deleted',
} as const;

export const projectIdSchema = z.uuid({ error: PROJECT_MESSAGES.projectIdInvalid });

/** A website address: `www.` gets https:// (spec §5), then it must be an http(s) URL. */
export const websiteUrlSchema = z
  .string({ error: PROJECT_MESSAGES.urlInvalid })
  .trim()
  .max(MAX_URL, { error: PROJECT_MESSAGES.urlInvalid })
  .transform((value) => normaliseWebsiteUrl(value))
  .refine(isValidWebsiteUrl, { error: PROJECT_MESSAGES.urlInvalid });

const targetLanguagesSchema = z
  .array(languageCodeSchema, { error: PROJECT_MESSAGES.languagesRequired })
  .min(1, { error: PROJECT_MESSAGES.languagesRequired })
  .max(120)
  .transform((codes) => [...new Set(codes)]);

const projectNameSchema = z.string().trim().min(1).max(MAX_NAME, { error: PROJECT_MESSAGES.nameTooLong });

export const createProjectRequestSchema = z.object({
  name: projectNameSchema.optional(),
  type: z.enum(PROJECT_TYPE_VALUES).default('website'),
  baseUrl: websiteUrlSchema.optional(),
  sourceLanguage: languageCodeSchema.default('en'),
  targetLanguages: targetLanguagesSchema,
  scopeType: z.enum(SCOPE_TYPE_VALUES).default('autoCrawl'),
});
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;

export const createMultiOriginProjectRequestSchema = z.object({
  name: projectNameSchema.optional(),
  origins: z
    .array(websiteUrlSchema, { error: PROJECT_MESSAGES.originsRequired })
    .min(1, { error: PROJECT_MESSAGES.originsRequired })
    .max(MAX_PROJECT_ORIGINS, { error: PROJECT_MESSAGES.tooManyOrigins }),
  sourceLanguage: languageCodeSchema.default('en'),
  targetLanguages: targetLanguagesSchema,
  scopeType: z.enum(SCOPE_TYPE_VALUES).default('autoCrawl'),
});
export type CreateMultiOriginProjectRequest = z.input<typeof createMultiOriginProjectRequestSchema>;

export const projectDomainSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  origin: z.string(),
  isPrimary: z.boolean(),
  active: z.boolean(),
});
export type ProjectDomain = z.infer<typeof projectDomainSchema>;

export const projectSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  type: z.enum(PROJECT_TYPE_VALUES),
  baseUrl: z.string(),
  hostname: z.string(),
  domains: z.array(projectDomainSchema),
  otherDomains: z.array(z.string()),
  sourceLanguage: z.string(),
  targetLanguages: z.array(z.string()),
  status: z.enum(PROJECT_CREATION_STATUSES),
  scopeType: z.enum(SCOPE_TYPE_VALUES),
  canonical: z.string().nullable(),
  lastProcessedUrl: z.string().nullable(),
  cache: z.boolean(),
  meta: z.boolean(),
  flags: z.record(z.string(), z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListRequestSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  searchText: z.string().trim().max(200).optional(),
  type: z.enum(PROJECT_TYPE_VALUES).optional(),
  status: z.enum(PROJECT_CREATION_STATUSES).optional(),
});
export type ProjectListRequest = z.input<typeof projectListRequestSchema>;

export const projectListResponseSchema = z.object({
  projectList: z.array(projectSchema),
  totalProjects: z.number().int(),
});

export const projectIdRequestSchema = z.object({ projectId: projectIdSchema });
export const projectResponseSchema = z.object({ project: projectSchema });

export const updateProjectRequestSchema = z.object({
  projectId: projectIdSchema,
  name: projectNameSchema.optional(),
  sourceLanguage: languageCodeSchema.optional(),
  targetLanguages: targetLanguagesSchema.optional(),
  scopeType: z.enum(SCOPE_TYPE_VALUES).optional(),
  status: z.enum(PROJECT_CREATION_STATUSES).optional(),
});
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;

export const deleteProjectRequestSchema = z.object({
  projectId: projectIdSchema,
  keepTm: z.boolean().default(true),
});
export const deleteProjectResponseSchema = z.object({ projectId: z.string(), keepTm: z.boolean() });

/** Word counts of spec §3 for a project or a URL. */
export const wordCountsSchema = z.object({
  sourceWordCount: z.number().int(),
  uniqueWordCount: z.number().int(),
  newContentWordCount: z.number().int(),
});
export type WordCounts = z.infer<typeof wordCountsSchema>;

export const projectStatsSchema = wordCountsSchema.extend({
  projectId: z.string(),
  /** Pages of the project: a URL that answered a redirect is not one (see `redirectUrls`). */
  totalUrls: z.number().int(),
  inScopeUrls: z.number().int(),
  /** URLs that answered a redirect to another URL. */
  redirectUrls: z.number().int(),
  crawledUrls: z.number().int(),
  failedUrls: z.number().int(),
  trackedUrls: z.number().int(),
  segmentCount: z.number().int(),
  newSegmentCount: z.number().int(),
  /**
   * Per target language: the source words to translate, and the words translated so far (from the
   * project's maintained translation counts, as /translation/status/wordcount).
   */
  languages: z.array(
    z.object({
      language: z.string(),
      sourceWordCount: z.number().int(),
      translatedWordCount: z.number().int(),
    }),
  ),
});
export const projectStatsResponseSchema = z.object({ stat: projectStatsSchema });

export const urlWiseStatsRequestSchema = z.object({
  projectId: projectIdSchema,
  urls: z
    .array(z.string().trim().min(1).max(MAX_URL))
    .max(MAX_URLS_PER_CALL, { error: PROJECT_MESSAGES.tooManyUrls })
    .default([]),
});
export const urlWiseStatSchema = wordCountsSchema.extend({
  url: z.string(),
  pageId: z.string().nullable(),
  status: z.string(),
  segmentCount: z.number().int(),
  lastCrawledAt: z.string().nullable(),
});
export const urlWiseStatsResponseSchema = z.object({ urlWiseStatData: z.array(urlWiseStatSchema) });

export const fetchProjectIdRequestSchema = z.object({ url: z.string().trim().max(MAX_URL).optional() });
export const fetchProjectIdResponseSchema = z.object({ projectId: z.string().nullable() });

export const addDomainRequestSchema = z.object({ projectId: projectIdSchema, url: websiteUrlSchema });
export const deleteDomainRequestSchema = z.object({
  projectId: projectIdSchema,
  domainId: z.uuid().optional(),
  hostname: z.string().trim().toLowerCase().max(253).optional(),
});
export const domainResponseSchema = z.object({ status: z.string(), domains: z.array(projectDomainSchema) });

export const wordCountResponseSchema = wordCountsSchema.extend({
  projectId: z.string(),
  /**
   * True while a crawl runs or a word recount (project/resync) is queued or running: the numbers
   * are about to change ('Wordcount will be updated shortly…'). Kept in the database, so every web
   * process answers the same.
   */
  updating: z.boolean(),
  translationWordCount: z.object({
    MACHINE: z.number().int(),
    USER: z.number().int(),
    PBK: z.number().int(),
  }),
  translatedWordCount: z.number().int(),
  transliteratedWordCount: z.number().int(),
});

export const deleteSegmentsRequestSchema = z.object({
  projectId: projectIdSchema,
  sourceHashes: z.array(z.string().trim().min(1).max(128)).min(1).max(MAX_SEGMENTS_PER_DELETE),
});
export const deleteSegmentsResponseSchema = z.object({ deleted: z.number().int() });

/** project/cache/update and project/meta/update (spec §7): switch `key` on or off. */
export const projectFlagRequestSchema = z.object({
  projectId: projectIdSchema,
  key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/),
  status: z.boolean(),
});

/** A failed domain add or delete: the dashboard shows `status` as the error text (spec §8). */
export const domainFailureSchema = failureSchema.extend({ status: z.string().optional() });
