import type { ScopeUrl } from '@bhasha/contract';
import type { PageRow } from './pages.repository';

/** What leaves the server about a URL of a project's scope. */
export function presentScopeUrl(row: PageRow): ScopeUrl {
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
  };
}
