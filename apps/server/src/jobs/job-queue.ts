import PgBoss from 'pg-boss';
import type { DbHandle } from '@bhasha/db';
import { SERVER_EVENTS, type JobProgress } from '@bhasha/contract';
import type { RealtimeEmitter } from '../realtime/realtime-emitter';
import type { JobDefinition } from './define-job';
import { createJobDeps, type JobDeps } from './job-deps';
import {
  createWorkerHeartbeat,
  DEFAULT_HEARTBEAT_SETTINGS,
  type HeartbeatSettings,
  type WorkerHeartbeat,
} from './worker-heartbeat';

export interface JobQueueOptions {
  handle: DbHandle;
  emitter: RealtimeEmitter;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often idle workers look for work, and maintenance finds lost jobs (seconds). */
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  /** How workers notice that one of them is gone (tests shorten it). */
  heartbeat?: HeartbeatSettings;
}

export interface SendOptions {
  /** A job with the same key that is still waiting or running is not queued again. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

// Any fixed number shared by every process that starts a queue on the same database.
const QUEUE_CREATION_LOCK_KEY = 727_274_002;

/** pg-boss on the product's own database (PGlite or PostgreSQL), with typed job definitions. */
export function createJobQueue(options: JobQueueOptions) {
  const { handle } = options;
  const boss =
    handle.kind === 'postgres' && handle.connectionString
      ? new PgBoss({
          connectionString: handle.connectionString,
          max: 4,
          maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
        })
      : new PgBoss({
          db: { executeSql: handle.executeSql },
          maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
        });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));

  const definitions = new Map<string, JobDefinition>();
  let started = false;
  let heartbeat: WorkerHeartbeat | null = null;

  async function ensureQueue(definition: JobDefinition): Promise<void> {
    await boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: definition.retry.backoff,
      expireInSeconds: definition.expireInSeconds,
    });
  }

  /**
   * pg-boss creates a queue's table without a lock: processes that start together on one
   * PostgreSQL (README "several worker processes") deadlock on it. One creates at a time.
   */
  async function withQueueCreationLock(create: () => Promise<void>): Promise<void> {
    if (!handle.pool) return create();
    const client = await handle.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [QUEUE_CREATION_LOCK_KEY]);
      await create();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_CREATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }

  /**
   * PGlite belongs to one process at a time, so a job still marked active when this process
   * opens it was left by a process that died: fail it now, which retries it per its policy.
   */
  async function releaseOrphanedJobs(): Promise<void> {
    if (handle.kind !== 'pglite') return;
    await handle.executeSql(`DELETE FROM job_claims; DELETE FROM job_workers`);
    const { rows } = await handle.executeSql(`SELECT id, name FROM pgboss.job WHERE state = 'active'`);
    for (const row of rows) {
      await boss.fail(String(row.name), String(row.id), {
        message: 'the worker stopped before the job finished',
      });
    }
    if (rows.length > 0)
      options.log.info({ count: rows.length }, 'retrying jobs left active by a stopped worker');
  }

  async function runJob(
    definition: JobDefinition,
    job: PgBoss.JobWithMetadata<unknown>,
    deps: JobDeps,
  ): Promise<unknown> {
    const payload: unknown = definition.payload.parse(job.data);
    const room = definition.progressRoom?.(payload) ?? null;
    const emit = (progress: JobProgress) => {
      if (room) options.emitter.emitToRoom(room, SERVER_EVENTS.jobProgressed, progress);
    };
    const controller = new AbortController();
    const result = await definition.handler(
      payload,
      {
        jobId: job.id,
        retryCount: job.retryCount,
        signal: controller.signal,
        reportProgress: (done, total) =>
          emit({ jobId: job.id, name: definition.name, done, total, state: 'active' }),
      },
      deps,
    );
    emit({ jobId: job.id, name: definition.name, done: 1, total: 1, state: 'completed' });
    return result;
  }

  return {
    boss,

    /**
     * Starts the queue; with `work` it also runs the handlers of the given definitions, each with
     * `deps` (the process's runtimes) as its third argument.
     */
    async start(
      jobDefinitions: JobDefinition[],
      { work, deps = createJobDeps({}) }: { work: boolean; deps?: JobDeps },
    ): Promise<void> {
      await boss.start();
      started = true;
      await withQueueCreationLock(async () => {
        for (const definition of jobDefinitions) {
          definitions.set(definition.name, definition);
          await ensureQueue(definition);
        }
      });
      if (!work) return;
      await releaseOrphanedJobs();
      // On PostgreSQL other processes run jobs too: a worker that dies (kill -9, a crash, a lost
      // machine) leaves its jobs active until they expire, up to 15 minutes. Live workers notice
      // its heartbeat stop and retry them within a minute (ADR 0034).
      const live = createWorkerHeartbeat({
        executeSql: (text, values) => boss.getDb().executeSql(text, values ?? []),
        settings: options.heartbeat ?? DEFAULT_HEARTBEAT_SETTINGS,
        failLostJob: ({ name, id }) =>
          boss
            .fail(name, id, { message: 'the worker stopped before the job finished' })
            .then(() => undefined),
        log: options.log,
      });
      await live.start();
      heartbeat = live;
      for (const definition of jobDefinitions) {
        await boss.work(
          definition.name,
          {
            batchSize: 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
            includeMetadata: true,
          },
          async ([job]) => {
            if (!job) return;
            await live.claim(definition.name, job.id);
            try {
              return await runJob(definition, job, deps);
            } finally {
              live.finished(job.id);
            }
          },
        );
      }
    },

    /** Queues a job after validating its payload; answers the job id, or null when deduplicated. */
    async send<D extends JobDefinition>(
      definition: D,
      payload: Parameters<D['handler']>[0],
      sendOptions: SendOptions = {},
    ) {
      if (!started) throw new Error('the job queue is not started');
      if (!definitions.has(definition.name)) await ensureQueue(definition);
      const data = definition.payload.parse(payload) as object;
      return boss.send(definition.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },

    async stop(): Promise<void> {
      if (!started) return;
      started = false;
      // The queue's connections stay open until this worker has left the heartbeat table: it
      // fails what is still running itself, so no peer need wait for its heartbeat to stop.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
      await heartbeat
        ?.stop()
        .catch((err: unknown) => options.log.error({ err }, 'worker heartbeat stop failed'));
      heartbeat = null;
      const db = boss.getDb() as PgBoss.Db & { isOurs?: boolean; close?: () => Promise<void> };
      if (db.isOurs) await db.close?.();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
