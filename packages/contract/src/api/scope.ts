import { z } from 'zod';
import { MAX_URLS_PER_CALL, PROJECT_MESSAGES, projectIdSchema } from './projects';

/* Scope calls of spec §7 "Scope and crawl": the URLs of a website project, their scope and tracking switches. */

/** URLs per page of `scope/allUrl` (spec §9: the dashboard loads page part 0 and removes duplicates). */
export const SCOPE_ALL_URL_PART_SIZE = 1000;
/** Largest URL list file accepted by scope/upload and project/scope. */
export const SCOPE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** URLs read from one uploaded list. */
export const SCOPE_UPLOAD_MAX_URLS = 10_000;

export const SCOPE_MESSAGES = {
  urlsAdded: 'Urls added to scope',
  uploadFileRequired: 'Please upload a CSV or TXT file of URLs',
  uploadTooLarge: 'The file is too large',
  uploadWrongType: 'Please upload a CSV or TXT file of URLs',
  toggled: 'Updated',
  flushStarted: 'The page will be fetched again shortly',
  trackingStarted: 'Tracked URLs will be checked shortly',
  urlNotFound: 'This URL is not part of the project',
  fileNotFound: 'This tracking file was not found',
} as const;

export const scopeUrlSchema = z.object({
  id: z.string(),
  url: z.string(),
  hostname: z.string(),
  inScope: z.boolean(),
  tracked: z.boolean(),
  status: z.string(),
  httpStatus: z.number().int().nullable(),
  sourceWordCount: z.number().int(),
  uniqueWordCount: z.number().int(),
  newContentWordCount: z.number().int(),
  segmentCount: z.number().int(),
  lastCrawledAt: z.string().nullable(),
  /** A redirect's target (normalised), when it stays in the project; null for pages. */
  redirectsTo: z.string().nullable(),
  /** The URLs that redirect to this page, folded under it (at most SCOPE_FOLDED_REDIRECTS). */
  redirects: z.array(z.object({ id: z.string(), url: z.string(), httpStatus: z.number().int().nullable() })),
  /** How many URLs redirect to this page (the list above may be cut). */
  redirectCount: z.number().int(),
});
export type ScopeUrl = z.infer<typeof scopeUrlSchema>;

/** Redirecting URLs listed under their page in a scope list; the count says how many there are. */
export const SCOPE_FOLDED_REDIRECTS = 20;

/**
 * Which rows a scope list shows: pages (default; a URL that answered a redirect is not a page,
 * it is folded under its target), only the redirecting URLs, or every URL.
 */
export const SCOPE_SHOW_VALUES = ['pages', 'redirects', 'all'] as const;
export type ScopeShow = (typeof SCOPE_SHOW_VALUES)[number];
const scopeShowSchema = z.enum(SCOPE_SHOW_VALUES).default('pages');

export const scopeListResponseSchema = z.object({
  urlList: z.array(scopeUrlSchema),
  total: z.number().int(),
  /** Redirecting URLs matching the same search and domain (not counted in `total` for pages). */
  redirectTotal: z.number().int(),
});

export const scopePageParamsSchema = z.object({
  projectId: projectIdSchema,
  pageNumber: z.coerce.number().int().min(1).max(1_000_000),
  pageSize: z.coerce.number().int().min(1).max(500),
});
export const searchTextQuerySchema = z.object({
  searchText: z.string().trim().max(500).optional(),
  show: scopeShowSchema,
});

export const idParamsSchema = z.object({ id: projectIdSchema });
export const allUrlQuerySchema = z.object({
  pagePart: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const allUrlResponseSchema = z.object({
  urlList: z.array(z.string()),
  total: z.number().int(),
  pagePart: z.number().int(),
  hasMore: z.boolean(),
});

export const scopeUrlsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  search: z.string().trim().max(500).optional(),
  selectedHostname: z.string().trim().toLowerCase().max(253).optional(),
  show: scopeShowSchema,
});

export const scopeProjectRequestSchema = z.object({ projectId: projectIdSchema });

export const domainWiseUrlsResponseSchema = z.object({
  domainList: z.array(
    z.object({
      hostname: z.string(),
      total: z.number().int(),
      inScope: z.number().int(),
      tracked: z.number().int(),
    }),
  ),
});
export const fetchAllDomainsResponseSchema = z.object({
  domainList: z.array(
    z.object({ id: z.string(), hostname: z.string(), origin: z.string(), active: z.boolean() }),
  ),
  totalDomain: z.number().int(),
});
export const uniqueDomainsResponseSchema = z.object({ uniqueDomains: z.array(z.string()) });

