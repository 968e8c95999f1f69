// Bundles the server into dist/main.js: workspace packages (TypeScript sources) are bundled in,
// third-party dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const workspaces = ['contract', 'db', 'engine', 'mt'].map((name) =>
  JSON.parse(readFileSync(new URL(`../../../packages/${name}/package.json`, import.meta.url), 'utf8')),
);
const external = new Set(
  [root, ...workspaces]
    .flatMap((pkg) => Object.keys(pkg.dependencies ?? {}))
    .filter((d) => !d.startsWith('@bhasha/')),
);

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external].flatMap((d) => [d, `${d}/*`]),
  logLevel: 'warning',
});
console.log('Built apps/server/dist/main.js');
