/**
 * Builds the transliteration engine's word lists (packages/engine/data/translit/<stem>.words.txt.gz)
 * from what Debian ships:
 *  - the word list of tesseract-ocr-script-XXXX (all languages written in the script; 1.4 M words
 *    for Devanagari): tier 0, only where `scriptList` is set, as it is large;
 *  - aspell-XX dictionaries (expanded with `aspell expand`): tier 1;
 *  - hunspell-XX stems (.dic): tier 2;
 *  - the word list inside tesseract-ocr-XXX's traineddata (the OCR engine's list of the language's
 *    frequent words, unpacked with combine_tessdata + dawg2wordlist): tier 3, the best stand-in for
 *    word frequency Debian offers.
 * One NFC-normalised word per line with its tier ("word\t2"; tier 0 written bare), sorted.
 *
 * Needs: apt-get install -y aspell aspell-hi aspell-bn aspell-gu aspell-kn aspell-ml aspell-mr
 *        aspell-or aspell-pa aspell-ta aspell-te hunspell-hi hunspell-bn hunspell-gu hunspell-te
 *        hunspell-ml tesseract-ocr espeak-ng wamerican
 *        (the tesseract-ocr-XXX packages are fetched with apt-get download)
 * Run:   npx tsx packages/engine/scripts/build-translit-data.ts
 * Dakshina dev/test lists are never read here: they are for measuring only.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loanwordSpellings, pronounceWords } from './english-loanwords';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'translit');
const DEVA = /^[\u0900-\u0963\u0970-\u097F]+$/u;
const LISTS: Array<{
  stem: string;
  aspell?: string;
  hunspell?: string;
  tesseract?: string;
  scriptList?: string;
  script: RegExp;
}> = [
  { stem: 'hi', aspell: 'hi', hunspell: 'hi_IN', tesseract: 'hin', scriptList: 'script-deva', script: DEVA },
  { stem: 'mr', aspell: 'mr', tesseract: 'mar', script: DEVA },
  { stem: 'ne', tesseract: 'nep', script: DEVA },
  {
    stem: 'bn',
    aspell: 'bn',
    hunspell: 'bn_IN',
    tesseract: 'ben',
    script: /^[\u0980-\u09E3\u09F0-\u09F1]+$/u,
  },
  { stem: 'as', tesseract: 'asm', script: /^[\u0980-\u09E3\u09F0-\u09F1]+$/u },
  { stem: 'gu', aspell: 'gu', hunspell: 'gu_IN', tesseract: 'guj', script: /^[\u0A80-\u0AE3]+$/u },
  { stem: 'pa', aspell: 'pa', tesseract: 'pan', script: /^(?:[\u0A00-\u0A63]|[\u0A70-\u0A74])+$/u },
  { stem: 'or', aspell: 'or', tesseract: 'ori', script: /^[\u0B00-\u0B63\u0B71]+$/u },
  { stem: 'ta', aspell: 'ta', tesseract: 'tam', script: /^[\u0B80-\u0BE3]+$/u },
  { stem: 'te', aspell: 'te', hunspell: 'te_IN', tesseract: 'tel', script: /^[\u0C00-\u0C63]+$/u },
  { stem: 'kn', aspell: 'kn', tesseract: 'kan', script: /^[\u0C80-\u0CE3]+$/u },
  {
    stem: 'ml',
    aspell: 'ml',
    hunspell: 'ml_IN',
    tesseract: 'mal',
    script: /^[\u0D00-\u0D63\u0D7A-\u0D7F]+$/u,
  },
];

const workDir = mkdtempSync(join(tmpdir(), 'translit-data-'));

/** The word list of the Debian package tesseract-ocr-<code>, fetched as a .deb and unpacked without installing. */
function tesseractWords(code: string): string[] {
  const dir = join(workDir, code);
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('apt-get', ['download', `tesseract-ocr-${code}`], { cwd: dir, stdio: 'ignore' });
    const deb = readdirSync(dir).find((name) => name.endsWith('.deb'));
    if (!deb) return [];
    execFileSync('dpkg-deb', ['-x', deb, 'root'], { cwd: dir });
    const traineddata = execFileSync('find', ['root', '-name', '*.traineddata'], { cwd: dir })
      .toString()
      .trim()
      .split('\n')[0];
    if (!traineddata) return [];
    execFileSync('combine_tessdata', ['-u', traineddata, `${code}.`], { cwd: dir, stdio: 'ignore' });
    const words: string[] = [];
    for (const [dawg, unicharset] of [
      ['lstm-word-dawg', 'lstm-unicharset'],
      ['word-dawg', 'unicharset'],
    ] as const) {
      if (!existsSync(join(dir, `${code}.${dawg}`))) continue;
      execFileSync('dawg2wordlist', [`${code}.${unicharset}`, `${code}.${dawg}`, `${code}.${dawg}.txt`], {
        cwd: dir,
        stdio: 'ignore',
      });
      for (const word of readFileSync(join(dir, `${code}.${dawg}.txt`), 'utf8').split('\n')) words.push(word);
    }
    return words;
  } catch (error) {
    console.warn(`tesseract-ocr-${code}: ${(error as Error).message}`);
    return [];
  }
}

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

