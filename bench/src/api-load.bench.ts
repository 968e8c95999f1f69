import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { report } from './measure';

// The dashboard's list calls under load against the cheapest call of the same server
// (`GET /api/auth/fetchUIEndpoints`: no token, no database), all on loopback, load from
// autocannon in this process and the server (web role, PGlite) in a child
// (src/api-load/api-server.ts). BENCH_API_SECONDS shortens each run; BENCH_API_CPU_PROF=<folder>
// writes the server's V8 CPU profile there; BENCH_DATABASE_URL=postgres://…/any_db runs the server on
// a fresh PostgreSQL database of that server (the production topology) instead of PGlite.
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 50;
const P99_LIMIT_MS = 100;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  url: string,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
  token?: string,
): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: request.method,
    headers: {
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      // As the dashboard sends them: the token and the client's time (spec §7).
      ...(token ? { authorization: token, timezone: new Date().toISOString() } : {}),
    },
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    requests: [{ method: request.method, path: request.path }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

function startServer(): Promise<{
  child: ChildProcess;
  url: string;
  token: string;
  projectId: string;
}> {
  const profile = process.env.BENCH_API_CPU_PROF;
  const child = fork(join(import.meta.dirname, 'api-load', 'api-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
    // The server logs as production does (LOG_LEVEL info), to a file descriptor nobody reads.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API server exited ${code}`)));
    child.on('message', (message: { type: string; url: string; token: string; projectId: string }) => {
      if (message.type === 'ready') resolve({ child, ...message });
    });
  });
}

export async function benchApiLoad(): Promise<void> {
  process.stdout.write(
    `\nList calls under load (${CONNECTIONS} connections, ${SECONDS} s each, an organisation of 15 projects, web role on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`,
  );
  const server = await startServer();
  try {
    const { url, token, projectId } = server;
    const calls = [
      ['project list (POST /api/project)', { method: 'POST', path: '/api/project', body: {} }],
      [
        'translation filter (POST /api/translation/filter)',
        { method: 'POST', path: '/api/translation/filter', body: { projectId, targetLang: 'hi' } },
      ],
      ['scope list (GET /api/scope/…/1/10)', { method: 'GET', path: `/api/scope/${projectId}/1/10` }],
      ['user list (POST /api/user/list)', { method: 'POST', path: '/api/user/list', body: {} }],
    ] as const;
    // Warm-up: every route once, so first-call costs are not measured.
    await load(url, { method: 'GET', path: '/api/auth/fetchUIEndpoints' });
    for (const [, call] of calls) await load(url, call, token);
    const reference = await load(url, { method: 'GET', path: '/api/auth/fetchUIEndpoints' });
    process.stdout.write(
      `  reference GET /api/auth/fetchUIEndpoints: ${reference.requestsPerSecond.toFixed(0)} req/s, p50 ${reference.p50} ms, p99 ${reference.p99} ms, ${reference.errors} errors\n`,
    );
    for (const [name, call] of calls) {
      const result = await load(url, call, token);
      const ratio = result.requestsPerSecond / reference.requestsPerSecond;
      report(
        name,
        ratio,
        `≥ 0.3× fetchUIEndpoints, p99 ≤ ${P99_LIMIT_MS} ms, 0 errors`,
        ratio >= 0.3 && result.p99 <= P99_LIMIT_MS && result.errors === 0,
        `${result.requestsPerSecond.toFixed(0)} vs ${reference.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
      );
    }
  } finally {
    server.child.send({ type: 'stop' });
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}
