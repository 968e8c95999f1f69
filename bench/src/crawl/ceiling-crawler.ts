/**
 * Child process, the reference "ceiling": the least a crawler can do on this site: undici with
 * keep-alive, a Set as the frontier, htmlparser2 for links and text, robots.txt prefix rules and
 * sitemap.xml; no storage. What it reaches is what this machine allows.
 */
import { Agent, request } from 'undici';
import { crawlEnv, printResult, sampleRss } from './crawl-result';
import { createLinkAndTextParser } from './reference-words';

const { origin, concurrency } = crawlEnv();
const agent = new Agent({ connections: concurrency, keepAliveTimeout: 30_000 });

async function get(url: string): Promise<{ status: number; body: string; type: string }> {
  const response = await request(url, { dispatcher: agent });
  return {
    status: response.statusCode,
    body: await response.body.text(),
    type: String(response.headers['content-type'] ?? ''),
  };
}

const memory = sampleRss();
const started = performance.now();
const robots = await get(`${origin}/robots.txt`);
const disallowed = [...robots.body.matchAll(/^Disallow:\s*(\S+)/gim)].map((m) => m[1]!);
const isAllowed = (url: URL) => !disallowed.some((prefix) => url.pathname.startsWith(prefix));

const seen = new Set<string>();
const queue: string[] = [];
function add(href: string, base: string): void {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return;
  }
  if (url.origin !== origin || !isAllowed(url)) return;
  url.hash = '';
  if (seen.has(url.href)) return;
  seen.add(url.href);
  queue.push(url.href);
}
add('/', origin);
const sitemap = await get(`${origin}/sitemap.xml`);
for (const match of sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)) add(match[1]!, origin);

let pages = 0;
let words = 0;
let active = 0;
let next = 0;
await new Promise<void>((resolve, reject) => {
  const pump = () => {
    while (active < concurrency && next < queue.length) {
      const url = queue[next++]!;
      active += 1;
      get(url)
        .then((page) => {
          if (page.status === 200 && page.type.includes('text/html')) {
            pages += 1;
            words += createLinkAndTextParser((href) => add(href, url)).end(page.body);
          }
        })
        .then(() => {
          active -= 1;
          if (active === 0 && next === queue.length) resolve();
          else pump();
        }, reject);
    }
  };
  pump();
});
const seconds = (performance.now() - started) / 1000;
const { samples, peak } = memory.stop();
await agent.close();
printResult({ crawler: 'ceiling', pages, seconds, words, peakRssMb: peak, rssSamplesMb: samples });