/**
 * Tesseract's word lists never end in a virama (the final pulli/chandrakkala is lost in its DAWG:
 * 0 of 116 k Tamil words end in ், against 58 % in aspell-ta). In the Dravidian scripts, where a
 * final virama is common, a word ending in a bare consonant is kept in both spellings.
 */
function restoreFinalVirama(words: Set<string>, stem: string): Set<string> {
  const virama: Record<string, string> = { ta: '\u0BCD', ml: '\u0D4D', te: '\u0C4D', kn: '\u0CCD' };
  const sign = virama[stem];
  if (!sign) return words;
  const consonant = /\p{Lo}$/u;
  const out = new Set(words);
  for (const word of words) if (consonant.test(word)) out.add(word + sign);
  return out;
}

mkdirSync(OUT_DIR, { recursive: true });
for (const list of LISTS) {
  const clean = (words: string[]): Set<string> =>
    new Set(words.map((word) => word.trim().normalize('NFC')).filter((word) => list.script.test(word)));
  const fromAspell = clean(list.aspell ? aspellWords(list.aspell) : []);
  const fromHunspell = clean(list.hunspell ? hunspellWords(list.hunspell) : []);
  const fromTesseract = restoreFinalVirama(
    clean(list.tesseract ? tesseractWords(list.tesseract) : []),
    list.stem,
  );
  const fromScript = clean(list.scriptList ? tesseractWords(list.scriptList) : []);
  const all = [...new Set([...fromAspell, ...fromHunspell, ...fromTesseract, ...fromScript])].sort();
  const tier = (word: string): number =>
    fromTesseract.has(word) ? 3 : fromHunspell.has(word) ? 2 : fromAspell.has(word) ? 1 : 0;
  const lines = all.map((word) => (tier(word) > 0 ? `${word}\t${tier(word)}` : word));
  const file = join(OUT_DIR, `${list.stem}.words.txt.gz`);
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  console.log(
    `${list.stem}: ${all.length} words (aspell ${fromAspell.size}, hunspell ${fromHunspell.size}, tesseract ${fromTesseract.size}, script ${fromScript.size})`,
  );
}
rmSync(workDir, { recursive: true, force: true });

// English words as Hindi spells them (the pivot for every script), from espeak-ng pronunciations
// of Debian's English word list (packages espeak-ng, wamerican).
const ENGLISH_WORDS = '/usr/share/dict/american-english';
if (existsSync(ENGLISH_WORDS)) {
  // Capitalised entries are names (Walton, Bradley), which romanised text and mode 2 need too.
  const words = [
    ...new Set(
      readFileSync(ENGLISH_WORDS, 'utf8')
        .split('\n')
        .filter((word) => /^[A-Za-z]{2,}$/u.test(word))
        .map((word) => word.toLowerCase()),
    ),
  ];
  const pronunciations = pronounceWords(words);
  const lines: string[] = [];
  for (const word of words) {
    const spellings = loanwordSpellings(pronunciations.get(word) ?? '');
    if (spellings.length > 0) lines.push(`${word}\t${spellings.join('\t')}`);
  }
  const file = join(OUT_DIR, 'en-loanwords.words.txt.gz');
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  console.log(`en-loanwords: ${lines.length} English words with Devanagari spellings`);
} else console.warn(`${ENGLISH_WORDS} missing (apt-get install wamerican): English loanwords skipped`);
