import { createServer } from 'node:net';

/**
 * A loopback port that is free now, for a child process that must be told its port before it
 * starts (apertium-apy, nginx, the built server); in-process servers listen on port 0 instead.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
