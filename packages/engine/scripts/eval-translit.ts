/**
 * Transliteration accuracy on the shared Dakshina dev lexicons (romanised → native, per language)
 * and the English→Hindi name pairs: top-1 and top-5 word accuracy. A native word with several
 * attested romanisations is scored once per (native, romanisation) pair, as in the Dakshina paper.
 *
 * Hindi is scored on its whole dev list; other lists on an evenly spaced sample of 1,000 pairs
 * (`--limit N` for all lists, `--limit 0` for everything) so the run stays within a few minutes.
 *
 * Usage: npm run eval:translit [-- --lang hi,bn --limit 500 --data ../shared/data/transliteration]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setDecoderWeights, setLearnedDataEnabled, transliterate } from '../src/translit/transliterate';
import { readSentencePairs } from './translit-sentence-pairs';
import { parseWeightArgument } from './translit-weight-arguments';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const dataDir = resolve(
  argument('data') ??
    process.env.TRANSLIT_DATA ??
    join(process.cwd(), '..', 'shared', 'data', 'transliteration'),
);
const limitArgument = argument('limit');
const DEFAULT_SAMPLE = 1000;
const languages = (argument('lang') ?? 'hi,bn,gu,mr,ta,te').split(',');
// --no-learned: rules, word lists and character model only (what the engine did before it learned
// from romanised sentences); --set name=value,…: decoder weights, for experiments.
if (process.argv.includes('--no-learned')) setLearnedDataEnabled(false);
const weightArgument = argument('set');
setDecoderWeights(parseWeightArgument(weightArgument));

interface Pair {
  source: string;
  target: string;
}

/** Every `step`-th pair so a limited run still spans the alphabet. */
function sample<T>(items: T[], isHeadline = false): T[] {
  const limit = limitArgument !== undefined ? Number(limitArgument) : isHeadline ? 0 : DEFAULT_SAMPLE;
  if (!limit || items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)] as T);
}

/**
 * Prints top-1/top-5 of `pairs`; with `seen` (native words the learned data was built from), also
 * the figures on pairs whose native word it never saw.
 */
function score(name: string, pairs: Pair[], to: string, from?: string, seen?: ReadonlySet<string>): void {
  const started = Date.now();
  const cpuStarted = process.cpuUsage();
  const total = { n: 0, top1: 0, top5: 0 };
  const unseen = { n: 0, top1: 0, top5: 0 };
  for (const pair of pairs) {
    const candidates = transliterate(pair.source, { to, from, count: 5 });
    const target = pair.target.normalize('NFC');
    for (const tally of seen && !seen.has(target) ? [total, unseen] : [total]) {
      tally.n += 1;
      if (candidates[0] === target) tally.top1 += 1;
      if (candidates.includes(target)) tally.top5 += 1;
    }
  }
  const percent = (value: number, of: number): string =>
    ((100 * value) / Math.max(1, of)).toFixed(1).padStart(5);
  const line = (label: string, tally: typeof total, seconds: string): string =>
    `${label.padEnd(28)} n=${String(tally.n).padStart(5)}  top-1 ${percent(tally.top1, tally.n)} %  top-5 ${percent(tally.top5, tally.n)} %${seconds}`;
  const seconds = (Date.now() - started) / 1000;
  // CPU time (user + system) is steadier than wall time on a shared machine; it includes loading.
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    line(
      name,
      total,
      `  (${seconds.toFixed(1)} s, ${(pairs.length / cpuSeconds).toFixed(0)} words per CPU-second)`,
    ),
  );
  if (seen) console.log(line(`  of which unseen in training`, unseen, ''));
}

for (const language of languages) {
  const file = join(dataDir, 'dakshina', `${language}.translit.sampled.dev.tsv`);
  if (!existsSync(file)) continue;
  const pairs = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([target = '', source = '']) => ({ source, target }));
  // Native words of the romanised sentences' train split (which the learned data comes from).
  const seen = process.argv.includes('--no-learned')
    ? undefined
    : new Set(readSentencePairs(dataDir, language)?.trainNativeWords ?? []);
  score(
    `dakshina ${language} dev`,
    sample(pairs, language === 'hi'),
    language,
    undefined,
    seen && seen.size > 0 ? seen : undefined,
  );
}

function namePairs(file: string, targetColumn: number): Pair[] {
  if (!existsSync(file)) return [];
  const pairs: Pair[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const columns = line.split('\t');
    const english = (columns[0] ?? '').split(/[\s.,]+/u).filter((token) => /^[A-Za-z]{2,}$/u.test(token));
    const hindi = (columns[targetColumn] ?? '')
      .split(/[\s.,]+/u)
      .filter((token) => /^[\u0900-\u097F]{2,}$/u.test(token));
    // Only names whose tokens line up one to one are usable as word pairs.
    if (english.length === 0 || english.length !== hindi.length) continue;
    english.forEach((token, i) => pairs.push({ source: token, target: hindi[i] ?? '' }));
  }
  return pairs;
}

if (!argument('lang') || languages.includes('names')) {
  score(
    'names en→hi (affidavits)',
    sample(namePairs(join(dataDir, 'names', 'election_affidavit_names_en_hi.tsv'), 1)),
    'hi',
    'en',
  );
  score(
    'names en→hi (cricketers)',
    sample(namePairs(join(dataDir, 'names', 'cricket_players_en_hi.tsv'), 2)),
    'hi',
    'en',
  );
}
