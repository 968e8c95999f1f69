import { basename, join } from 'node:path';
import { bundleServer } from '../../apps/server/scripts/build.mjs';
import { nodeEnvForRoles, nodeFlagsForRoles } from '../../scripts/node-flags.mjs';

/**
 * A bench child that stands for a server process, run as production runs one: bundled with the
 * server's build options (workspace code inlined, third-party packages from node_modules, code it
 * never loads in chunks), started by plain node with the flags and environment scripts/start.mjs
 * gives a process of these roles. No tsx: its compiler and source maps are not in the measured memory (~40–90 MB
 * of a child's RSS under tsx). The bundle goes under bench/dist/<name> so its third-party imports
 * resolve from the repository.
 */
export async function bundleServerProcess(
  entry: string,
  roles: readonly string[],
): Promise<{ script: string; nodeArgs: string[]; env: Record<string, string> }> {
  const name = basename(entry).replace(/\.ts$/, '');
  const outdir = join(import.meta.dirname, '../dist', name);
  await bundleServer({ entryPoints: [entry], outdir });
  return {
    script: join(outdir, `${name}.js`),
    nodeArgs: ['--enable-source-maps', ...nodeFlagsForRoles([...roles], process.env.NODE_OPTIONS)],
    // The environment scripts/start.mjs adds for these roles (a web process's malloc settings).
    env: nodeEnvForRoles([...roles], process.env),
  };
}
