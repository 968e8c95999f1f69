/**
 * Writes docs/permissions.json (route × role → allowed, plus "own organisation only") from the
 * registered routes' declared access; with --check it fails when the checked-in file is stale
 * (CI), so the matrix always covers every route.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb } from '@bhasha/db';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { resolveConfig } from '../src/config/load-config';
import { buildPermissionMatrix, serialisePermissionMatrix } from '../src/http/permission-matrix';
import { systemClock } from '../src/lib/clock';
import { silentEmitter } from '../src/realtime/realtime-emitter';

const target = resolve(import.meta.dirname, '../../../docs/permissions.json');
const parsed = parseEnv({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bhasha-permissions-')),
  JWT_SECRET: 'permissions-export-permissions-export-permissions',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: join(tmpdir(), 'no-dashboard'),
});
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const handle = await createDb({ pgliteDir: 'memory' });
const { app } = await buildApp({
  config: resolveConfig(parsed.env),
  handle,
  clock: systemClock,
  emitter: silentEmitter,
  jobs: null,
});
await app.ready();
const document = serialisePermissionMatrix(buildPermissionMatrix(app.routeAccessTable));
await app.close();
await handle.close();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (current !== document) {
    process.stderr.write(
      'docs/permissions.json is stale: run `npm run permissions` and commit the result.\n',
    );
    process.exit(1);
  }
  process.stdout.write('docs/permissions.json is up to date.\n');
} else {
  writeFileSync(target, document);
  process.stdout.write(`Wrote ${target}\n`);
}
