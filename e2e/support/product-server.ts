import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@bhasha/contract/testing';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ProductServer {
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  output(): string;
  stop(): Promise<void>;
}

export interface ProductServerOptions {
  /** SMTP_URL of a loopback SMTP server (see mail-catcher.ts); without it e-mail stays in a log. */
  smtpUrl?: string;
  /** Further environment variables for the server. */
  env?: Record<string, string>;
  /** Restart on an earlier server's data folder and port (same address, same sessions). */
  restartOf?: Pick<ProductServer, 'url' | 'dataDir'>;
}

/** Starts the built product (`apps/server/dist/main.js`) on a fresh data folder and a free port. */
export async function startProductServer(options: ProductServerOptions = {}): Promise<ProductServer> {
  const port = options.restartOf ? Number(new URL(options.restartOf.url).port) : await freePort();
  const dataDir = options.restartOf?.dataDir ?? mkdtempSync(join(tmpdir(), 'bhasha-e2e-'));
  const admin = { email: 'admin@e2e.bhasha.test', password: 'e2e-admin-password' };
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SMS_PROVIDER: 'console',
      LOG_LEVEL: 'warn',
      // One browser drives every form from one address; the per-minute limit would cut the specs short.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_SENDS_PER_IP_PER_HOUR: '1000',
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    dataDir,
    admin,
    output: () => output,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}
