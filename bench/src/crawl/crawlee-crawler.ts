/**
 * Child process, the reference product: Crawlee's CheerioCrawler (`@crawlee/cheerio`; the
 * `crawlee` meta-package does not install from the registry here) on the same site, with the
 * same concurrency, robots.txt respected, sitemap URLs added up front, links enqueued on the same
 * origin and every page's text counted; storage in memory only.
 */
import { CheerioCrawler, Configuration, log, LogLevel } from '@crawlee/cheerio';
import { crawlEnv, printResult, sampleRss } from './crawl-result';
import { countTokens } from './reference-words';

const { origin, concurrency } = crawlEnv();
log.setLevel(LogLevel.ERROR);
const config = new Configuration({ persistStorage: false, purgeOnStart: true });

let pages = 0;
let words = 0;
const crawler = new CheerioCrawler(
  {
    minConcurrency: concurrency,
    maxConcurrency: concurrency,
    maxRequestRetries: 1,
    respectRobotsTxtFile: true,
    async requestHandler({ $, enqueueLinks }) {
      pages += 1;
      $('script, style, noscript, template, code, pre, svg, textarea, iframe').remove();
      words += countTokens($('body').text());
      await enqueueLinks({ strategy: 'same-origin' });
    },
  },
  config,
);

const memory = sampleRss();
const started = performance.now();
const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
const urls = [`${origin}/`, ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)];
await crawler.run(urls);
const seconds = (performance.now() - started) / 1000;
const { samples, peak } = memory.stop();
printResult({ crawler: 'crawlee', pages, seconds, words, peakRssMb: peak, rssSamplesMb: samples });
process.exit(0);
