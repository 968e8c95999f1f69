import { FuzzyIndexBuilder, TextStore } from '@bhasha/engine';
import { parallelSentences, seededRandom } from './tm-corpus';

/**
 * What packing a sealed segment's texts costs (ADR 0019): the bench's
 * texts in a segment of PACK_TEXTS (150,000: a catch-up's largest), built, then packed; CPU of each.
 * Then the same texts through a builder that packs them as it gathers them: gathering
 * and build CPU together, against gathering, build and packing above.
 * `node --import tsx bench/src/tmx-pack-cost.ts`
 */
const size = Number(process.env.PACK_TEXTS ?? 150_000);
const english = parallelSentences().get('newstest2019-src.eng.txt') ?? [];
const next = seededRandom(6);
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const texts = (round: number) =>
  Array.from({ length: size }, (_, i) => {
    const sentence = english[i % english.length]!;
    return `${next() < 0.2 ? `<x1>${sentence}</x1>` : sentence} (${round * size + i})`;
  });
for (let round = 0; round < 3; round += 1) {
  const batch = texts(round);
  let at = cpu();
  const builder = new FuzzyIndexBuilder(new TextStore());
  batch.forEach((text, i) => builder.add(i, text));
  const gatherMs = cpu() - at;
  at = cpu();
  const index = builder.finish();
  const buildMs = cpu() - at;
  const before = index.memoryBytes();
  at = cpu();
  index.packTexts();
  const packMs = cpu() - at;
  at = cpu();
  const packing = new FuzzyIndexBuilder();
  batch.forEach((text, i) => packing.add(i, text));
  const packingGatherMs = cpu() - at;
  at = cpu();
  const packed = packing.finish();
  const packingBuildMs = cpu() - at;
  process.stdout.write(
    `${size} texts: gather ${gatherMs.toFixed(0)} + build ${buildMs.toFixed(0)} + pack ${packMs.toFixed(0)} ms CPU; ` +
      `${(before / 1e6).toFixed(1)} → ${(index.memoryBytes() / 1e6).toFixed(1)} MB | packing while gathered: ` +
      `gather ${packingGatherMs.toFixed(0)} + build ${packingBuildMs.toFixed(0)} ms CPU, ${(packed.memoryBytes() / 1e6).toFixed(1)} MB\n`,
  );
}
