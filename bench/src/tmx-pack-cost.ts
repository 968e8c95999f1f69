import { FuzzyIndexBuilder } from '@bhasha/engine';
import { parallelSentences, seededRandom } from './tm-corpus';

/**
 * What packing a sealed segment's texts costs (engineer C's aid, ADR 0019 session 10): the bench's
 * texts in a segment of PACK_TEXTS (150,000: a catch-up's largest), built, then packed; CPU of each.
 * `node --import tsx bench/src/tmx-pack-cost.ts`
 */
const size = Number(process.env.PACK_TEXTS ?? 150_000);
const english = parallelSentences().get('newstest2019-src.eng.txt') ?? [];
const next = seededRandom(6);
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
for (let round = 0; round < 3; round += 1) {
  const builder = new FuzzyIndexBuilder();
  for (let i = 0; i < size; i += 1) {
    const sentence = english[i % english.length]!;
    builder.add(i, `${next() < 0.2 ? `<x1>${sentence}</x1>` : sentence} (${round * size + i})`);
  }
  let at = cpu();
  const index = builder.finish();
  const buildMs = cpu() - at;
  const before = index.memoryBytes();
  at = cpu();
  index.packTexts();
  const packMs = cpu() - at;
  process.stdout.write(
    `${size} texts: build ${buildMs.toFixed(0)} ms CPU, pack ${packMs.toFixed(0)} ms CPU; ${(before / 1e6).toFixed(1)} → ${(index.memoryBytes() / 1e6).toFixed(1)} MB\n`,
  );
}
