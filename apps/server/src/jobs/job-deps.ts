import type { CrawlRuntime } from '../modules/crawl/crawl-runtime';
import type { MtRuntime } from '../modules/machine-translation/mt-runtime';
import type { TmxImportRuntime } from '../modules/translation-memory/tmx-import-runtime';
import type { WebhookRuntime } from '../modules/webhooks/webhook-runtime';

/**
 * What job handlers run with besides their payload and context: the side effects of the process
 * that works the queue (its database, queue, emitter, clock, fetchers and engines), built once by
 * the composition root (composition-root.ts) and handed to every handler as its third argument.
 */
export interface JobDeps {
  /** Crawl, tracking, project and domain ownership jobs. */
  readonly crawl: CrawlRuntime;
  /** Machine translation runs. */
  readonly mt: MtRuntime;
  /** TMX imports. */
  readonly tmxImport: TmxImportRuntime;
  /** Outgoing webhook deliveries. */
  readonly webhooks: WebhookRuntime;
}

/**
 * Job dependencies from the runtimes a process has. A process (or a test) that works only some
 * queues may leave the others out: a handler that asks for a missing one fails its job, loudly.
 */
export function createJobDeps(parts: Partial<JobDeps>): JobDeps {
  const need = <K extends keyof JobDeps>(key: K): JobDeps[K] => {
    const part = parts[key];
    if (!part) throw new Error(`a job needs the ${key} runtime, which this process was not given`);
    return part;
  };
  return {
    get crawl() {
      return need('crawl');
    },
    get mt() {
      return need('mt');
    },
    get tmxImport() {
      return need('tmxImport');
    },
    get webhooks() {
      return need('webhooks');
    },
  };
}
