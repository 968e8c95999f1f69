import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../scripts/build.mjs';
import { crawlReadSettings, createPageReader } from '../../src/modules/crawl/page-reader';

// The built server runs its reader threads from `page-reader.worker.js`, an entry build.mjs adds
// to every bundle; the pool's own code lands in a chunk. Under `dist/` (ignored), so the bundle's
// third-party imports resolve from the repository's node_modules.
const outdir = join(import.meta.dirname, 'dist', `reader-bundle-${process.pid}`);

describe('page readers in the bundled server', () => {
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('emits the reader thread and finds it at run time, reading as the sources do', async () => {
    await bundleServer({
      entryPoints: [join(import.meta.dirname, 'support/bundled-reader-check.ts')],
      outdir,
    });
    expect(existsSync(join(outdir, 'page-reader.worker.js'))).toBe(true);
    const html =
      '<html><body><h1>Bundled reader</h1><p>Read on a <b>thread</b>.</p><a href="/next">Next</a></body></html>';
    const output = execFileSync(process.execPath, [join(outdir, 'bundled-reader-check.js'), html], {
      encoding: 'utf8',
    });
    const expected = createPageReader().read({
      settings: crawlReadSettings('bundle-check', 'full', new Set(['example.org']), {}),
      normalisedUrl: 'https://example.org/',
      depth: 0,
      previousHash: null,
      html,
    });
    expect(JSON.parse(output)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected.links.map((link) => link.normalisedUrl)).toEqual(['https://example.org/next']);
  }, 120_000);
});
