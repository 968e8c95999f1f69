import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A running apertium-apy on loopback. */
export interface ApertiumServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const MODES_DIR = '/usr/share/apertium/modes';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function findBinary(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return dirs.map((dir) => `${dir}/apertium-apy`).find((candidate) => existsSync(candidate));
}

/** Starts apertium-apy on a free port and waits until it answers; fails loudly when it is not installed. */
export async function startApertium(): Promise<ApertiumServer> {
  const binary = findBinary();
  if (!binary) {
    throw new Error(
      'apertium-apy is not installed: run `apt-get install apertium-apy apertium-eng-spa apertium-urd-hin` (CI does this in .ci/run).',
    );
  }
  if (!existsSync(MODES_DIR))
    throw new Error(
      `No Apertium language pairs in ${MODES_DIR}: install apertium-eng-spa and apertium-urd-hin.`,
    );
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['-p', String(port), MODES_DIR], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`apertium-apy exited with code ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${baseUrl}/listPairs`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`apertium-apy did not start on port ${port} within 30 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
