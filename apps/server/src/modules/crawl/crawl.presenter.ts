import type { CrawlInfo, CrawlStatus } from '@bhasha/contract';
import type { CrawlRow } from './crawls.repository';

/** Last-crawl info of spec §4: the last processed URL falls back to the project's base URL. */
export function presentCrawlInfo(crawl: CrawlRow | undefined, baseUrl: string): CrawlInfo {
  if (!crawl) {
    return {
      crawlId: null,
      status: 'INACTIVE',
      lastProcessedUrl: baseUrl,
      parsedUrls: 0,
      pagesDiscovered: 0,
      pagesFailed: 0,
      startedAt: null,
      finishedAt: null,
    };
  }
  return {
    crawlId: crawl.id,
    status: crawl.status as CrawlStatus,
    lastProcessedUrl: crawl.lastProcessedUrl ?? baseUrl,
    parsedUrls: crawl.pagesFetched,
    pagesDiscovered: crawl.pagesDiscovered,
    pagesFailed: crawl.pagesFailed,
    startedAt: crawl.startedAt?.toISOString() ?? null,
    finishedAt: crawl.finishedAt?.toISOString() ?? null,
  };
}
