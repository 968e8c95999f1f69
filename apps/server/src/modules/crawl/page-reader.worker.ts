/**
 * A page reader thread (page-reader-pool.ts starts it): reads the pages the crawl's thread sends,
 * with memos of texts and links of its own. Built as an entry of its own next to the server's
 * bundle (apps/server/scripts/build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { createPageReader } from './page-reader';
import { servePageReads } from './page-reader-protocol';

if (!parentPort) throw new Error('page-reader.worker runs as a worker thread');
servePageReads(parentPort, createPageReader());
