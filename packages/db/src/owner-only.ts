import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes a tree readable by its owner only: directories 0700, files 0600. Symbolic links are left
 * alone (their targets may be elsewhere).
 */
export function restrictToOwner(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const entry of readdirSync(path)) restrictToOwner(join(path, entry));
  } else if ((stat.mode & 0o177) !== 0) {
    chmodSync(path, 0o600);
  }
}
