import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Parser } from 'htmlparser2';
import { FuzzyIndex, readTmx, tmxPrologue, tmxUnitXml, TMX_EPILOGUE, type TmxUnit } from '@bhasha/engine';
import { report } from './measure';
import { envInt } from './percentiles';
import { parallelSentences, seededRandom } from './tm-corpus';

/** Writes a TMX file of `units` English–Hindi units (NTREX pairs, numbered so every source differs, some with inline codes). */
async function writeTmxFile(path: string, units: number): Promise<void> {
  const sentences = parallelSentences();
  const english = sentences.get('newstest2019-src.eng.txt') ?? [];
  const hindi = sentences.get('newstest2019-ref.hin.txt') ?? [];
  const next = seededRandom(6);
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(tmxPrologue({ attributes: { srclang: 'en' } }));
  for (let i = 0; i < units; i += 1) {
    const pair = i % english.length;
    const bold = next() < 0.2;
    const wrap = (text: string) => (bold ? `<x1>${text}</x1>` : text);
    const unit: TmxUnit = {
      attributes: { tuid: String(i + 1) },
      properties: [],
      notes: [],
      variants: [
        {
          lang: 'en',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: `${wrap(english[pair]!)} (${i})`, codes: [] },
        },
        {
          lang: 'hi',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: `${wrap(hindi[pair]!)} (${i})`, codes: [] },
        },
      ],
    };
    await write(tmxUnitXml(unit));
  }
  await write(TMX_EPILOGUE);
  out.end();
  await once(out, 'finish');
}

/** The reference: htmlparser2 reading the same file with no handlers beyond counting `</tu>`. */
async function parseOnly(path: string): Promise<number> {
  let units = 0;
  const parser = new Parser(
    { onclosetag: (name) => void (name === 'tu' && (units += 1)) },
    { xmlMode: true },
  );
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 }))
    parser.write(chunk as string);
  parser.end();
  return units;
}

/** End to end: read every unit, keep the English sources, build the fuzzy index, answer one query. */
async function importToSearchable(path: string): Promise<{ units: number; index: FuzzyIndex }> {
  const ids: number[] = [];
  const texts: string[] = [];
  for await (const event of readTmx(createReadStream(path, { highWaterMark: 1 << 16 }))) {
    if (event.type !== 'unit') continue;
    const source = event.unit.variants.find((variant) => variant.lang === 'en');
    if (!source) continue;
    ids.push(ids.length + 1);
    texts.push(source.segment.text);
  }
  const index = FuzzyIndex.build(texts.map((text, i) => ({ id: ids[i]!, text })));
  return { units: ids.length, index };
}

/**
 * TMX import to searchable (issue 6 "Benchmark"): 100,000 and 1,000,000 units, streamed from disk,
 * against a parse-only pass over the same file; throughput and peak resident memory.
 */
export async function benchTmxImport(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bhasha-tmx-bench-'));
  try {
    for (const units of [envInt('TMX_BENCH_SMALL', 100_000), envInt('TMX_BENCH_LARGE', 1_000_000)]) {
      const path = join(folder, `${units}.tmx`);
      await writeTmxFile(path, units);
      const megabytes = statSync(path).size / 1e6;

      const parseStart = performance.now();
      const parsed = await parseOnly(path);
      const parseMs = performance.now() - parseStart;

      let peakRss = process.memoryUsage.rss();
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }, 50);
      const start = performance.now();
      const { units: imported, index } = await importToSearchable(path);
      const found = index.query(
        'There is consternation among some AMs at a suggestion their title should change',
      );
      const ms = performance.now() - start;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());

      const perSecond = (imported * 1000) / ms;
      report(
        `TMX import to searchable, ${units} units (${megabytes.toFixed(0)} MB)`,
        parseMs / ms,
        '≥ 50,000 units/s, ≤ 500 MB RSS',
        perSecond >= 50_000 && peakRss <= 500e6 && imported === parsed && found.length > 0,
        `${perSecond.toFixed(0)} units/s (${(ms / 1000).toFixed(1)} s) vs parse-only ${((parsed * 1000) / parseMs).toFixed(0)} units/s; peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
