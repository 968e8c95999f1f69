/**
 * Builds the transliteration engine's word lists (packages/engine/data/translit/<lang>.words.txt.gz)
 * from Debian's spelling dictionaries: aspell-XX (expanded with `aspell expand`) and hunspell-XX
 * (stems of the .dic file). One NFC-normalised word per line, sorted; words in both dictionaries
 * or in hunspell's smaller list come first-class ("word\t1"), the rest plain.
 *
 * Needs: apt-get install -y aspell aspell-hi aspell-bn aspell-gu aspell-kn aspell-ml aspell-mr
 *        aspell-or aspell-pa aspell-ta aspell-te hunspell-hi hunspell-bn hunspell-gu hunspell-te hunspell-ml
 * Run:   npx tsx packages/engine/scripts/build-translit-data.ts
 * Dakshina dev/test lists are never read here: they are for measuring only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'translit');
const LISTS: Array<{ stem: string; aspell: string; hunspell?: string; script: RegExp }> = [
  { stem: 'hi', aspell: 'hi', hunspell: 'hi_IN', script: /^[\u0900-\u097F]+$/u },
  { stem: 'mr', aspell: 'mr', script: /^[\u0900-\u097F]+$/u },
  { stem: 'bn', aspell: 'bn', hunspell: 'bn_IN', script: /^[\u0980-\u09FF]+$/u },
  { stem: 'gu', aspell: 'gu', hunspell: 'gu_IN', script: /^[\u0A80-\u0AFF]+$/u },
  { stem: 'pa', aspell: 'pa', script: /^[\u0A00-\u0A7F]+$/u },
  { stem: 'or', aspell: 'or', script: /^[\u0B00-\u0B7F]+$/u },
  { stem: 'ta', aspell: 'ta', script: /^[\u0B80-\u0BFF]+$/u },
  { stem: 'te', aspell: 'te', hunspell: 'te_IN', script: /^[\u0C00-\u0C7F]+$/u },
  { stem: 'kn', aspell: 'kn', script: /^[\u0C80-\u0CFF]+$/u },
  { stem: 'ml', aspell: 'ml', hunspell: 'ml_IN', script: /^[\u0D00-\u0D7F]+$/u },
];

function aspellWords(language: string): string[] {
  const master = execFileSync('aspell', ['-d', language, 'dump', 'master'], { maxBuffer: 1 << 28 });
  const expanded = execFileSync('aspell', ['-l', language, 'expand'], { input: master, maxBuffer: 1 << 28 });
  return expanded.toString('utf8').split(/\s+/u);
}

function hunspellWords(dictionary: string): string[] {
  const path = `/usr/share/hunspell/${dictionary}.dic`;
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('/')[0] ?? '');
}

mkdirSync(OUT_DIR, { recursive: true });
for (const list of LISTS) {
  const clean = (words: string[]): Set<string> =>
    new Set(words.map((word) => word.trim().normalize('NFC')).filter((word) => list.script.test(word)));
  const fromAspell = clean(aspellWords(list.aspell));
  const fromHunspell = clean(list.hunspell ? hunspellWords(list.hunspell) : []);
  const all = [...new Set([...fromAspell, ...fromHunspell])].sort();
  const lines = all.map((word) => (fromHunspell.has(word) ? `${word}\t1` : word));
  const file = join(OUT_DIR, `${list.stem}.words.txt.gz`);
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  console.log(`${list.stem}: ${all.length} words (${fromHunspell.size} from hunspell) → ${file}`);
}
