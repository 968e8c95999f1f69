import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { FuzzyIndexBuilder, SegmentedFuzzyIndex } from '@bhasha/engine';
import { SourceHashIds } from '../../apps/server/src/modules/translation-memory/source-hash-ids';
import { rssSampler } from './measure';
import { parallelSentences, seededRandom } from './tm-corpus';

/**
 * The TMX bench's web process as far as its fuzzy index goes, without a database (ADR 0019): the bench file's source texts and their SHA-256 hashes are made a tick's
 * batch at a time (HARNESS_BATCH, 110,000: an idle machine's 2 s tick at 56,000 units/s), as a page
 * of rows would bring them, given ids by `SourceHashIds` and built into a segment as `catchUp`
 * does, with HARNESS_GAP_MS between ticks for the event loop; then one query. Unlike
 * tmx-catch-up-harness.ts nothing holds every text, so the process's peak RSS (a helper thread
 * samples VmRSS every 10 ms, builds included) is the index's, its ids' and the builds' transients
 * over a small process: old and new engine code compare without the database's noise or load.
 * `node --import tsx bench/src/tmx-web-memory-harness.ts`
 */
const units = Number(process.env.HARNESS_UNITS ?? 1_000_000);
const batch = Number(process.env.HARNESS_BATCH ?? 110_000);
const gapMs = Number(process.env.HARNESS_GAP_MS ?? 200);
const english = parallelSentences().get('newstest2019-src.eng.txt') ?? [];
const next = seededRandom(6);
const highest = rssSampler();
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
await sleep(100);
const startRss = process.memoryUsage.rss();
const index = new SegmentedFuzzyIndex();
const ids = new SourceHashIds();
const started = cpu();
for (let from = 0; from < units; from += batch) {
  // A page of rows: strings the collector must free, as the database driver's would be.
  const hashes: string[] = [];
  const texts: string[] = [];
  for (let i = from; i < Math.min(units, from + batch); i += 1) {
    const sentence = english[i % english.length]!;
    const text = `${next() < 0.2 ? `<x1>${sentence}</x1>` : sentence} (${i})`;
    texts.push(text);
    hashes.push(createHash('sha256').update(text).digest('hex'));
  }
  const builder = new FuzzyIndexBuilder();
  for (let i = 0; i < hashes.length; i += 1) {
    const known = ids.size;
    const id = ids.add(hashes[i]!);
    if (ids.size > known) builder.add(id, texts[i]!);
  }
  index.appendNew(builder.finish());
  const memory = process.memoryUsage();
  process.stdout.write(
    `${Math.min(units, from + batch)} texts: index ${mb(index.memoryBytes())} + ids ${mb(ids.memoryBytes())} MB, buffers ${mb(memory.arrayBuffers)}, heap ${mb(memory.heapUsed)}/${mb(memory.heapTotal)}, rss ${mb(memory.rss)}, highest ${(highest.take() / 1000).toFixed(0)} MB\n`,
  );
  await sleep(gapMs);
}
const buildCpu = cpu() - started;
const found = index.query(`${english[7]!} (123457)`, { threshold: 0.75, limit: 5 });
const peak = Math.max(highest.take() * 1000, process.resourceUsage().maxRSS * 1024);
process.stdout.write(
  `peak RSS ${mb(peak)} MB (start ${mb(startRss)}); index ${mb(index.memoryBytes())} MB + ids ${mb(ids.memoryBytes())} MB, ${index.stats().segments} segments; CPU ${buildCpu.toFixed(0)} ms; ${found.length} found; load ${loadavg()[0]!.toFixed(1)}\n`,
);
