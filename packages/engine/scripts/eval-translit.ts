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
import { transliterate } from '../src/translit/transliterate';

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

function score(name: string, pairs: Pair[], to: string, from?: string): void {
  const started = Date.now();
  let top1 = 0;
  let top5 = 0;
  for (const pair of pairs) {
    const candidates = transliterate(pair.source, { to, from, count: 5 });
    const target = pair.target.normalize('NFC');
    if (candidates[0] === target) top1 += 1;
    if (candidates.includes(target)) top5 += 1;
  }
  const percent = (value: number): string =>
    ((100 * value) / Math.max(1, pairs.length)).toFixed(1).padStart(5);
  console.log(
    `${name.padEnd(28)} n=${String(pairs.length).padStart(5)}  top-1 ${percent(top1)} %  top-5 ${percent(top5)} %  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

for (const language of languages) {
  const file = join(dataDir, 'dakshina', `${language}.translit.sampled.dev.tsv`);
  if (!existsSync(file)) continue;
  const pairs = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([target = '', source = '']) => ({ source, target }));
  score(`dakshina ${language} dev`, sample(pairs, language === 'hi'), language);
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