const scopeUrlInput = z.string().trim().min(1).max(2048);

export const flushRequestSchema = z.object({ projectId: projectIdSchema, url: scopeUrlInput });
export const flushResponseSchema = z.object({ crawlId: z.string() });

export const addUrlsRequestSchema = z.object({
  projectId: projectIdSchema,
  urls: z.array(scopeUrlInput).min(1).max(MAX_URLS_PER_CALL, { error: PROJECT_MESSAGES.tooManyUrls }),
});
export const addUrlsResponseSchema = z.object({
  added: z.number().int(),
  existing: z.number().int(),
  failed: z.array(z.object({ url: z.string(), reason: z.string() })),
});

export const fetchByDomainRequestSchema = z.object({
  projectId: projectIdSchema,
  hostname: z.string().trim().toLowerCase().min(1).max(253),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export const fetchByUrlRequestSchema = z.object({ projectId: projectIdSchema, url: scopeUrlInput });
export const fetchByUrlResponseSchema = z.object({ url: scopeUrlSchema });

/** Which URLs a toggle applies to: ids, or URLs as the list shows them. */
const urlSelection = {
  projectId: projectIdSchema,
  urlIds: z.array(z.uuid()).max(MAX_URLS_PER_CALL).default([]),
  urls: z.array(scopeUrlInput).max(MAX_URLS_PER_CALL).default([]),
};
export const scopeToggleRequestSchema = z.object({ ...urlSelection, inScope: z.boolean() });
export const trackingToggleRequestSchema = z.object({ ...urlSelection, tracked: z.boolean() });
export const toggleResponseSchema = z.object({ updated: z.number().int() });

export const pagedProjectRequestSchema = z.object({
  projectId: projectIdSchema,
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export const trackingUrlsResponseSchema = z.object({
  trackingUrls: z.array(scopeUrlSchema),
  total: z.number().int(),
});

export const trackingFilesRequestSchema = z.object({
  projectId: projectIdSchema,
  urlId: z.uuid().optional(),
  url: scopeUrlInput.optional(),
});
export const trackingFileSchema = z.object({
  id: z.string(),
  contentHash: z.string(),
  fetchedAt: z.string(),
  size: z.number().int(),
});
export const trackingFilesResponseSchema = z.object({ url: z.string(), files: z.array(trackingFileSchema) });

export const trackingFileRequestSchema = z.object({ projectId: projectIdSchema, fileId: z.uuid() });
export const trackingFileSrcResponseSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  fetchedAt: z.string(),
  /** The page's HTML as fetched; show it as text or in a sandboxed frame, never inject it. */
  src: z.string(),
});
export const fileHtmlsRequestSchema = z.object({
  projectId: projectIdSchema,
  fileIds: z.array(z.uuid()).min(1).max(10),
});
export const fileHtmlsResponseSchema = z.object({
  htmls: z.array(z.object({ fileId: z.string(), fetchedAt: z.string(), html: z.string() })),
});

/** Tracking for every in-scope URL of the project, on or off. */
export const enableUrlTrackRequestSchema = z.object({ projectId: projectIdSchema, status: z.boolean() });
export const trackerRunResponseSchema = z.object({ crawlId: z.string().nullable(), urls: z.number().int() });

/** Segments per page of the URL preview (scope/pageSegments). */
export const PAGE_SEGMENTS_MAX_PAGE_SIZE = 200;

/** scope/pageSegments: the segments extracted from one URL of the project, in page order. */
export const pageSegmentsRequestSchema = z.object({
  projectId: projectIdSchema,
  urlId: z.uuid(),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SEGMENTS_MAX_PAGE_SIZE).default(50),
});
export const pageSegmentSchema = z.object({
  sourceHash: z.string(),
  text: z.string(),
  /** A segment kind of the engine: text, attribute, title, meta. */
  kind: z.string(),
  wordCount: z.number().int(),
  /** First seen in the latest crawl that found it (new content). */
  isNew: z.boolean(),
  /** How often the segment occurs on this page. */
  occurrences: z.number().int(),
});
export type PageSegment = z.infer<typeof pageSegmentSchema>;
export const pageSegmentsResponseSchema = z.object({
  url: scopeUrlSchema,
  segments: z.array(pageSegmentSchema),
  total: z.number().int(),
});
export type PageSegmentsResponse = z.infer<typeof pageSegmentsResponseSchema>;
