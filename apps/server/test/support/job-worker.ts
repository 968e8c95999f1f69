/**
 * A worker process for the crash test: runs one idempotent multi-step job against the database
 * named by WORKER_PGLITE_DIR or WORKER_DATABASE_URL, printing each step so the test can kill it.
 * WORKER_EXPIRE_SECONDS sets the job's expiry, WORKER_HEARTBEAT_SECONDS (`interval,deadAfter`)
 * the workers' heartbeat.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { createDb } from '@bhasha/db';
import { defineJob } from '../../src/jobs/define-job';
import { createJobQueue } from '../../src/jobs/job-queue';
import { silentEmitter } from '../../src/realtime/realtime-emitter';

const STEPS = 6;
const handle = await createDb({
  databaseUrl: process.env.WORKER_DATABASE_URL,
  pgliteDir: process.env.WORKER_PGLITE_DIR ?? 'memory',
});
await handle.migrate();
await handle.executeSql(
  `CREATE TABLE IF NOT EXISTS test_job_effects (job_key text, step int, PRIMARY KEY (job_key, step));
   CREATE TABLE IF NOT EXISTS test_job_runs (job_key text, retry_count int, completed boolean)`,
);

const slowSteps = defineJob({
  name: 'test.slow-steps',
  payload: z.object({ key: z.string() }),
  retry: { limit: 2, delaySeconds: 1, backoff: false },
  // Short by default, so the expiry test need not wait; the heartbeat test keeps the product's 15 minutes.
  expireInSeconds: Number(process.env.WORKER_EXPIRE_SECONDS ?? 3),
  async handler({ key }, context) {
    await handle.executeSql(`INSERT INTO test_job_runs VALUES ($1, $2, false)`, [key, context.retryCount]);
    for (let step = 0; step < STEPS; step += 1) {
      // The effect of each step is keyed, so a rerun after a crash redoes nothing twice.
      await handle.executeSql(`INSERT INTO test_job_effects VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        key,
        step,
      ]);
      context.reportProgress(step + 1, STEPS);
      process.stdout.write(`STEP ${step}\n`);
      await sleep(250);
    }
    await handle.executeSql(
      `UPDATE test_job_runs SET completed = true WHERE job_key = $1 AND retry_count = $2`,
      [key, context.retryCount],
    );
    process.stdout.write('COMPLETED\n');
    return { steps: STEPS };
  },
});

const queue = createJobQueue({
  handle,
  emitter: silentEmitter,
  log: {
    info: () => undefined,
    error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
  },
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  ...(process.env.WORKER_HEARTBEAT_SECONDS
    ? {
        heartbeat: {
          intervalSeconds: Number(process.env.WORKER_HEARTBEAT_SECONDS.split(',')[0]),
          deadAfterSeconds: Number(process.env.WORKER_HEARTBEAT_SECONDS.split(',')[1]),
        },
      }
    : {}),
});
await queue.start([slowSteps], { work: true });
if (process.env.WORKER_SEND_KEY) await queue.send(slowSteps, { key: process.env.WORKER_SEND_KEY });
process.stdout.write('READY\n');

process.on('SIGTERM', () => {
  void queue
    .stop()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
