/**
 * Learns, for romanised input → Hindi, how often each Roman chunk is read as each native unit
 * (the channel model's rule costs) and how often the decoder's structural choices happen (virama
 * or silent schwa between consonants, a doubled consonant written once, an unwritten nasal, a
 * final virama), from word pairs of the Dakshina romanised SENTENCES (train split only; see
 * translit-sentence-pairs.ts). Viterbi EM: align every pair with the current costs, count, re-
 * estimate with the hand-written costs as a prior, repeat.
 *
 * Also writes a word-frequency prior: how often each native word occurs in the train sentences.
 *
 * Writes data/translit/hi-channel.words.txt.gz ("rule\tchunk\tunitKey\tcost",
 * "weight\tname\tvalue") and data/translit/hi-frequency.words.txt.gz ("word\tcount").
 * The Dakshina word lexicons (dev lists) are never read here.
 *
 * Run: npx tsx packages/engine/scripts/learn-translit-channel.ts [--data ../shared/data/transliteration]
 *        [--prior-counts 3] [--unseen-penalty 1]
 * then tune-translit.ts --search (or --set) --write to store the decoder weights chosen on the tune split.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { alignPhonetic, DEFAULT_DECODER_WEIGHTS, type StepEvent } from '../src/translit/phonetic-decoder';
import {
  applyLearnedCosts,
  buildPhoneticRules,
  unitKey,
  type PhoneticUnit,
} from '../src/translit/phonetic-rules';
import { romanScriptUnits } from '../src/translit/transliterate';
import { readSentencePairs, uniquePairs } from './translit-sentence-pairs';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const LANGUAGE = 'hi';
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'translit');
const dataDir = resolve(argument('data') ?? join(process.cwd(), '..', 'shared', 'data', 'transliteration'));
/** Weight of the hand-written costs as pseudo-counts per chunk. */
const PRIOR_COUNTS = Number(argument('prior-counts') ?? 3);
/** Extra cost of a reading the data never used, on top of its smoothed probability. */
const UNSEEN_PENALTY = Number(argument('unseen-penalty') ?? 1);
const ITERATIONS = 3;

const splits = readSentencePairs(dataDir, LANGUAGE);
if (!splits) throw new Error(`No ${LANGUAGE} romanised sentences under ${dataDir}`);
const train = uniquePairs(splits.train);
const handRules = buildPhoneticRules(false, 'deva', true);

/** Hand costs as a probability distribution over each chunk's readings. */
function priorDistribution(units: readonly PhoneticUnit[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const unit of units) {
    const key = unitKey(unit);
    weights.set(key, Math.max(weights.get(key) ?? 0, Math.exp(-unit.cost)));
  }
  const total = [...weights.values()].reduce((sum, value) => sum + value, 0);
  for (const [key, value] of weights) weights.set(key, value / total);
  return weights;
}

interface Counts {
  rules: Map<string, Map<string, number>>;
  events: Map<
    StepEvent | 'consonantAfterConsonant' | 'consonantAfterVowel' | 'vowel' | 'finalVowel' | 'consonantEnd',
    number
  >;
  aligned: number;
}

/** While aligning, a dropped final nasal is allowed at a moderate cost, so that it can be counted. */
const ALIGNMENT_WEIGHTS = { ...DEFAULT_DECODER_WEIGHTS, finalNasalCost: 3.5 };

