/**
 * A page reader thread for the pool's tests: the real reader, except that a page whose HTML
 * contains `<!-- crash-reader -->` ends the thread before it answers, as a fatal error in a
 * reader would. With `workerData.crashOnceFile`, only the first thread to meet such a page
 * crashes (it leaves that file behind); the page's next reader reads it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createPageReader, htmlOf } from '../../../src/modules/crawl/page-reader';
import { servePageReads } from '../../../src/modules/crawl/page-reader-protocol';

const { crashOnceFile } = (workerData ?? {}) as { crashOnceFile?: string };
const reader = createPageReader();
servePageReads(parentPort!, {
  ...reader,
  read(request) {
    if (htmlOf(request.html).includes('<!-- crash-reader -->')) {
      if (!crashOnceFile || !existsSync(crashOnceFile)) {
        if (crashOnceFile) writeFileSync(crashOnceFile, 'crashed');
        process.exit(3);
      }
    }
    return reader.read(request);
  },
});
