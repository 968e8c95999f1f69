import { z } from 'zod';
import { projectRoomOf } from '@bhasha/contract';
import { defineJob } from '../../jobs/define-job';
import { createCrawlRunner, safeMessage, type CrawlJobPayload } from './crawl-runner';
import type { CrawlRuntime } from './crawl-runtime';
import { createCrawlsRepository } from './crawls.repository';

const crawlPayload = z.object({
  crawlId: z.uuid(),
  projectId: z.uuid(),
  mode: z.enum(['full', 'urls']),
  /** Batch sequence number: keeps each batch's singleton key distinct. */
  seq: z.number().int().nonnegative().default(0),
});

function runner(runtime: CrawlRuntime, seq: number) {
  return createCrawlRunner(runtime, async (payload: CrawlJobPayload, delaySeconds?: number) => {
    const next = seq + 1;
    await runtime.jobs.send(
      crawlBatchJob,
      { ...payload, seq: next },
      {
        singletonKey: `${payload.crawlId}:${next}`,
        ...(delaySeconds ? { startAfterSeconds: delaySeconds } : {}),
      },
    );
  });
}

/** Starts a crawl: robots.txt, sitemaps and the first URL, then the first batch. */
export const crawlStartJob = defineJob({
  name: 'crawl.start',
  payload: crawlPayload,
  retry: { limit: 3, delaySeconds: 2, backoff: true },
  expireInSeconds: 10 * 60,
  progressRoom: (payload) => projectRoomOf(payload.projectId),
  async handler(payload, context, deps) {
    const crawl = runner(deps.crawl, payload.seq);
    try {
      await crawl.start(payload, context.signal);
    } catch (error) {
      // The last attempt failed: the crawl is over, the project shows crawlingFailed.
      if (context.retryCount >= 3) await failLastAttempt(deps.crawl, crawl, payload.crawlId, error);
      throw queueSafe(error);
    }
  },
});

/** Fetches one batch of queued URLs of a crawl and queues the next batch. */
export const crawlBatchJob = defineJob({
  name: 'crawl.fetch-batch',
  payload: crawlPayload,
  retry: { limit: 5, delaySeconds: 1, backoff: true },
  expireInSeconds: 15 * 60,
  progressRoom: (payload) => projectRoomOf(payload.projectId),
  async handler(payload, context, deps) {
    const crawl = runner(deps.crawl, payload.seq);
    try {
      await crawl.batch(payload, context.jobId, context.signal, (done, total) =>
        context.reportProgress(done, total),
      );
    } catch (error) {
      if (context.retryCount >= 5) await failLastAttempt(deps.crawl, crawl, payload.crawlId, error);
      throw queueSafe(error);
    }
  },
});

/**
 * The error the queue records: database errors carry whole statements and page text, which is
 * large and may hold characters the queue's JSON column refuses; keep a short, clean message.
 */
function queueSafe(error: unknown): Error {
  return new Error(error instanceof Error ? safeMessage(error.message) : 'The crawl step failed');
}

async function failLastAttempt(
  runtime: CrawlRuntime,
  crawl: ReturnType<typeof runner>,
  crawlId: string,
  error: unknown,
): Promise<void> {
  const row = await createCrawlsRepository(runtime.db).findById(crawlId);
  if (row)
    await crawl.failCrawl(row, error instanceof Error ? safeMessage(error.message) : 'The crawl failed');
}

export const crawlJobDefinitions = [crawlStartJob, crawlBatchJob];
