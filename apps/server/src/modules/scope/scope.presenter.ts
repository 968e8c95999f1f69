import type { ScopeUrl } from '@bhasha/contract';
import type { ListedPage, PageRow } from './pages.repository';

/** What leaves the server about a URL of a project's scope (with its folded redirects, when listed). */
export function presentScopeUrl(row: PageRow | ListedPage): ScopeUrl {
  return {
    id: row.id,
    url: row.url,
    hostname: row.hostname,
    inScope: row.inScope,
    tracked: row.tracked,
    status: row.status,
    httpStatus: row.httpStatus,
    sourceWordCount: row.sourceWordCount,
    uniqueWordCount: row.uniqueWordCount,
    newContentWordCount: row.newContentWordCount,
    segmentCount: row.segmentCount,
    lastCrawledAt: row.lastCrawledAt?.toISOString() ?? null,
    redirectsTo: row.status === 'redirected' ? row.canonicalUrl : null,
    redirects: 'redirects' in row ? row.redirects : [],
    redirectCount: 'redirectCount' in row ? row.redirectCount : 0,
  };
}
