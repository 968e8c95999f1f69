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

export function printResult(result: CrawlResult): void {
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

/** Origin and concurrency the parent hands to every crawler. */
export function crawlEnv() {
  const origin = process.env.SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not set: run through crawl.bench.ts');
  return { origin, concurrency: Number(process.env.CRAWL_CONCURRENCY ?? 8) };
}
