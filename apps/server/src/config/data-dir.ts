import { mkdirSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { restrictToOwner } from '@bhasha/db';

/**
 * Keeps DATA_DIR (database, JWT secret, outboxes) readable by its owner only. The umask covers the
 * files created later; the walk tightens a tree an earlier version left group- or world-readable.
 */
export function restrictDataDir(dataDir: string): void {
  // Worker threads cannot change the umask; the main thread that loads the config sets it.
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictToOwner(dataDir);
}
