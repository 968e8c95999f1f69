import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { report } from './measure';
import type { CrawlResult } from './crawl/crawl-result';
import type { SiteStats } from './crawl/site-server';
import { bundleServerProcess } from './server-process-bundle';

const CRAWL_DIR = join(import.meta.dirname, 'crawl');
const SITE_URLS = Number(process.env.BENCH_CRAWL_URLS ?? 10_000);
const CONCURRENCY = Number(process.env.CRAWL_CONCURRENCY ?? 8);
const CHILD_TIMEOUT_MS = 45 * 60_000;
// BENCH_CRAWLERS=bhasha (comma-separated) runs only some crawlers while developing; the ratios
// need all three and are printed only then.
const CRAWLERS = [
  ['ceiling', 'ceiling-crawler.ts'],
  ['crawlee', 'crawlee-crawler.ts'],
  ['bhasha', 'bhasha-crawler.ts'],
] as const;
const SELECTED = process.env.BENCH_CRAWLERS?.split(',').map((name) => name.trim());

/** A child's script and its node flags; TypeScript files run with tsx as a loader. */
interface ChildScript {
  script: string;
  nodeArgs: string[];
}

const typescriptChild = (file: string): ChildScript => ({
  script: join(CRAWL_DIR, file),
  // tsx as a loader, so a kill reaches the real process.
  nodeArgs: ['--import', 'tsx'],
});

/** Starts a child with IPC. */
function start(
  { script, nodeArgs }: ChildScript,
  env: Record<string, string>,
  profile = false,
): ChildProcess {
  const profiler = profile && process.env.BENCH_CPU_PROF;
  return fork(script, [], {
    // BENCH_CPU_PROF=folder: a V8 CPU profile of each crawler process (see bench/README.md).
    // BENCH_NODE_ARGS='--heap-prof --heap-prof-dir=/folder' (space-separated): extra Node flags for each
    // crawler process (its stdout is parsed, not shown: use flags that write files).
    execArgv: [
      ...nodeArgs,
      ...(profiler ? ['--cpu-prof', `--cpu-prof-dir=${profiler}`] : []),
      ...(profile && process.env.BENCH_NODE_ARGS
        ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean)
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string } & T) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    if (type !== 'ready') child.send({ type });
  });
}

/** Runs one crawler child to its RESULT line. */
function runCrawler(crawler: ChildScript, origin: string): Promise<CrawlResult> {
  return new Promise((resolve, reject) => {
    const child = start(crawler, { SITE_ORIGIN: origin, CRAWL_CONCURRENCY: String(CONCURRENCY) }, true);
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (line) resolve(JSON.parse(line.slice(7)) as CrawlResult);
      else reject(new Error(`${crawler.script} exited ${code} without a result: ${stderr}`));
    });
  });
}

/** Late RSS over mid-run RSS: 1.0 is flat, more means memory still grows with pages crawled. */
function growth(samples: readonly number[]): number {
  if (samples.length < 4) return 1;
  const mid = Math.max(...samples.slice(Math.floor(samples.length / 4), Math.floor(samples.length / 2)));
  const late = Math.max(...samples.slice(Math.floor((samples.length * 3) / 4)));
  return late / mid;
}

/**
 * The crawl benchmark: a 10,000-URL site built from the real pages of `htmlparser-benchmark`,
 * served on loopback by a child process; the ceiling script, Crawlee's CheerioCrawler and the
 * Bhasha crawler each crawl it to completion in their own process, one after the other.
 */
