// Bundles the snippet into one self-contained IIFE file: dist/bhasha.js (served by the server at
// /api/delivery/bhasha.js). Run directly (`npm run build -w @bhasha/snippet`) or import buildSnippet.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Output file of the bundle. */
export const snippetBundlePath = resolve(root, 'dist/bhasha.js');

/** Builds dist/bhasha.js and answers its path. */
export async function buildSnippet() {
  await build({
    entryPoints: [resolve(root, 'src/index.ts')],
    outfile: snippetBundlePath,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Browsers of the last few years: nothing newer than ES2020 is left untranspiled.
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    // The engine's transliteration data loader reads import.meta on Node only; it is not in the bundle.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return snippetBundlePath;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSnippet();
  console.log(`Built ${snippetBundlePath}`);
}
