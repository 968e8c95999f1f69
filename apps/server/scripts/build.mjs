// Bundles the server into dist/main.js: workspace packages (TypeScript sources) are bundled in,
// third-party dependencies stay external and load from node_modules. Code only some roles need
// (server.ts imports it with `import()`) goes to chunks of its own, so a worker-only process
// never loads Fastify, the routes or the mailer. Run directly, or import bundleServer.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const workspaces = ['contract', 'db', 'engine', 'mt'].map((name) =>
  JSON.parse(readFileSync(new URL(`../../../packages/${name}/package.json`, import.meta.url), 'utf8')),
);
const external = new Set(
  [root, ...workspaces]
    .flatMap((pkg) => Object.keys(pkg.dependencies ?? {}))
    .filter((d) => !d.startsWith('@bhasha/')),
);

/** The server's own entry and output folder. */
export const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
export const serverDist = fileURLToPath(new URL('../dist', import.meta.url));
/**
 * The crawl's page reader thread: an entry of its own in every server bundle, emitted as
 * `<outdir>/page-reader.worker.js`, where page-reader-pool.ts looks for it.
 */
export const pageReaderWorkerEntry = fileURLToPath(
  new URL('../src/modules/crawl/page-reader.worker.ts', import.meta.url),
);

/**
 * The fuzzy index build's helper thread: likewise emitted as `<outdir>/fuzzy-build.worker.js`,
 * where fuzzy-build-thread.ts looks for it.
 */
export const fuzzyBuildWorkerEntry = fileURLToPath(
  new URL('../src/modules/translation-memory/fuzzy-build.worker.ts', import.meta.url),
);

/**
 * Bundles entry points the way the server is built into an emptied `outdir`; each entry becomes
 * `<outdir>/<name>.js`, next to the crawl's page reader thread and the fuzzy build's helper. The crawl benchmark bundles its
 * worker process with these same options.
 */
export async function bundleServer({ entryPoints = [serverEntry], outdir = serverDist } = {}) {
  // Old chunks have content-hashed names: without this they would pile up.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [...entryPoints, pageReaderWorkerEntry, fuzzyBuildWorkerEntry],
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...external].flatMap((d) => [d, `${d}/*`]),
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleServer();
  console.log('Built apps/server/dist/main.js');
}
