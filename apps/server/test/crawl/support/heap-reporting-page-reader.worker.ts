/**
 * A page reader thread for the pool's tests: the real reader, which first writes the size limits
 * its isolate's heap was given (`v8.getHeapStatistics`) to `workerData.heapFile` + its thread id,
 * so a test can see what the pool started its readers with.
 */
import { writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { createPageReader } from '../../../src/modules/crawl/page-reader';
import { servePageReads } from '../../../src/modules/crawl/page-reader-protocol';

const { heapFile } = workerData as { heapFile: string };
writeFileSync(
  `${heapFile}-${threadId}`,
  JSON.stringify({ heapSizeLimit: getHeapStatistics().heap_size_limit }),
);
servePageReads(parentPort!, createPageReader());
