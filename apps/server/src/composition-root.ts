import type { DbHandle } from '@bhasha/db';
import type { AppConfig } from './config/load-config';
import { createJobDeps, type JobDeps } from './jobs/job-deps';
import type { JobQueue } from './jobs/job-queue';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { RealtimeEmitter } from './realtime/realtime-emitter';
import { closeCrawlRuntime, createCrawlRuntime, type CrawlSettings } from './modules/crawl/crawl-runtime';
import { createMtRuntime } from './modules/machine-translation/mt-runtime';
import type { MtEngineRegistry } from './modules/machine-translation/mt-engine-registry';
import { createTmxImportRuntime } from './modules/translation-memory/tmx-import-runtime';
import { createWebhookRuntime } from './modules/webhooks/webhook-runtime';

/** The side effects one process is built from, shared by its web services and its job handlers. */
export interface ProcessParts {
  config: AppConfig;
  handle: DbHandle;
  jobs: JobQueue;
  emitter: RealtimeEmitter;
  clock: Clock;
  log: Logger;
  /** One set of engine adapters (and their pacing) for the API and the machine translation jobs. */
  mtEngines: MtEngineRegistry;
  /** Crawl tuning instead of the defaults. */
  crawlSettings?: Partial<CrawlSettings>;
}

/**
 * The worker's half of the composition root: every job handler's `deps` (jobs/job-deps.ts), built
 * once per process from its parts. The web's half is `createServices` (services.ts), which
 * `buildApp` calls with the same parts; startServer (server.ts) builds both.
 */
export function composeJobDeps(parts: ProcessParts): { deps: JobDeps; close(): Promise<void> } {
  const { config, handle, jobs, emitter, clock, log } = parts;
  const crawl = createCrawlRuntime({
    db: handle.db,
    jobs,
    emitter,
    clock,
    allowPrivateNetwork: config.env.ALLOW_PRIVATE_NETWORK_FETCH,
    settings: parts.crawlSettings,
  });
  const mt = createMtRuntime({ db: handle.db, jobs, emitter, clock, engines: parts.mtEngines, log });
  // TMX imports read the uploads web processes stored under the data directory.
  const tmxImport = createTmxImportRuntime({ db: handle.db, emitter, clock, dataDir: config.dataDir, log });
  // Webhook deliveries go through the same private-network guard as the crawler.
  const webhooks = createWebhookRuntime({
    db: handle.db,
    jobs,
    clock,
    allowPrivateNetwork: config.env.ALLOW_PRIVATE_NETWORK_FETCH,
    log,
  });
  return {
    deps: createJobDeps({ crawl, mt, tmxImport, webhooks }),
    // The crawl's reader threads, once no job can hand them a page (they also stop when idle).
    close: () => closeCrawlRuntime(crawl),
  };
}
