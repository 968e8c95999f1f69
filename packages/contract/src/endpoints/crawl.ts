import {
  crawlInfoSchema,
  lastCrawlRequestSchema,
  startCrawlRequestSchema,
  startCrawlResponseSchema,
} from '../api/crawl';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['crawl'], security: TOKEN_ONLY } as const;

/** Crawl calls of spec §7 "Projects" and "Scope and crawl". */
export const crawlEndpoints = {
  start: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/project/crawl',
    summary: 'Crawl the website from initUrl; the project becomes crawling',
    request: startCrawlRequestSchema,
    response: startCrawlResponseSchema,
    failures: [400, 404],
  }),
  last: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/scope/crawl/last',
    summary: 'The last crawl: status, last processed URL (else base URL), parsed URLs',
    request: lastCrawlRequestSchema,
    response: crawlInfoSchema,
    failures: [400, 404],
  }),
};
