// Starts a TypeScript worker thread from the sources (tests, scripts run with tsx): on Node 20 a
// worker does not get tsx's loader from `--import tsx`, so this plain module loads the script
// named by its first argument through tsx's API. The built server never uses it (its reader
// thread is JavaScript, see page-reader-pool.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport(process.argv[2], import.meta.url);
