import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ExecuteSql } from '@bhasha/db';

/** How worker processes tell each other they are alive (ADR 0034). */
export interface HeartbeatSettings {
  /** How often a worker refreshes its heartbeat and looks for workers that are gone (seconds). */
  intervalSeconds: number;
  /**
   * A worker whose heartbeat is older than this is gone and its jobs are retried (seconds). Long
   * enough that a busy event loop or a slow database never passes for a dead worker.
   */
  deadAfterSeconds: number;
}

/**
 * A lost job is retried within about 20 + 5 seconds (and the queue's retry delay) of its worker's
 * death; 20 seconds is four missed beats, far beyond any pause of a live worker's event loop.
 */
export const DEFAULT_HEARTBEAT_SETTINGS: HeartbeatSettings = { intervalSeconds: 5, deadAfterSeconds: 20 };

/** A pg-boss job that was running on a worker that is gone. */
export interface LostJob {
  id: string;
  name: string;
}

export interface WorkerHeartbeatOptions {
  /** SQL on the queue's own connections, so a busy application pool never delays a heartbeat. */
  executeSql: ExecuteSql;
  settings: HeartbeatSettings;
  /** Fails a lost job, so the queue retries it per its policy (pg-boss `fail`). */
  failLostJob(job: LostJob): Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * This process's entry in `job_workers` and the claims of the jobs it runs. Every interval it
 * refreshes its heartbeat, drops the claims of jobs it no longer runs, and takes over the jobs of
 * workers whose heartbeat stopped: their claims are removed in one statement (so of several live
 * workers exactly one sees each lost job) and the jobs still in the run that was claimed are
 * failed, which pg-boss retries at once on whichever worker fetches them next.
 */
export function createWorkerHeartbeat(options: WorkerHeartbeatOptions) {
  const { executeSql, settings, log } = options;
  const id = randomUUID();
  /** Jobs whose handler runs in this process now; their claims stay, the others are dropped. */
  const running = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;

  async function register(): Promise<void> {
    await executeSql(
      `INSERT INTO job_workers (id, host, pid) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
      [id, hostname(), process.pid],
    );
  }

  async function beat(): Promise<void> {
    const { rows } = await executeSql(
      `UPDATE job_workers SET heartbeat_at = now() WHERE id = $1 RETURNING id`,
      [id],
    );
    if (rows.length === 0) {
      // Another worker took this one for gone (its heartbeat stalled) and retried its jobs; the
      // handlers are idempotent, so the runs still going here do no harm. Be visible again.
      log.error({ workerId: id }, 'this worker missed its heartbeats; its jobs were retried elsewhere');
      await register();
    }
    await executeSql(`DELETE FROM job_claims WHERE worker_id = $1 AND NOT (job_id = ANY($2::uuid[]))`, [
      id,
      [...running],
    ]);
  }

  /** Fails the jobs of workers whose heartbeat stopped; answers them. */
  async function takeOverLostJobs(): Promise<LostJob[]> {
    // The claim's run is the one still active only if the job has not started again since it was
    // claimed (pg-boss keeps the id across retries; its expiry may have retried it already).
    const { rows } = await executeSql(
      `WITH gone AS (
         DELETE FROM job_workers WHERE heartbeat_at < now() - $1::float8 * interval '1 second'
         RETURNING id
       ), lost AS (
         DELETE FROM job_claims c USING gone WHERE c.worker_id = gone.id
         RETURNING c.job_id, c.job_name, c.claimed_at
       )
       SELECT lost.job_id::text AS id, lost.job_name AS name
       FROM lost JOIN pgboss.job j ON j.name = lost.job_name AND j.id = lost.job_id
       WHERE j.state = 'active' AND j.started_on <= lost.claimed_at`,
      [settings.deadAfterSeconds],
    );
    const lost = rows.map((row) => ({ id: String(row.id), name: String(row.name) }));
    for (const job of lost) await options.failLostJob(job);
    if (lost.length > 0) log.info({ jobs: lost }, 'retrying jobs of a worker that stopped');
    return lost;
  }

  async function tick(): Promise<void> {
    try {
      await beat();
      await takeOverLostJobs();
    } catch (error) {
      log.error({ err: error }, 'worker heartbeat failed');
    }
  }

  return {
    id,

    async start(): Promise<void> {
      await register();
      timer = setInterval(() => {
        ticking ??= tick().finally(() => (ticking = null));
      }, settings.intervalSeconds * 1000);
      // The heartbeat alone never keeps a process alive.
      timer.unref();
    },

    /** Records that this worker runs the job (before its handler starts). */
    async claim(jobName: string, jobId: string): Promise<void> {
      running.add(jobId);
      await executeSql(
        `INSERT INTO job_claims (job_id, job_name, worker_id) VALUES ($1, $2, $3)
         ON CONFLICT (job_id) DO UPDATE SET job_name = excluded.job_name, worker_id = excluded.worker_id,
           claimed_at = now()`,
        [jobId, jobName, id],
      );
    },

    /**
     * The handler returned. The claim stays until the next beat: by then the queue has recorded
     * the outcome, and a claim whose run is over is never acted on.
     */
    finished(jobId: string): void {
      running.delete(jobId);
    },

    takeOverLostJobs,

    /** Leaves the table; the queue has already failed what was still running (graceful stop). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      await executeSql(`DELETE FROM job_claims WHERE worker_id = $1`, [id]);
      await executeSql(`DELETE FROM job_workers WHERE id = $1`, [id]);
    },
  };
}

export type WorkerHeartbeat = ReturnType<typeof createWorkerHeartbeat>;
