import { PerformanceObserver } from 'node:perf_hooks';

/** What every crawler child process reports, on one `RESULT {json}` line of its stdout. */
export interface CrawlResult {
  crawler: string;
  /** HTML pages fetched with status 200. */
  pages: number;
  seconds: number;
  /** Words on all fetched pages, as this crawler counted them. */
  words: number;
  /** Highest resident set size seen, in MB (process.resourceUsage().maxRSS). */
  peakRssMb: number;
  /** Resident set size sampled through the run, in MB. */
  rssSamplesMb: number[];
  /** Where a crawler stores what it found, when it stores anything. */
  database?: string;
  notes?: string;
}

/** Samples the resident set size every `ms` while a crawl runs. */
export function sampleRss(ms = 500) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage.rss() / 1e6), ms);
  timer.unref();
  return {
    stop(): { samples: number[]; peak: number } {
      clearInterval(timer);
      samples.push(process.memoryUsage.rss() / 1e6);
      return { samples, peak: process.resourceUsage().maxRSS / 1024 };
    },
  };
}

/**
 * Adds up the time V8 spent in garbage collection (pauses on the main thread) while a crawl runs,
 * and the heap's high-water mark: what a bounded heap costs and saves.
 */
export function measureGc() {
  let gcMs = 0;
  let collections = 0;
  let largestHeapTotal = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      collections += 1;
    }
    largestHeapTotal = Math.max(largestHeapTotal, process.memoryUsage().heapTotal);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop(): string {
      observer.disconnect();
      const flags = process.execArgv.filter((arg) => arg.startsWith('--max-')).join(' ') || 'V8 defaults';
      return `GC ${(gcMs / 1000).toFixed(1)} s in ${collections} collections, largest heap total ${(largestHeapTotal / 1e6).toFixed(0)} MB (${flags})`;
    },
  };
}

export function printResult(result: CrawlResult): void {
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

/** Origin and concurrency the parent hands to every crawler. */
export function crawlEnv() {
  const origin = process.env.SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not set: run through crawl.bench.ts');
  return { origin, concurrency: Number(process.env.CRAWL_CONCURRENCY ?? 8) };
}
