import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '@bhasha/contract/testing';

/**
 * The one launcher of a real apertium-apy on loopback, shared by the packages/mt adapter tests,
 * the server's real-engine tests and the MT benchmark (imported as `@bhasha/mt/testing`).
 * Test support only: the product never starts Apertium itself.
 */

/** A running apertium-apy on loopback. */
export interface ApertiumServer {
  /** e.g. `http://127.0.0.1:40123`. */
  baseUrl: string;
  stop(): Promise<void>;
}

export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

function findBinary(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return dirs.map((dir) => `${dir}/apertium-apy`).find((candidate) => existsSync(candidate));
}

/**
 * Why a real Apertium cannot run here, or null when apertium-apy and every pair in `pairs`
 * (Apertium mode names, e.g. `eng-spa`) are installed. Lets a suite skip with a reason.
 */
export function apertiumMissingReason(pairs: readonly string[] = ['eng-spa']): string | null {
  if (!findBinary())
    return 'apertium-apy is not installed (apt-get install apertium-apy apertium-eng-spa; .ci/run does)';
  for (const pair of pairs) {
    if (!existsSync(`${APERTIUM_MODES_DIR}/${pair}.mode`))
      return `the Apertium pair ${pair} is not installed (apertium-${pair})`;
  }
  return null;
}

/**
 * Starts apertium-apy on a free loopback port and waits (30 s unless told otherwise: a loaded
 * machine running browsers beside it starts it slower) until it lists its pairs; fails loudly
 * when it is not installed or exits.
 */
export async function startApertium({ startTimeoutMs = 30_000 } = {}): Promise<ApertiumServer> {
  const binary = findBinary();
  if (!binary) {
    throw new Error(
      'apertium-apy is not installed: run `apt-get install apertium-apy apertium-eng-spa apertium-urd-hin` (CI does this in .ci/run).',
    );
  }
  if (!existsSync(APERTIUM_MODES_DIR))
    throw new Error(
      `No Apertium language pairs in ${APERTIUM_MODES_DIR}: install apertium-eng-spa and apertium-urd-hin.`,
    );
  const port = await freePort();
  const child = spawn(binary, ['-p', String(port), APERTIUM_MODES_DIR], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`apertium-apy exited with code ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/listPairs`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `apertium-apy did not start on port ${port} within ${startTimeoutMs / 1000} s: ${stderr}`,
      );
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
