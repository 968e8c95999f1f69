// Bundles the CLI into one self-contained file, dist/bhasha.js, so the published package needs
// no dependencies of its own: `npm install @bhasha/cli` then `npx bhasha`.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Output file of the bundle. */
export const cliBundlePath = resolve(root, 'dist/bhasha.js');

/** Builds dist/bhasha.js and answers its path. */
export async function buildCli() {
  await build({
    entryPoints: [resolve(root, 'src/main.ts')],
    outfile: cliBundlePath,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The YAML parser is CommonJS and requires Node built-ins: give the ES module bundle a require.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as bhashaRequire } from 'node:module';\nconst require = bhashaRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'warning',
  });
  chmodSync(cliBundlePath, 0o755);
  return cliBundlePath;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildCli();
  console.log(`Built ${cliBundlePath}`);
}
