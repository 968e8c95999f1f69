import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import { silentLogger, type Logger } from '../../lib/logger';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import { createCrawlMemos, type CrawlMemos } from './crawl-memo';
import { createPageFetcher, DEFAULT_FETCHER_OPTIONS, type PageFetcher } from './page-fetcher';
import { createPageReaderPool, defaultReaderThreads, type PageReaderPool } from './page-reader-pool';

/** Crawl tuning; defaults suit a public website, tests shorten the delays. */
export interface CrawlSettings {
  /** URLs one claim takes (at least four per parallel lane). */
  batchSize: number;
  /**
   * How long one batch job keeps claiming slices before it hands over to the next job; well
   * under the job's expiry, so a running job is never taken for a lost one. Each hand-over
   * stops the lanes while the writer drains and the next job starts, so not much shorter.
   */
  batchTimeBudgetMs: number;
  /** Parallel requests to one host. */
  perHostConcurrency: number;
  /** Pause between two requests to the same host (robots.txt crawl-delay wins when larger, up to 10 s). */
  politenessDelayMs: number;
  /** URLs one crawl may discover (a project setting may lower it). */
  maxPages: number;
  /** Sitemap documents read per crawl (sitemap indexes included). */
  maxSitemaps: number;
  userAgent: string;
  /** A claimed URL not finished after this long is taken over by another run. */
  claimTimeoutMs: number;
  /**
   * Threads that read fetched pages (hash, parse, segment facts) while this one fetches and
   * writes; 0 reads on the crawl's own thread.
   */
  readerThreads: number;
}

export const DEFAULT_CRAWL_SETTINGS: CrawlSettings = {
  batchSize: 25,
  batchTimeBudgetMs: 5_000,
  perHostConcurrency: 2,
  politenessDelayMs: 200,
  maxPages: 5000,
  maxSitemaps: 20,
  userAgent: 'BhashaBot',
  claimTimeoutMs: 10 * 60 * 1000,
  readerThreads: defaultReaderThreads(),
};

/** What crawl and project jobs run with: the worker process's database, queue and emitter (JobDeps.crawl). */
export interface CrawlRuntime {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  emitter: RealtimeEmitter;
  clock: Clock;
  fetcher: PageFetcher;
  log: Logger;
  settings: CrawlSettings;
  /** The page readers, shared by the crawls of this process. */
  readers: PageReaderPool;
  /** What this process already wrote for its running crawls (crawl-memo.ts). */
  memos: CrawlMemos;
}

/** Stops what the runtime started (its reader threads); they also stop when idle. */
export async function closeCrawlRuntime(runtime: CrawlRuntime): Promise<void> {
  await runtime.readers.close();
}

/** The runtime of a server process: fetches guarded by ALLOW_PRIVATE_NETWORK_FETCH. */
export function createCrawlRuntime(
  deps: Omit<CrawlRuntime, 'fetcher' | 'settings' | 'log' | 'readers' | 'memos'> & {
    allowPrivateNetwork: boolean;
    log?: Logger;
    settings?: Partial<CrawlSettings>;
  },
): CrawlRuntime {
  const settings = { ...DEFAULT_CRAWL_SETTINGS, ...deps.settings };
  return {
    db: deps.db,
    jobs: deps.jobs,
    emitter: deps.emitter,
    clock: deps.clock,
    log: deps.log ?? silentLogger,
    settings,
    readers: createPageReaderPool({ threads: settings.readerThreads }),
    memos: createCrawlMemos(),
    fetcher: createPageFetcher({
      ...DEFAULT_FETCHER_OPTIONS,
      allowPrivateNetwork: deps.allowPrivateNetwork,
      connectionsPerOrigin: settings.perHostConcurrency,
    }),
  };
}
