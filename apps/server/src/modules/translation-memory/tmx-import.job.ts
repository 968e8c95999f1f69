import { z } from 'zod';
import { TM_MESSAGES, projectRoomOf } from '@bhasha/contract';
import { TmxError } from '@bhasha/engine';
import { defineJob } from '../../jobs/define-job';
import { failTmxImport, isFinalImportError, runTmxImport } from './tmx-import-runtime';

const RETRY_LIMIT = 3;

/**
 * A stored TMX upload streamed into the project and the organisation's memory
 * (translation/tm/import/tmx; ADR 0019). A run that stops (worker killed, job expired) is run
 * again and resumes after the units already committed. A file that is not TMX, or is gone, ends
 * the import at once; other errors are retried, and the last failed attempt ends it.
 */
export const tmxImportJob = defineJob({
  name: 'tmx.import',
  payload: z.object({ importId: z.uuid(), projectId: z.uuid() }),
  retry: { limit: RETRY_LIMIT, delaySeconds: 2, backoff: true },
  // A 100 MB file is far inside this at the import's speed; a lost run resumes where it stopped.
  expireInSeconds: 30 * 60,
  progressRoom: (data) => projectRoomOf(data.projectId),
  async handler(data, context, deps) {
    const runtime = deps.tmxImport;
    try {
      const row = await runTmxImport(runtime, data.importId, {
        signal: context.signal,
        onProgress: (done, total) => context.reportProgress(done, total),
      });
      return { status: row?.status ?? 'missing' };
    } catch (error) {
      const isFinal = isFinalImportError(error) || context.retryCount >= RETRY_LIMIT;
      runtime.log.error({ err: error, importId: data.importId, isFinal }, 'TMX import failed');
      const message =
        error instanceof TmxError ? `${TM_MESSAGES.badTmx}: ${error.message}` : TM_MESSAGES.importFailed;
      if (isFinal) {
        await failTmxImport(runtime, data.importId, message);
        return { status: 'failed', message };
      }
      throw new Error(message, { cause: error });
    }
  },
});
