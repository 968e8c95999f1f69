/**
 * Measures romanised → native accuracy on the TUNE or TEST split of the Dakshina romanised
 * sentences (word pairs; see translit-sentence-pairs.ts), never on the Dakshina word lexicons, and
 * optionally searches decoder weights on the tune split (coordinate search over a few values).
 *
 * Figures: all distinct pairs of the split, and those whose native word never occurs in the train
 * sentences ("unseen": the learned frequencies cannot help there; closer to the word lexicons,
 * which sample word types, most of them rare).
 *
 * With --write, the weights found are stored in data/translit/hi-channel.words.txt.gz (after the
 * costs learn-translit-channel.ts wrote there), so the engine uses them for romanised Hindi.
 *
 * Usage: npx tsx packages/engine/scripts/tune-translit.ts [--split tune|test] [--search] [--write]
 *        [--set lm=1,frequencyBonus=0.5] [--no-learned] [--limit 1500] [--rounds 1] [--data DIR]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { DecoderWeights } from '../src/translit/phonetic-decoder';
import {
  resetDecoderWeights,
  setDecoderWeights,
  setLearnedDataEnabled,
  transliterate,
} from '../src/translit/transliterate';
import { readSentencePairs, uniquePairs, type WordPair } from './translit-sentence-pairs';
import { parseWeightArgument } from './translit-weight-arguments';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const LANGUAGE = 'hi';
const dataDir = resolve(argument('data') ?? join(process.cwd(), '..', 'shared', 'data', 'transliteration'));
const splits = readSentencePairs(dataDir, LANGUAGE);
if (!splits) throw new Error(`No ${LANGUAGE} romanised sentences under ${dataDir}`);
const seen = new Set(splits.trainNativeWords);
const splitName = argument('split') ?? 'tune';
const limit = Number(argument('limit') ?? 0);
let pairs = uniquePairs(splitName === 'test' ? splits.test : splits.tune);
if (limit && pairs.length > limit) {
  const step = pairs.length / limit;
  pairs = Array.from({ length: limit }, (_, i) => pairs[Math.floor(i * step)] as WordPair);
}
if (process.argv.includes('--no-learned')) setLearnedDataEnabled(false);

interface Result {
  all: [number, number];
  unseen: [number, number];
  objective: number;
}

function measure(): Result {
  const tally = { all: [0, 0, 0], unseen: [0, 0, 0] };
  for (const pair of pairs) {
    const candidates = transliterate(pair.source, { to: LANGUAGE, count: 5 });
    for (const row of seen.has(pair.target) ? [tally.all] : [tally.all, tally.unseen]) {
      row[0] = (row[0] ?? 0) + 1;
      if (candidates[0] === pair.target) row[1] = (row[1] ?? 0) + 1;
      if (candidates.includes(pair.target)) row[2] = (row[2] ?? 0) + 1;
    }
  }
  const rate = (row: number[]): [number, number] => [
    (100 * (row[1] ?? 0)) / Math.max(1, row[0] ?? 0),
    (100 * (row[2] ?? 0)) / Math.max(1, row[0] ?? 0),
  ];
  const all = rate(tally.all);
  const unseen = rate(tally.unseen);
  // Rare words matter most: the Dakshina lexicons sample word TYPES (of words seen more than once
  // in Wikipedia), most of which a few thousand sentences never contain. Top-1 a little more than top-5.
  const objective = 0.25 * (0.6 * all[0] + 0.4 * all[1]) + 0.75 * (0.6 * unseen[0] + 0.4 * unseen[1]);
  return { all, unseen, objective };
}

function report(label: string, result: Result): void {
  const f = (value: number): string => value.toFixed(1).padStart(5);
  console.log(
    `${label.padEnd(40)} all top-1 ${f(result.all[0])} top-5 ${f(result.all[1])} | unseen top-1 ${f(result.unseen[0])} top-5 ${f(result.unseen[1])} | objective ${result.objective.toFixed(2)}`,
  );
}

let current = parseWeightArgument(argument('set'));
setDecoderWeights(current);
console.log(
  `${splitName}: ${pairs.length} distinct pairs, ${pairs.filter((p) => !seen.has(p.target)).length} unseen`,
);
let best = measure();
report(JSON.stringify(current), best);

if (process.argv.includes('--search')) {
  const grid: Partial<Record<keyof DecoderWeights, number[]>> = {
    lm: [0.4, 0.5, 0.6, 0.7, 0.85, 1],
    frequencyBonus: [0, 0.15, 0.3, 0.5],
    lexiconBonus: [1, 1.5, 2, 2.5, 3],
    tierBonus: [0.4, 0.7, 1],
    loanwordCost: [2, 3, 4.5],
    schwaCost: [0.7, 1.05, 1.4],
  };
  for (let round = 0; round < Number(argument('rounds') ?? 1); round += 1) {
    for (const [name, values] of Object.entries(grid)) {
      for (const value of values ?? []) {
        const trial = { ...current, [name]: value };
        if (JSON.stringify(trial) === JSON.stringify(current)) continue;
        resetDecoderWeights();
        setDecoderWeights(trial);
        const result = measure();
        report(JSON.stringify(trial), result);
        if (result.objective > best.objective) {
          best = result;
          current = trial;
        }
      }
      resetDecoderWeights();
      setDecoderWeights(current);
    }
    report(`best after round ${round + 1}: ${JSON.stringify(current)}`, best);
  }
}

if (process.argv.includes('--write')) {
  const file = join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    'data',
    'translit',
    `${LANGUAGE}-channel.words.txt.gz`,
  );
  const chosen = Object.entries(current);
  const kept = gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line && !chosen.some(([name]) => line.startsWith(`weight\t${name}\t`)));
  const lines = [...chosen.map(([name, value]) => `weight\t${name}\t${value}`), ...kept];
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  console.log(`wrote ${chosen.map(([name, value]) => `${name}=${value}`).join(', ')} to ${file}`);
}
