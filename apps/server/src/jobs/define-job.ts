import type { z } from 'zod';
import type { JobDeps } from './job-deps';

/** What a running job may use besides its payload. */
export interface JobContext {
  jobId: string;
  /** How many times this job ran before (0 on the first run). */
  retryCount: number;
  /** Reports progress; pushed to the room the payload names (or nowhere) as `job.progressed`. */
  reportProgress(done: number, total: number): void;
  signal: AbortSignal;
}

/**
 * A background job: a name (`<domain>.<action>`), the zod schema of its payload and its handler.
 * Handlers must be idempotent: a job whose worker died is run again from the start.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** A run still active after this long is treated as lost and retried. */
  expireInSeconds: number;
  /** Room that progress events go to, if any. */
  progressRoom?: (payload: z.infer<S>) => string | null;
  handler(payload: z.infer<S>, context: JobContext, deps: JobDeps): Promise<unknown>;
}

/** Declares a job with its defaults: three retries with exponential backoff, 15 minutes to finish. */
export function defineJob<S extends z.ZodType>(
  definition: Omit<JobDefinition<S>, 'retry' | 'expireInSeconds'> &
    Partial<Pick<JobDefinition<S>, 'retry' | 'expireInSeconds'>>,
): JobDefinition<S> {
  return {
    retry: { limit: 3, delaySeconds: 5, backoff: true },
    expireInSeconds: 15 * 60,
    ...definition,
  };
}
