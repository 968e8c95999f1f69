// `npm start`: builds what is missing or out of date, then runs the product in one process
// (web, worker and realtime roles) on the embedded database unless DATABASE_URL says otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { nodeEnvForRoles, nodeFlagsForRoles, rolesOf } from './node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The newest modification time under a path: a file's own, or the newest file's below a folder. */
function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(join(root, dir)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server hands out the snippet's built bundle (/delivery/bhasha.js).
if (
  isStale(join(root, 'apps/snippet/dist/bhasha.js'), [
    'apps/snippet/src',
    'packages/engine/src',
    'packages/contract/src',
  ])
) {
  console.log('Building the snippet…');
  run(['run', 'build', '-w', '@bhasha/snippet']);
}
if (
  isStale(join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/index.html',
    'packages/contract/src',
  ])
) {
  console.log('Building the dashboard…');
  run(['run', 'build', '-w', '@bhasha/web']);
}
if (isStale(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages'])) {
  console.log('Building the server…');
  run(['run', 'build', '-w', '@bhasha/server']);
}

const envFile = join(root, '.env');
const fileEnv = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
// A worker-only process (ROLES=worker) runs with a bounded heap (node-flags.mjs). As with
// --env-file, the environment wins over .env.
const roles = rolesOf(process.env.ROLES ?? fileEnv.ROLES);
const nodeArgs = ['--enable-source-maps', ...nodeFlagsForRoles(roles, process.env.NODE_OPTIONS)];
if (existsSync(envFile)) nodeArgs.push(`--env-file=${envFile}`);
const server = spawnSync(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // A web process's malloc settings (node-flags.mjs); the environment wins.
  env: { NODE_ENV: 'production', ...nodeEnvForRoles(roles, process.env), ...process.env },
});
process.exit(server.status ?? 0);
