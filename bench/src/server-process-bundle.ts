import { join } from 'node:path';
import { bundleServer } from '../../../apps/server/scripts/build.mjs';
import { nodeFlagsForRoles } from '../../../scripts/node-flags.mjs';

/**
 * The Bhasha crawler child as production runs a worker: bundled with the server's build options
 * (workspace code inlined, third-party packages from node_modules, web-only code in chunks it
 * never loads), started by plain node with the flags scripts/start.mjs gives a worker-only
 * process. No tsx: its compiler and source maps are not in the measured memory.
 * The bundle goes under bench/dist so its third-party imports resolve from the repository.
 */
export async function buildBhashaWorker(): Promise<{ script: string; nodeArgs: string[] }> {
  const outdir = join(import.meta.dirname, '../../dist/crawl');
  await bundleServer({ entryPoints: [join(import.meta.dirname, 'bhasha-crawler.ts')], outdir });
  return {
    script: join(outdir, 'bhasha-crawler.js'),
    nodeArgs: ['--enable-source-maps', ...nodeFlagsForRoles(['worker'], process.env.NODE_OPTIONS)],
  };
}
