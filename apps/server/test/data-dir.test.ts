import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@bhasha/db';
import { parseEnv } from '../src/config/env';
import { resolveConfig } from '../src/config/load-config';

/** Every path under `root` (itself included) whose mode gives the group or others any access. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return found;
}

describe('DATA_DIR at rest', () => {
  const parent = mkdtempSync(join(tmpdir(), 'bhasha-data-dir-'));
  const previousUmask = process.umask();
  afterAll(() => {
    process.umask(previousUmask);
    rmSync(parent, { recursive: true, force: true });
  });

  it('is owner-only: the directory 0700, PGlite files (WAL included) 0600, an older open tree tightened', async () => {
    process.umask(0o000);
    const dataDir = join(parent, 'data');
    // A tree an earlier version left world-accessible.
    mkdirSync(join(dataDir, 'outbox'), { recursive: true, mode: 0o777 });
    chmodSync(dataDir, 0o777);
    chmodSync(join(dataDir, 'outbox'), 0o777);
    writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'mail', { mode: 0o666 });
    chmodSync(join(dataDir, 'outbox', 'old.eml'), 0o666);

    const parsed = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const config = resolveConfig(parsed.env);
    const handle = await createDb({ pgliteDir: join(config.dataDir, 'pglite') });
    await handle.migrate();
    await handle.executeSql(`INSERT INTO organisations (name) VALUES ('At rest')`);
    await handle.close();

    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dataDir, 'pglite', 'pg_wal')).length).toBeGreaterThan(0);
    expect(lstatSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(dataDir, 'outbox', 'old.eml')).mode & 0o777).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);
});