function countAlignments(rules: Map<string, PhoneticUnit[]>, weights = ALIGNMENT_WEIGHTS): Counts {
  const units = romanScriptUnits(LANGUAGE, rules);
  const counts: Counts = { rules: new Map(), events: new Map(), aligned: 0 };
  const bump = (key: Parameters<Counts['events']['set']>[0]): void => {
    counts.events.set(key, (counts.events.get(key) ?? 0) + 1);
  };
  for (const pair of train) {
    const steps = alignPhonetic(pair.source, pair.target, units, weights);
    if (!steps) continue;
    counts.aligned += 1;
    let previous: PhoneticUnit['kind'] | undefined;
    const lastUnitIndex = steps.findLastIndex((step) => step.unit);
    for (const [index, step] of steps.entries()) {
      if (step.event === 'finalVirama') {
        bump('finalVirama');
        continue;
      }
      if (!step.unit) continue;
      const perChunk = counts.rules.get(step.chunk) ?? new Map<string, number>();
      const key = unitKey(step.unit);
      perChunk.set(key, (perChunk.get(key) ?? 0) + 1);
      counts.rules.set(step.chunk, perChunk);
      if (step.unit.kind === 'C' && previous === 'C') bump('consonantAfterConsonant');
      if (step.unit.kind === 'C' && previous !== 'C' && previous !== undefined) bump('consonantAfterVowel');
      if (step.unit.kind === 'V') bump(index === lastUnitIndex ? 'finalVowel' : 'vowel');
      if (step.event !== 'plain') bump(step.event);
      previous = step.unit.kind === 'S' ? 'V' : step.unit.kind;
    }
    if (previous === 'C') bump('consonantEnd');
  }
  return counts;
}

function estimateCosts(counts: Counts): { costs: Map<string, number>; seen: Set<string> } {
  const costs = new Map<string, number>();
  const seen = new Set<string>();
  for (const [chunk, units] of handRules) {
    const observed = counts.rules.get(chunk);
    const total = observed ? [...observed.values()].reduce((sum, value) => sum + value, 0) : 0;
    if (total === 0) continue;
    seen.add(chunk);
    for (const [key, prior] of priorDistribution(units)) {
      const count = observed?.get(key) ?? 0;
      const probability = (count + PRIOR_COUNTS * prior) / (total + PRIOR_COUNTS);
      costs.set(`${chunk}\t${key}`, -Math.log(probability) + (count === 0 ? UNSEEN_PENALTY : 0));
    }
  }
  return { costs, seen };
}

/** −log of how often a structural choice was made where it could have been. */
function eventCost(counts: Counts, event: StepEvent, opportunities: number): number {
  const made = counts.events.get(event) ?? 0;
  return Number((-Math.log((made + 0.5) / (opportunities + 1))).toFixed(3));
}

let rules = handRules;
let counts = countAlignments(rules);
console.log(`train pairs ${train.length}, aligned by the hand rules ${counts.aligned}`);
let learned = estimateCosts(counts);
for (let iteration = 1; iteration < ITERATIONS; iteration += 1) {
  rules = applyLearnedCosts(handRules, learned.costs, learned.seen, 0);
  counts = countAlignments(rules);
  console.log(`iteration ${iteration}: aligned ${counts.aligned}`);
  learned = estimateCosts(counts);
}

const events = counts.events;
const between = events.get('consonantAfterConsonant') ?? 0;
const weights: Record<string, number> = {
  viramaCost: eventCost(counts, 'virama', between),
  schwaCost: eventCost(counts, 'schwa', between),
  geminationCost: eventCost(counts, 'gemination', events.get('consonantAfterVowel') ?? 0),
  silentNasalCost: eventCost(counts, 'nasal', events.get('vowel') ?? 0),
  finalNasalCost: eventCost(counts, 'finalNasal', events.get('finalVowel') ?? 0),
  finalViramaCost: eventCost(counts, 'finalVirama', events.get('consonantEnd') ?? 0),
};
console.log('events', Object.fromEntries(events), 'weights', weights);

const lines = [
  ...Object.entries(weights).map(([name, value]) => `weight\t${name}\t${value}`),
  ...[...learned.costs].map(([key, cost]) => `rule\t${key}\t${cost.toFixed(3)}`),
];
writeFileSync(
  join(OUT_DIR, `${LANGUAGE}-channel.words.txt.gz`),
  gzipSync(`${lines.join('\n')}\n`, { level: 9 }),
);

const frequency = new Map<string, number>();
for (const word of splits.trainNativeWords) frequency.set(word, (frequency.get(word) ?? 0) + 1);
const frequencyLines = [...frequency]
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .map(([word, count]) => `${word}\t${count}`);
writeFileSync(
  join(OUT_DIR, `${LANGUAGE}-frequency.words.txt.gz`),
  gzipSync(`${frequencyLines.join('\n')}\n`, { level: 9 }),
);
console.log(`${learned.costs.size} rule costs, ${frequency.size} word frequencies written`);
