import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedHostsOf } from '../../src/modules/crawl/crawl-scope';
import {
  createPageReader,
  crawlReadSettings,
  type PageReadRequest,
} from '../../src/modules/crawl/page-reader';
import {
  createPageReaderPool,
  READER_HEAP_FLAGS,
  ReaderCrashedError,
  readerEntry,
  type PageReaderPool,
} from '../../src/modules/crawl/page-reader-pool';
import { typeScriptWorkerEntry } from '../../src/lib/worker-entry';
import {
  packOwnStrings,
  packStrings,
  unpackOwnStrings,
  unpackStrings,
} from '../../src/modules/crawl/page-reader-protocol';

const settings = crawlReadSettings('crawl-pool-test', 'full', allowedHostsOf(['example.org']), {
  ignorePatterns: ['/^Skip me$/'],
});

function pageRequest(n: number, extra = ''): PageReadRequest {
  const html = `<!doctype html><html><head><title>Page ${n}</title></head><body>
    <nav><a href="/">Home</a> <a href="/about">About us</a> <a href="https://elsewhere.test/x">Away</a></nav>
    <h1>Heading of page ${n}</h1><p>Paragraph ${n} with <b>bold</b> words.</p><p>Skip me</p>
    <a href="/p${n + 1}">Next page</a> <a href="/p${n + 1}">Next again</a>${extra}
    <footer>The same footer on every page.</footer></body></html>`;
  return { settings, normalisedUrl: `https://example.org/p${n}`, depth: 1, previousHash: null, html };
}

/** The same page as the crawl hands it over: fetched bytes in shared memory (page-fetcher.ts). */
function asBytes(request: PageReadRequest): PageReadRequest {
  const encoded = Buffer.from(request.html as string, 'utf8');
  const bytes = new Uint8Array(new SharedArrayBuffer(encoded.length));
  bytes.set(encoded);
  return { ...request, html: bytes };
}

/** The reader thread of the tests: the real reader, crashing on a marked page (support/). */
function crashingEntry(workerData: unknown = {}) {
  return typeScriptWorkerEntry(
    new URL('./support/crashing-page-reader.worker.ts', import.meta.url),
    workerData,
  );
}

