import type { CrawlInfo, Project, ResponseAt, ScopeUrl } from '@bhasha/contract';

/**
 * A website project as /project/details answers it, for dashboard tests: `hostnames[0]` is the
 * primary domain (`d1`), the rest its other domains (`d2`, …); `overrides` set anything else.
 */
export function buildProject(
  hostnames: readonly string[] = ['ministry.gov.in'],
  overrides: Partial<Project> = {},
): Project {
  const primary = hostnames[0] ?? 'ministry.gov.in';
  return {
    id: 'p1',
    projectId: 'p1',
    name: 'Ministry site',
    type: 'website',
    baseUrl: `https://${primary}/`,
    hostname: primary,
    domains: hostnames.map((hostname, index) => ({
      id: `d${index + 1}`,
      hostname,
      origin: `https://${hostname}`,
      isPrimary: index === 0,
      active: true,
    })),
    otherDomains: hostnames.slice(1),
    sourceLanguage: 'en',
    targetLanguages: ['hi', 'mr'],
    status: 'parsed',
    scopeType: 'autoCrawl',
    canonical: null,
    lastProcessedUrl: null,
    cache: false,
    meta: true,
    flags: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A crawled, in-scope URL of the Scope list at `path` of ministry.gov.in; `overrides` set anything else. */
export function buildScopeUrl(id: string, path: string, overrides: Partial<ScopeUrl> = {}): ScopeUrl {
  return {
    id,
    url: `https://ministry.gov.in${path}`,
    hostname: 'ministry.gov.in',
    inScope: true,
    tracked: false,
    status: 'fetched',
    httpStatus: 200,
    sourceWordCount: 120,
    uniqueWordCount: 80,
    newContentWordCount: 80,
    segmentCount: 12,
    lastCrawledAt: '2026-01-01T00:00:00.000Z',
    redirectsTo: null,
    redirects: [],
    redirectCount: 0,
    ...overrides,
  };
}

/** The stats of a crawled project with nothing translated yet, as /project/stats answers them. */
export function buildProjectStats(
  overrides: Partial<ResponseAt<'project/stats'>['stat']> = {},
): ResponseAt<'project/stats'>['stat'] {
  return {
    projectId: 'p1',
    sourceWordCount: 120,
    uniqueWordCount: 80,
    newContentWordCount: 80,
    totalUrls: 1,
    inScopeUrls: 1,
    redirectUrls: 0,
    crawledUrls: 1,
    failedUrls: 0,
    trackedUrls: 0,
    segmentCount: 12,
    newSegmentCount: 12,
    languages: [{ language: 'hi', sourceWordCount: 80, translatedWordCount: 0 }],
    ...overrides,
  };
}

/** A finished crawl of ministry.gov.in, as /scope/crawl/last answers it. */
export function buildCrawlInfo(overrides: Partial<CrawlInfo> = {}): CrawlInfo {
  return {
    crawlId: 'c1',
    status: 'COMPLETED',
    lastProcessedUrl: 'https://ministry.gov.in/',
    parsedUrls: 1,
    pagesDiscovered: 1,
    pagesFailed: 0,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:01:00.000Z',
    ...overrides,
  };
}