export async function benchCrawl(): Promise<void> {
  const site = start(typescriptChild('site-server.ts'), { SITE_URLS: String(SITE_URLS) });
  try {
    const { origin } = await ask<{ origin: string }>(site, 'ready');
    process.stdout.write(`crawl: ${SITE_URLS} URLs at ${origin}, concurrency ${CONCURRENCY}\n`);
    const results: Record<string, CrawlResult & { site: SiteStats }> = {};
    for (const [name, file] of CRAWLERS) {
      if (SELECTED && !SELECTED.includes(name)) continue;
      await ask(site, 'reset');
      // Bhasha's crawler runs as production runs a worker process (server-process-bundle.ts).
      const child =
        name === 'bhasha'
          ? await bundleServerProcess(join(CRAWL_DIR, file), ['worker'])
          : typescriptChild(file);
      const result = await runCrawler(child, origin);
      const { stats } = await ask<{ stats: SiteStats }>(site, 'stats');
      results[name] = { ...result, site: stats };
      process.stdout.write(
        `  ${name}: ${result.pages} pages in ${result.seconds.toFixed(1)} s (${(stats.pagesServed / result.seconds).toFixed(0)} pages/s served), ` +
          `${stats.requests} requests, ${stats.duplicatePages} pages fetched twice, ${stats.disallowedRequests} disallowed, ` +
          `${result.words} words, peak RSS ${result.peakRssMb.toFixed(0)} MB (growth ${growth(result.rssSamplesMb).toFixed(2)}×)` +
          `${result.database ? `; database: ${result.database}` : ''}${result.notes ? `; ${result.notes}` : ''}\n`,
      );
    }
    if (CRAWLERS.some(([name]) => !results[name])) return;
    const { ceiling, crawlee, bhasha } = results as Record<
      'ceiling' | 'crawlee' | 'bhasha',
      CrawlResult & { site: SiteStats }
    >;
    // Pages the site served, not what each crawler says it handled: one yardstick for all three.
    const rate = (r: CrawlResult & { site: SiteStats }) => r.site.pagesServed / r.seconds;
    process.stdout.write(`  Bhasha's figures below are with ${bhasha.database ?? 'its database'}\n`);
    report(
      'crawl pages/s vs ceiling',
      rate(bhasha) / rate(ceiling),
      '≥ 0.75×',
      rate(bhasha) / rate(ceiling) >= 0.75,
      `${rate(bhasha).toFixed(0)} vs ${rate(ceiling).toFixed(0)} pages/s`,
    );
    report(
      'crawl pages/s vs Crawlee',
      rate(bhasha) / rate(crawlee),
      '≥ 1.5×',
      rate(bhasha) / rate(crawlee) >= 1.5,
      `${rate(bhasha).toFixed(0)} vs ${rate(crawlee).toFixed(0)} pages/s`,
    );
    const complete = bhasha.pages === SITE_URLS && bhasha.site.pagesServed === SITE_URLS;
    report(
      'crawl completeness',
      bhasha.pages / SITE_URLS,
      '= 1 (every URL)',
      complete,
      `${bhasha.pages} pages stored, ${bhasha.site.pagesServed} served, ${bhasha.site.disallowedRequests} robots-disallowed requests`,
    );
    report(
      'crawl duplicate fetches',
      bhasha.site.duplicatePages,
      '0',
      bhasha.site.duplicatePages === 0,
      `${bhasha.site.requests} requests for ${bhasha.site.pagesServed} pages (ceiling: ${ceiling.site.duplicatePages}, Crawlee: ${crawlee.site.duplicatePages})`,
    );
    report(
      'crawl peak RSS vs 300 MB',
      bhasha.peakRssMb / 300,
      '≤ 1',
      bhasha.peakRssMb <= 300,
      `${bhasha.peakRssMb.toFixed(0)} MB (ceiling ${ceiling.peakRssMb.toFixed(0)} MB, Crawlee ${crawlee.peakRssMb.toFixed(0)} MB)`,
    );
    const flat = growth(bhasha.rssSamplesMb);
    report(
      'crawl RSS growth, last quarter vs mid-run',
      flat,
      '≤ 1.2×',
      flat <= 1.2,
      `ceiling ${growth(ceiling.rssSamplesMb).toFixed(2)}×, Crawlee ${growth(crawlee.rssSamplesMb).toFixed(2)}×`,
    );
    const wordRatio = bhasha.words / ceiling.words;
    report(
      'crawl word count vs reference counter',
      wordRatio,
      'within 0.5 %',
      Math.abs(wordRatio - 1) <= 0.005,
      `${bhasha.words} vs ${ceiling.words} words (Crawlee's body text: ${crawlee.words})`,
    );
  } finally {
    site.disconnect();
  }
}