/** The heap size limit (MB) V8 gives a thread started now, as a plain worker reports it. */
function heapLimitOfNewThread(): Promise<number> {
  const code = `require('node:worker_threads').parentPort.postMessage(require('node:v8').getHeapStatistics().heap_size_limit)`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', (limit: number) => {
      resolve(limit / 2 ** 20);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('page reader pool', () => {
  const pools: PageReaderPool[] = [];
  const usePool = (pool: PageReaderPool) => (pools.push(pool), pool);
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('finds the reader thread of the sources', () => {
    expect(readerEntry().argv[0]).toMatch(/page-reader\.worker\.ts$/);
  });

  it('answers each page with its own reading, as the calling thread would read it', async () => {
    const pool = usePool(createPageReaderPool({ threads: 2 }));
    const requests = Array.from({ length: 60 }, (_, n) => pageRequest(n));
    // All at once: two threads answer in their own order; every promise gets its page's reading.
    const readings = await Promise.all(requests.map((request) => pool.read(request)));
    const inline = createPageReader();
    readings.forEach((reading, n) => {
      expect(reading).toEqual(inline.read(requests[n]!));
      expect(reading.links.map((l) => l.normalisedUrl)).toContain(`https://example.org/p${n + 1}`);
    });
    expect(readings[0]!.links.map((l) => l.hostname)).not.toContain('elsewhere.test');
    expect(readings[0]!.segments!.map((s) => s.text)).not.toContain('Skip me');
    expect(pool.runningThreads()).toBe(2);
  }, 60_000);

  it('reads fetched bytes on a thread as it reads the decoded text: NULLs dropped, the HTML sent back when asked', async () => {
    const pool = usePool(createPageReaderPool({ threads: 1 }));
    // A NULL character, Devanagari and a UTF-8 sequence cut at the end (decoded as U+FFFD).
    const text = pageRequest(7, '<p>नमस्ते\u0000 दुनिया</p>');
    const cut = asBytes(text);
    const request = { ...asBytes(text), keepHtml: true };
    const truncated = { ...cut, html: (cut.html as Uint8Array).subarray(0, text.html.length - 40) };
    const [fromBytes, fromCut] = await Promise.all([pool.read(request), pool.read(truncated)]);
    const inline = createPageReader();
    const expected = inline.read({ ...text, html: (text.html as string).replace('\u0000', '') });
    expect(fromBytes).toEqual({ ...expected, html: (text.html as string).replace('\u0000', '') });
    expect(fromBytes.segments!.map((s) => s.text)).toContain('नमस्ते दुनिया');
    expect(fromCut).toEqual(
      inline.read({
        ...text,
        html: Buffer.from(text.html as string)
          .subarray(0, text.html.length - 40)
          .toString('utf8')
          .replace('\u0000', ''),
      }),
    );
    // The bytes stay readable on this side (shared, not transferred): a crashed reader's page is sent again.
    expect((request.html as Uint8Array).length).toBeGreaterThan(0);
  }, 60_000);

  it('packs strings for the crossing and unpacks the same ones', () => {
    const values = ['', 'a', 'नमस्ते 😀', '', 'x'.repeat(70_000)];
    expect(unpackStrings(packStrings(values))).toEqual(values);
    expect(unpackStrings(packStrings([]))).toEqual([]);
    expect(unpackOwnStrings(packOwnStrings(values))).toEqual(values);
    expect(unpackOwnStrings(packOwnStrings(['https://example.org/a', 'https://example.org/b']))).toEqual([
      'https://example.org/a',
      'https://example.org/b',
    ]);
    expect(unpackOwnStrings(packOwnStrings([]))).toEqual([]);
  });

  it('reads on the calling thread without threads', async () => {
    const pool = usePool(createPageReaderPool({ threads: 0 }));
    const reading = await pool.read(pageRequest(1));
    expect(reading).toEqual(createPageReader().read(pageRequest(1)));
    expect(pool.runningThreads()).toBe(0);
  });

  it('replaces a crashed reader and reads its pages again on the new one', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'reader-crash-'));
    try {
      const pool = usePool(
        createPageReaderPool({
          threads: 1,
          entry: crashingEntry({ crashOnceFile: join(folder, 'crashed') }),
        }),
      );
      // The crash takes the pages queued behind it on the same thread down with it.
      // The crashed page and one behind it are fetched bytes: sent again, they are still there.
      const requests = [
        pageRequest(1),
        asBytes(pageRequest(2, '<!-- crash-reader -->')),
        asBytes(pageRequest(3)),
        pageRequest(4),
      ];
      const readings = await Promise.all(requests.map((request) => pool.read(request)));
      const inline = createPageReader();
      readings.forEach((reading, n) => expect(reading).toEqual(inline.read(requests[n]!)));
      expect(readings[1]!.segments!.map((s) => s.text)).toContain('Heading of page 2');
      expect(pool.runningThreads()).toBe(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails a page that crashes every reader with a clear error, and reads the others', async () => {
    const pool = usePool(createPageReaderPool({ threads: 1, maxAttempts: 2, entry: crashingEntry() }));
    const requests = [pageRequest(1, '<!-- crash-reader -->'), pageRequest(2), pageRequest(3)];
    const results = await Promise.allSettled(requests.map((request) => pool.read(request)));
    expect(results[0]!.status).toBe('rejected');
    const reason = (results[0] as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(ReaderCrashedError);
    expect(reason.message).toMatch(/reader stopped while reading https:\/\/example\.org\/p1 \(2 attempts\)/);
    expect(results.slice(1).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  }, 60_000);

  it('stops idle readers and starts them again for the next page', async () => {
    const pool = usePool(createPageReaderPool({ threads: 1, idleMs: 50 }));
    await pool.read(pageRequest(1));
    expect(pool.runningThreads()).toBe(1);
    await expect.poll(() => pool.runningThreads(), { timeout: 5_000 }).toBe(0);
    expect((await pool.read(pageRequest(2))).contentHash).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it('stops its readers on close; a page still being read fails and later reads are refused', async () => {
    const pool = createPageReaderPool({ threads: 1 });
    const reading = pool.read(pageRequest(1));
    await pool.close();
    await expect(reading).rejects.toThrow(/closed/);
    await expect(pool.read(pageRequest(2))).rejects.toThrow(/closed/);
    expect(pool.runningThreads()).toBe(0);
  }, 60_000);

  it("gives its reader threads small heaps whatever the process's V8 heap flags, and puts those back", async () => {
    // This test process as if started with the worker process's flags (scripts/node-flags.mjs):
    // V8's flags are process-wide and win over a thread's resourceLimits.
    const execArgv = [...process.execArgv];
    const processFlags = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
    process.execArgv.push(...processFlags);
    for (const flag of processFlags) setFlagsFromString(flag);
    const dir = mkdtempSync(join(tmpdir(), 'bhasha-reader-heap-'));
    try {
      expect(await heapLimitOfNewThread()).toBeGreaterThanOrEqual(1024);
      const entry = typeScriptWorkerEntry(
        new URL('./support/heap-reporting-page-reader.worker.ts', import.meta.url),
        { heapFile: join(dir, 'heap') },
      );
      const pool = usePool(createPageReaderPool({ threads: 2, entry }));
      // Pages at once: both readers start together, and read as readers do.
      const requests = [1, 2, 3, 4].map((n) => pageRequest(n));
      const readings = await Promise.all(requests.map((request) => pool.read(request)));
      const reader = createPageReader();
      expect(readings).toEqual(requests.map((request) => reader.read(request)));
      expect(pool.runningThreads()).toBe(2);
      const limits = readdirSync(dir).map(
        (file) =>
          (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { heapSizeLimit: number }).heapSizeLimit /
          2 ** 20,
      );
      expect(limits).toHaveLength(2);
      // Old generation and young (three semi-spaces' worth) as the pool's flags say, not 1 GB.
      const { maxOldGenerationSizeMb, maxSemiSpaceSizeMb } = READER_HEAP_FLAGS;
      for (const limit of limits) {
        expect(limit).toBeGreaterThanOrEqual(maxOldGenerationSizeMb);
        expect(limit).toBeLessThanOrEqual(maxOldGenerationSizeMb + 4 * maxSemiSpaceSizeMb);
      }
      // A thread started afterwards gets the process's own heap again.
      expect(await heapLimitOfNewThread()).toBeGreaterThanOrEqual(1024);
    } finally {
      process.execArgv.splice(0, process.execArgv.length, ...execArgv);
      setFlagsFromString('--max-semi-space-size=0');
      setFlagsFromString('--max-old-space-size=0');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
