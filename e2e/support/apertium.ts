import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where Debian's Apertium packages put their language-pair modes. */
const MODES_DIR = '/usr/share/apertium/modes';

export interface ApertiumServer {
  /** `http://127.0.0.1:{port}`: the value of the product's APERTIUM_URL. */
  baseUrl: string;
  /** Apertium's own translation of a text (for comparing what the product shows). */
  translate(text: string, langpair: string): Promise<string>;
  stop(): Promise<void>;
}

/** Why a spec needing Apertium cannot run here, or null when apertium-apy and the pair are installed. */
export function apertiumMissingReason(pair = 'eng-spa'): string | null {
  const onPath = (process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/apertium-apy`));
  if (!onPath)
    return 'apertium-apy is not installed (apt-get install apertium-apy apertium-eng-spa; .ci/run does)';
  if (!existsSync(`${MODES_DIR}/${pair}.mode`)) return `the Apertium pair ${pair} is not installed`;
  return null;
}

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

/**
 * Starts a real `apertium-apy` on a free loopback port and waits until it lists its pairs; `stop`
 * ends it (SIGTERM, then SIGKILL after 3 s).
 */
export async function startApertium(): Promise<ApertiumServer> {
  const missing = apertiumMissingReason();
  if (missing) throw new Error(missing);
  const port = await freePort();
  const child = spawn('apertium-apy', ['-p', String(port), MODES_DIR], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`apertium-apy exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/listPairs`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`apertium-apy did not start within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async translate(text, langpair) {
      const query = new URLSearchParams({ langpair, q: text, markUnknown: 'no' });
      const response = await fetch(`${baseUrl}/translate?${query.toString()}`);
      const body = (await response.json()) as { responseData?: { translatedText?: string } };
      const translated = body.responseData?.translatedText;
      if (typeof translated !== 'string') throw new Error(`apertium-apy did not translate "${text}"`);
      return translated;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
