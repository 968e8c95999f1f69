/**
 * Bundled by page-reader-bundle.test.ts with the server's build options and run by plain node:
 * reads the page given as its argument on a reader thread, as the built server would, and prints
 * what the reader answered.
 */
import { crawlReadSettings } from '../../../src/modules/crawl/page-reader';
import { createPageReaderPool } from '../../../src/modules/crawl/page-reader-pool';

const pool = createPageReaderPool({ threads: 1 });
const reading = await pool.read({
  settings: crawlReadSettings('bundle-check', 'full', new Set(['example.org']), {}),
  normalisedUrl: 'https://example.org/',
  depth: 0,
  previousHash: null,
  html: process.argv[2]!,
});
await pool.close();
process.stdout.write(JSON.stringify(reading));
