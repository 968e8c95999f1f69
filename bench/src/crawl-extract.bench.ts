import { deserialize, serialize } from 'node:v8';
import { report } from './measure';
import { createLinkAndTextParser } from './crawl/reference-words';
import { loadSitePages, renderPage } from './crawl/site-pages';
import { createCrawlMemos } from '../../apps/server/src/modules/crawl/crawl-memo';
import { allowedHostsOf } from '../../apps/server/src/modules/crawl/crawl-scope';
import type { PageRow } from '../../apps/server/src/modules/crawl/crawls.repository';
import {
  createPageReader,
  crawlReadSettings,
  toFetchedPage,
} from '../../apps/server/src/modules/crawl/page-reader';
import { toWire, type WireReading } from '../../apps/server/src/modules/crawl/page-reader-protocol';

/** The memos a crawl runtime holds (crawl-memo.ts). */
const memos = createCrawlMemos();

// The crawler's own CPU per page without fetching or storing: the crawl bench's pages, read the
// way a reader thread reads them (`createPageReader().read` of the fetched bytes: decoding, content
// hash, links, segment facts)
// and then taken as the crawl's thread takes the answer (`toFetchedPage`), against the
// ceiling crawler's per-page work (htmlparser2 links and text, words counted, links resolved).
// Page by page in turn, so a change of the machine's load weighs on both alike: a steadier
// yardstick than the whole crawl on a shared machine.
const PAGES = Number(process.env.BENCH_EXTRACT_URLS ?? 2000);
const ROUNDS = Number(process.env.BENCH_EXTRACT_ROUNDS ?? 3);
const ORIGIN = 'http://127.0.0.1:8080';

// Both sides start from the fetched bytes: the ceiling decodes them as its fetch does (UTF-8).
function ceilingRead(bytes: Uint8Array, url: string): number {
  const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let links = 0;
  const words = createLinkAndTextParser((href) => {
    try {
      links += new URL(href, url).href.length > 0 ? 1 : 0;
    } catch {
      // not a URL: the ceiling skips it too
    }
  }).end(html);
  return words + links;
}

/** A page row as the frontier hands it to a lane (only the fields reading looks at matter). */
function pageRowOf(n: number): PageRow {
  const path = n === 0 ? '/' : `/s${n % 40}/p${n}.html`;
  return {
    id: `page-${n}`,
    normalisedUrl: `${ORIGIN}${path}`,
    depth: 1,
    status: 'queued',
    contentHash: null,
    tracked: false,
  } as unknown as PageRow;
}

/** Runs the crawl-extract benchmark and prints the lane's ms per page against the ceiling's. */
export function benchCrawlExtract(): void {
  const site = loadSitePages();
  // Each page as the crawl hands it to a reader thread: its fetched bytes in shared memory.
  const pages = Array.from({ length: PAGES }, (_, n) => {
    const rendered = renderPage(site, n, PAGES);
    const bytes = new Uint8Array(new SharedArrayBuffer(rendered.byteLength));
    bytes.set(rendered);
    return bytes;
  });
  const hosts = allowedHostsOf(['127.0.0.1:8080']);
  const ratios: number[] = [];
  const crossings: number[] = [];
  process.stdout.write(`crawl-extract: ${PAGES} pages of the crawl bench's site, ${ROUNDS} rounds\n`);
  for (let round = 0; round < ROUNDS; round += 1) {
    // A fresh crawl each round: its memo starts empty, as a real crawl's does.
    const crawlId = `bench-extract-${round}`;
    const memo = memos.of(crawlId);
    // As the batch step builds it; a fresh reader, as a reader thread starts with empty memos.
    const settings = crawlReadSettings(crawlId, 'full', hosts, {});
    const reader = createPageReader();
    let ceilingMs = 0;
    let bhashaMs = 0;
    let crossingMainMs = 0;
    let crossingReaderMs = 0;
    let segments = 0;
    let sink = 0;
    for (let n = 0; n < PAGES; n += 1) {
      const bytes = pages[n]!;
      const page = pageRowOf(n);
      let started = performance.now();
      sink += ceilingRead(bytes, page.normalisedUrl);
      ceilingMs += performance.now() - started;
      started = performance.now();
      const request = {
        settings,
        normalisedUrl: page.normalisedUrl,
        depth: page.depth,
        previousHash: null,
        html: bytes,
      };
      const reading = reader.read(request);
      const read = toFetchedPage(page, { status: 'fetched', links: [] }, reading, memo);
      bhashaMs += performance.now() - started;
      // What crossing to a reader thread and back adds, with V8's serializer (the one postMessage
      // uses): the crawl's thread writes the request, reads the packed answer and takes it as it
      // crossed (`toFetchedPage` of the wire form, as the crawl does, instead of the reading above);
      // the reader reads the request, packs its answer and writes it. Not part of the reading above.
      started = performance.now();
      const requestBytes = serialize(request);
      const split = performance.now();
      deserialize(requestBytes);
      const answerBytes = serialize(toWire(reading));
      const answered = performance.now();
      toFetchedPage(page, { status: 'fetched', links: [] }, deserialize(answerBytes) as WireReading, memo);
      crossingMainMs += split - started + (performance.now() - answered);
      crossingReaderMs += answered - split;
      segments += read.segments?.length ?? 0;
      // What the batch writer would record after storing: queued links and stored segments.
      for (const link of read.outcome.links) memo.queuedUrls.add(link.normalisedUrl);
      for (const fact of read.segments ?? [])
        memo.segments.set(fact.sourceHash, { id: fact.sourceHash, isNew: true });
    }
    memos.forget(crawlId);
    crossings.push(crossingMainMs / PAGES);
    const ratio = bhashaMs / ceilingMs;
    ratios.push(ratio);
    process.stdout.write(
      `  round ${round + 1}: Bhasha ${(bhashaMs / PAGES).toFixed(2)} ms/page, ceiling ${(ceilingMs / PAGES).toFixed(2)} ms/page, ${ratio.toFixed(2)}×, crossing ${(crossingMainMs / PAGES).toFixed(3)} ms/page on the crawl's thread + ${(crossingReaderMs / PAGES).toFixed(3)} on the reader's (${segments} segments, check ${sink})\n`,
    );
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  const crossing = [...crossings].sort((a, b) => a - b)[Math.floor(crossings.length / 2)]!;
  process.stdout.write(
    `INFO  crossing to a reader thread and back, on the crawl's thread with its take of the crossed reading (median round): ${crossing.toFixed(3)} ms per page\n`,
  );
  // 0.75× the ceiling's pages/s allows the crawler 1.33× its CPU per page, for everything.
  report(
    'crawler CPU per page vs the ceiling (median round)',
    median,
    '≤ 1.33×',
    median <= 1.33,
    `reading only; the crawl also fetches and stores (${ROUNDS} rounds)`,
  );
}
