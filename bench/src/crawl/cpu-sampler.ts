import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time of the crawl's own thread and of the PostgreSQL backends serving the crawl's database,
 * read from `/proc` (user + system, clock ticks of 10 ms), so a change's CPU per page shows on
 * either side of the connection even when wall time follows the machine's load (ADR 0013).
 *
 * The crawl thread is the process's main thread (`/proc/self/task/<pid>`); reader threads are
 * summed apart. Backends are found by `pg_stat_activity.datname` through a connection of their
 * own to another database (its CPU is not counted) and sampled every `ms`: a backend that ends
 * between samples loses its last interval, so the figure is a lower bound (the crawl's pool
 * keeps its connections for the whole run). Only meaningful with the server on this machine.
 */
export function sampleCpu(adminUrl: string | undefined, databaseName: string | undefined, ms = 300) {
  const backends = new Map<number, number>();
  const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : undefined;
  let connected: Promise<unknown> | undefined = admin?.connect();
  let busy = false;
  const sampleBackends = async () => {
    if (!admin || !databaseName || busy) return;
    busy = true;
    try {
      await connected;
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [databaseName],
      );
      for (const { pid } of rows) {
        const cpu = ticksOf(`/proc/${pid}/stat`);
        if (cpu !== null) backends.set(pid, Math.max(backends.get(pid) ?? 0, cpu));
      }
    } catch {
      connected = undefined;
    } finally {
      busy = false;
    }
  };
  const threadsBefore = threadTicks();
  const timer = setInterval(() => void sampleBackends(), ms);
  timer.unref();
  const startedBackends = sampleBackends();
  let baseline = 0;
  void startedBackends.then(() => {
    for (const ticks of backends.values()) baseline += ticks;
  });
  return {
    /** Stops sampling; answers the figures as text, per page of `pages` once the caller knows them. */
    async stop(): Promise<(pages: number) => string> {
      clearInterval(timer);
      await startedBackends;
      await sampleBackends();
      await admin?.end().catch(() => undefined);
      const threadsAfter = threadTicks();
      const mainMs = (threadsAfter.main - threadsBefore.main) * 10;
      const othersMs = (threadsAfter.others - threadsBefore.others) * 10;
      let backendTicks = -baseline;
      for (const ticks of backends.values()) backendTicks += ticks;
      const backendCount = backends.size;
      return (pages) => {
        const perPage = (msTotal: number) => (pages > 0 ? (msTotal / pages).toFixed(2) : '–');
        const server =
          admin && databaseName
            ? `, PostgreSQL backends ${((backendTicks * 10) / 1000).toFixed(2)} s (${perPage(backendTicks * 10)} ms/page, ${backendCount} backends)`
            : '';
        return (
          `CPU: crawl thread ${(mainMs / 1000).toFixed(2)} s (${perPage(mainMs)} ms/page), ` +
          `other threads ${(othersMs / 1000).toFixed(2)} s${server}`
        );
      };
    },
  };
}

/** utime + stime of one `/proc/…/stat`, in clock ticks; null once the process is gone. */
function ticksOf(path: string): number | null {
  try {
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** This process's main thread and all its other threads (readers, libuv, V8's helpers). */
function threadTicks(): { main: number; others: number } {
  const main = ticksOf(`/proc/self/task/${process.pid}/stat`) ?? 0;
  const all = ticksOf('/proc/self/stat') ?? 0;
  return { main, others: all - main };
}
