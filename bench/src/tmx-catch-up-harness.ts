import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { FuzzyIndexBuilder, SegmentedFuzzyIndex } from '@bhasha/engine';
import { SourceHashIds } from '../../apps/server/src/modules/translation-memory/source-hash-ids';
import { parallelSentences, seededRandom } from './tm-corpus';

/**
 * The TMX bench's web-process catch-up without a database (ADR 0019):
 * the bench file's source texts (NTREX English, numbered, some wrapped in a bold code) arrive in
 * batches of HARNESS_BATCH (a 2 s tick's worth), each built into a segment as `catchUp` does, with a
 * merge step whenever HARNESS_IDLE_EVERY batches passed (a tick that found nothing). Prints CPU per
 * phase, array buffers and RSS after each batch, and the process's peak RSS.
 * `node --import tsx bench/src/tmx-catch-up-harness.ts`
 */
const units = Number(process.env.HARNESS_UNITS ?? 1_000_000);
const batch = Number(process.env.HARNESS_BATCH ?? 90_000);
const idleEvery = Number(process.env.HARNESS_IDLE_EVERY ?? 0);
const english = parallelSentences().get('newstest2019-src.eng.txt') ?? [];
const next = seededRandom(6);
const texts: string[] = [];
const hashes: string[] = [];
for (let i = 0; i < units; i += 1) {
  const sentence = english[i % english.length]!;
  const text = `${next() < 0.2 ? `{1}${sentence}{/1}` : sentence} (${i})`;
  texts.push(text);
  hashes.push(createHash('sha256').update(text).digest('hex'));
}
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const index = new SegmentedFuzzyIndex();
const ids = new SourceHashIds();
const spent = { ids: 0, gather: 0, build: 0, merge: 0 };
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
for (let from = 0, tick = 0; from < units; from += batch, tick += 1) {
  let at = cpu();
  const builder = new FuzzyIndexBuilder();
  for (let i = from; i < Math.min(units, from + batch); i += 1) {
    const t0 = cpu();
    const known = ids.size;
    const id = ids.add(hashes[i]!);
    spent.ids += cpu() - t0;
    if (ids.size > known) builder.add(id, texts[i]!);
  }
  spent.gather += cpu() - at;
  at = cpu();
  index.appendNew(builder.finish());
  spent.build += cpu() - at;
  if (idleEvery > 0 && tick % idleEvery === idleEvery - 1) {
    at = cpu();
    index.mergeStep();
    spent.merge += cpu() - at;
  }
  const memory = process.memoryUsage();
  process.stdout.write(
    `${Math.min(units, from + batch)} texts: ${index.stats().segments} segments, index ${mb(index.memoryBytes())} MB, ids ${mb(ids.memoryBytes())} MB, array buffers ${mb(memory.arrayBuffers)} MB, heap ${mb(memory.heapUsed)}/${mb(memory.heapTotal)} MB, rss ${mb(memory.rss)} MB\n`,
  );
}
let merges = 0;
const mergeAt = cpu();
if (process.env.HARNESS_MERGE_AFTER) while (index.mergeStep()) merges += 1;
const mergeAfter = cpu() - mergeAt;
const queryAt = cpu();
const found = index.query(`${english[7]!} (123457)`, { threshold: 0.75, limit: 5 });
process.stdout.write(
  `CPU ms: gather ${spent.gather.toFixed(0)} (ids ${spent.ids.toFixed(0)}), segment builds ${spent.build.toFixed(0)}, merges during ${spent.merge.toFixed(0)}, ${merges} merges after ${mergeAfter.toFixed(0)}; query ${(cpu() - queryAt).toFixed(1)} ms, ${found.length} found; ${index.stats().segments} segments, ${mb(index.memoryBytes())} MB; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB; load ${loadavg()[0]!.toFixed(1)}\n`,
);
if (process.env.HARNESS_BREAKDOWN) {
  const parts: Record<string, number> = {};
  const addPart = (name: string, bytes: number) => (parts[name] = (parts[name] ?? 0) + bytes);
  for (const segment of (index as unknown as { segments: Array<{ index: unknown }> }).segments) {
    const base = (
      segment.index as {
        base: Record<string, { byteLength: number }> & {
          store: { allocatedBytes: number; textBytes: number };
        };
      }
    ).base;
    addPart('store pages', base.store.allocatedBytes);
    addPart('store text', base.store.textBytes);
    for (const name of [
      'handles',
      'lengths',
      'ids',
      'gramCounts',
      'lengthStarts',
      'offsets',
      'postings',
      'slotsById',
      'alive',
    ])
      addPart(name, base[name]!.byteLength);
  }
  process.stdout.write(
    `${Object.entries(parts)
      .map(([name, bytes]) => `${name} ${mb(bytes)}`)
      .join(', ')} MB\n`,
  );
}
{
  const memory = process.memoryUsage();
  process.stdout.write(
    `end: rss ${mb(memory.rss)} MB, array buffers ${mb(memory.arrayBuffers)} MB, heap total ${mb(memory.heapTotal)} MB, rest ${mb(memory.rss - memory.arrayBuffers - memory.heapTotal)} MB\n`,
  );
}
