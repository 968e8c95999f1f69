import { z } from 'zod';
import { NMT_MESSAGES, projectRoomOf } from '@bhasha/contract';
import { isMtError } from '@bhasha/mt';
import { defineJob } from '../../jobs/define-job';
import { finishRun, runMtStep } from './mt-run-step';
import { createMtRunsRepository } from './mt-runs.repository';

const RETRY_LIMIT = 3;

const payload = z.object({
  runId: z.uuid(),
  projectId: z.uuid(),
  /** Step number: each step's singleton key differs, so a continuation is never dropped as a duplicate. */
  step: z.number().int().nonnegative().default(0),
});

/**
 * One step of an NMT run (/translation/nmt/apply). Steps hand over to the next after a bounded
 * amount of work, so no step nears the job expiry and a lost worker costs one step's chunk.
 * Engine errors that a retry cannot fix (credentials, quota, language pair) end the run at once
 * with the engine's message; others are retried, and the last failed attempt ends the run.
 */
export const nmtApplyJob = defineJob({
  name: 'nmt.apply',
  payload,
  retry: { limit: RETRY_LIMIT, delaySeconds: 2, backoff: true },
  expireInSeconds: 15 * 60,
  progressRoom: (data) => projectRoomOf(data.projectId),
  async handler(data, context, deps) {
    const runtime = deps.mt;
    const runs = createMtRunsRepository(runtime.db);
    try {
      const outcome = await runMtStep(runtime, data.runId, context.signal, (done, total) =>
        context.reportProgress(done, total),
      );
      if (outcome === 'continue') {
        const next = data.step + 1;
        await runtime.jobs.send(
          nmtApplyJob,
          { ...data, step: next },
          { singletonKey: `${data.runId}:${next}` },
        );
      }
      return { outcome };
    } catch (error) {
      const isFinal = (isMtError(error) && !error.isRetryable) || context.retryCount >= RETRY_LIMIT;
      const message = isMtError(error) ? error.message : NMT_MESSAGES.runFailed;
      runtime.log.error(
        { err: isMtError(error) ? error.toJSON() : error, runId: data.runId, isFinal },
        'machine translation step failed',
      );
      if (isFinal) {
        await finishRun(runtime, runs, { id: data.runId, projectId: data.projectId }, 'failed', message);
        return { outcome: 'failed', message };
      }
      // The queue keeps a short message: vendor text and SQL can be long or hold odd characters.
      throw new Error(message, { cause: error });
    }
  },
});
