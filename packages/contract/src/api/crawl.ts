import { z } from 'zod';
import { CRAWL_STATUSES } from '../constants/statuses';
import { projectIdSchema } from './projects';

/* Crawl calls of spec §7: project/crawl and scope/crawl/last, and the crawl's realtime events. */

export const startCrawlRequestSchema = z.object({
  projectId: projectIdSchema,
  /** Where to start; default the project's base URL. Must be on one of the project's domains. */
  initUrl: z.string().trim().max(2048).optional(),
});
export const startCrawlResponseSchema = z.object({
  projectId: z.string(),
  crawlId: z.string(),
  status: z.string(),
});

export const crawlInfoSchema = z.object({
  crawlId: z.string().nullable(),
  status: z.enum(CRAWL_STATUSES),
  /** Falls back to the project's base URL (spec §4). */
  lastProcessedUrl: z.string(),
  parsedUrls: z.number().int(),
  pagesDiscovered: z.number().int(),
  pagesFailed: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CrawlInfo = z.infer<typeof crawlInfoSchema>;
export const lastCrawlRequestSchema = z.object({ projectId: projectIdSchema });

/** Socket event pushed to the project room while a crawl runs. */
export const CRAWL_EVENTS = { crawlProgressed: 'crawl.progressed' } as const;
export const crawlProgressSchema = crawlInfoSchema.extend({
  projectId: z.string(),
  projectStatus: z.string(),
});
export type CrawlProgress = z.infer<typeof crawlProgressSchema>;

/** The room of a project: members of the project's organisation may join it. */
export function projectRoomOf(projectId: string): string {
  return `project:${projectId}`;
}
