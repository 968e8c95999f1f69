// `npm start`: builds what is missing or out of date, then runs the product in one process
// (web, worker and realtime roles) on the embedded database unless DATABASE_URL says otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
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

const nodeArgs = ['--enable-source-maps'];
if (existsSync(join(root, '.env'))) nodeArgs.push(`--env-file=${join(root, '.env')}`);
const server = spawnSync(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
process.exit(server.status ?? 0);
