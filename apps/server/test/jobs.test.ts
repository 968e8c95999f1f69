import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@bhasha/db';
import { createJobQueue } from '../src/jobs/job-queue';
import { jobDefinitions } from '../src/jobs/registry';
import { silentLogger } from '../src/lib/logger';
import { silentEmitter } from '../src/realtime/realtime-emitter';
import { createTestDb } from './support/test-db';

const workerScript = join(import.meta.dirname, 'support', 'job-worker.ts');

function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  lines: string[];
  waitFor(line: string, ms?: number): Promise<void>;
} {
  // tsx as a loader, not its CLI: the CLI forks a second process, which a kill -9 would miss.
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<{ line: string; resolve: () => void }> = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.line === line)) waiter.resolve();
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    child,
    lines,
    waitFor(line, ms = 60_000) {
      if (lines.includes(line)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`worker never printed ${line}; stdout: ${lines.join('|')} stderr: ${stderr}`)),
          ms,
        );
        waiters.push({ line, resolve: () => (clearTimeout(timer), resolve()) });
        child.once('exit', (code) =>
          reject(new Error(`worker exited (${code}) before ${line}; stderr: ${stderr}`)),
        );
      });
    },
  };
}

function stopGracefully(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function expectCompletedOnce(handle: DbHandle, key: string) {
  const effects = await handle.executeSql(
    `SELECT step FROM test_job_effects WHERE job_key = $1 ORDER BY step`,
    [key],
  );
  expect(effects.rows.map((r) => Number(r.step))).toEqual([0, 1, 2, 3, 4, 5]);
  const runs = await handle.executeSql(
    `SELECT retry_count, completed FROM test_job_runs WHERE job_key = $1 ORDER BY retry_count`,
    [key],
  );
  // The first run was killed mid-way; exactly one later run finished.
  expect(runs.rows.filter((r) => r.completed === true)).toHaveLength(1);
  expect(runs.rows[0]).toMatchObject({ retry_count: 0, completed: false });
  const job = await handle.executeSql(
    `SELECT state FROM pgboss.job WHERE name = 'test.slow-steps' AND data->>'key' = $1`,
    [key],
  );
  expect(job.rows.map((r) => r.state)).toEqual(['completed']);
}

describe('a job survives a killed worker', () => {
  it('on PGlite: kill -9 mid-job, a new process finishes it exactly once in effect', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bhasha-jobs-'));
    const first = startWorker({ WORKER_PGLITE_DIR: dir, WORKER_SEND_KEY: 'pglite-job' });
    await first.waitFor('STEP 2');
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(first.lines).not.toContain('COMPLETED');

    const second = startWorker({ WORKER_PGLITE_DIR: dir });
    await second.waitFor('COMPLETED');
    await stopGracefully(second.child);

    const handle = await createDb({ pgliteDir: dir });
    try {
      await expectCompletedOnce(handle, 'pglite-job');
    } finally {
      await handle.close();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: the expired job is retried by another worker',
    async () => {
      const handle = await createTestDb();
      try {
        const first = startWorker({ WORKER_DATABASE_URL: handle.url!, WORKER_SEND_KEY: 'pg-job' });
        await first.waitFor('STEP 2');
        first.child.kill('SIGKILL');
        await new Promise((resolve) => first.child.once('exit', resolve));

        const second = startWorker({ WORKER_DATABASE_URL: handle.url! });
        await second.waitFor('COMPLETED');
        await stopGracefully(second.child);
        await expectCompletedOnce(handle, 'pg-job');
      } finally {
        await handle.close();
      }
    },
    120_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: a worker's heartbeat stops, another running worker takes its job long before it expires",
    async () => {
      const handle = await createTestDb();
      // The product's expiry (15 minutes): only the heartbeat can bring the job back in time.
      const env = {
        WORKER_DATABASE_URL: handle.url!,
        WORKER_EXPIRE_SECONDS: String(15 * 60),
        WORKER_HEARTBEAT_SECONDS: '1,4',
      };
      const workers = [startWorker({ ...env, WORKER_SEND_KEY: 'heartbeat-job' }), startWorker(env)];
      try {
        // Either worker may fetch the job: kill the one that runs it.
        const running = await Promise.race(
          workers.map((worker) => worker.waitFor('STEP 2').then(() => worker)),
        );
        const other = workers.find((worker) => worker !== running)!;
        running.child.kill('SIGKILL');
        await new Promise((resolve) => running.child.once('exit', resolve));
        const killedAt = Date.now();

        await other.waitFor('COMPLETED', 30_000);
        // Noticed after 4 s without a heartbeat, checked every second, retried after 1 s.
        expect(Date.now() - killedAt).toBeLessThan(20_000);
        await stopGracefully(other.child);
        await expectCompletedOnce(handle, 'heartbeat-job');
        const left = await handle.executeSql(
          `SELECT (SELECT count(*)::int FROM job_workers) AS workers, (SELECT count(*)::int FROM job_claims) AS claims`,
        );
        // The dead worker was removed by its peer, the live one left on its way out.
        expect(left.rows[0]).toEqual({ workers: 0, claims: 0 });
      } finally {
        for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
        await handle.close();
      }
    },
    120_000,
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('processes starting together on one PostgreSQL', () => {
  it('all start their queues on a fresh database (pg-boss alone deadlocks creating them)', async () => {
    const first = await createTestDb();
    const handles = [
      first,
      ...(await Promise.all([0, 1, 2].map(() => createDb({ databaseUrl: first.url! })))),
    ];
    try {
      const queues = handles.map((handle) =>
        createJobQueue({ handle, emitter: silentEmitter, log: silentLogger }),
      );
      const started = await Promise.allSettled(
        queues.map((queue) => queue.start(jobDefinitions, { work: false })),
      );
      await Promise.all(queues.map((queue) => queue.stop()));
      expect(
        started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started')),
      ).toEqual(['started', 'started', 'started', 'started']);
    } finally {
      for (const handle of handles.slice(1)) await handle.close();
      await first.close();
    }
  }, 60_000);
});
