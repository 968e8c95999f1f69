/**
 * English words as Hindi writes them (computer → कंप्यूटर), from their pronunciation: espeak-ng
 * (Debian package espeak-ng) gives each word of Debian's English word list (wamerican) as phonemes,
 * and the table below writes those phonemes the way Hindi spells English loanwords (alveolar t/d
 * as retroflex ट/ड, the TRAP vowel as ै, LOT as ॉ, a nasal before a consonant as anusvara).
 */
import { execFileSync } from 'node:child_process';

/** espeak-ng vowel phonemes → [independent form, vowel sign]. */
const VOWELS: Readonly<Record<string, readonly [string, string]>> = {
  '@': ['अ', ''],
  '3': ['अर', 'र'],
  '3:': ['अर', 'र'],
  a: ['ऐ', 'ै'],
  aa: ['आ', 'ा'],
  'A:': ['आ', 'ा'],
  'A@': ['आर', 'ार'],
  aI: ['आइ', 'ाइ'],
  'aI@': ['आयर', 'ायर'],
  aI3: ['आयर', 'ायर'],
  aU: ['आउ', 'ाउ'],
  'aU@': ['आउअर', 'ाउअर'],
  E: ['ए', 'े'],
  'e@': ['एयर', 'ेयर'],
  eI: ['ए', 'े'],
  I: ['इ', 'ि'],
  i: ['ई', 'ी'],
  'i:': ['ई', 'ी'],
  'i@': ['इयर', 'ियर'],
  'i@3': ['इयर', 'ियर'],
  '0': ['ऑ', 'ॉ'],
  O: ['ऑ', 'ॉ'],
  'O:': ['ऑ', 'ॉ'],
  'O@': ['ओर', 'ोर'],
  'o@': ['ओर', 'ोर'],
  OI: ['ऑय', 'ॉय'],
  oU: ['ओ', 'ो'],
  U: ['उ', 'ु'],
  'u:': ['ऊ', 'ू'],
  'U@': ['उअर', 'ुअर'],
  V: ['अ', ''],
  '@L': ['अल', 'ल'],
};

/** espeak-ng consonant phonemes → Devanagari consonant. */
const CONSONANTS: Readonly<Record<string, string>> = {
  p: 'प',
  b: 'ब',
  t: 'ट',
  d: 'ड',
  k: 'क',
  g: 'ग',
  f: 'फ़',
  v: 'व',
  T: 'थ',
  D: 'द',
  s: 'स',
  z: 'ज़',
  S: 'श',
  Z: 'ज़',
  h: 'ह',
  tS: 'च',
  dZ: 'ज',
  m: 'म',
  n: 'न',
  N: 'ङ',
  l: 'ल',
  r: 'र',
  j: 'य',
  w: 'व',
  x: 'ख़',
};

const NASALS = new Set(['n', 'm', 'N']);

function normalisePhoneme(raw: string): string {
  // Stress marks, reduced/variant markers (a#, t2, r-, @2) and pauses carry no spelling.
  const base = raw.replace(/^['",%=]+/u, '').replace(/[#\-;]+$/u, '');
  if (base === 'I2' || base === 'I#') return 'I';
  if (base === 'a#') return '@';
  if (base === '@2' || base === '@5') return '@';
  if (base === 'O2') return 'O';
  if (base === 'l/') return 'l';
  if (base === 'n-') return 'n';
  return base.replace(/2$/u, '');
}

/** Vowels written with a trailing र (r-coloured vowels), which then behaves as a consonant. */
const R_COLOURED = new Set(['3', '3:', 'A@', 'aI@', 'aI3', 'aU@', 'e@', 'i@', 'i@3', 'O@', 'o@', 'U@']);
/** Second members of onset clusters that Hindi joins with a virama even in the loose spelling. */
const CLUSTER_SECONDS = new Set(['r', 'j', 'w']);

/**
 * Writes one word's espeak-ng phonemes (space separated) in Devanagari, or undefined if a phoneme
 * is unknown. `isLoose` leaves consonants across syllables unjoined (ब्रैडली, not ब्रैड्ली), as
 * Hindi often spells loanwords; the character model of the target language picks between the two.
 */
export function phonemesToDevanagari(phonemes: string, isLoose = false): string | undefined {
  const units = phonemes
    .split(/\s+/u)
    .map(normalisePhoneme)
    .filter((unit) => unit && unit !== '_:' && unit !== '_');
  let out = '';
  let previous: 'start' | 'consonant' | 'vowel' = 'start';
  let hasVowel = false;
  for (let i = 0; i < units.length; i += 1) {
    const unit = units[i] ?? '';
    const next = units[i + 1];
    const vowel = VOWELS[unit];
    if (vowel) hasVowel = true;
    if (vowel) {
      if (R_COLOURED.has(unit)) {
        const [independent, sign] = vowel;
        out += previous === 'consonant' ? sign.slice(0, -1) : independent.slice(0, -1);
        // The र is a consonant for what follows (सर्कुलर), and merges with a following r.
        if (next === 'r') {
          previous = 'vowel';
          continue;
        }
        out += 'र';
        previous = 'consonant';
        continue;
      }
      out += previous === 'consonant' ? vowel[1] : vowel[0];
      previous = 'vowel';
      continue;
    }
    const consonant = CONSONANTS[unit];
    if (!consonant) return undefined;
    const isBeforeConsonant = next !== undefined && CONSONANTS[next] !== undefined;
    if (NASALS.has(unit) && previous === 'vowel' && isBeforeConsonant) {
      // Hindi writes a nasal before a consonant as anusvara (counter → काउंटर).
      out += 'ं';
      previous = 'vowel';
      continue;
    }
    if (previous === 'consonant' && !out.endsWith('ंग')) {
      const isJoined =
        !isLoose || !hasVowel || CLUSTER_SECONDS.has(unit) || (i === units.length - 1 && unit === 'z');
      if (isJoined && unit !== 'h') out += '्';
    }
    // A word-final plural z is written स (characters → कैरेक्टर्स).
    out += unit === 'N' ? 'ंग' : unit === 'z' && next === undefined ? 'स' : consonant;
    previous = 'consonant';
  }
  return out || undefined;
}

/** The spellings Hindi uses for an English word: joined and loose clusters, with and without nukta. */
export function loanwordSpellings(phonemes: string): string[] {
  const spellings = new Set<string>();
  for (const isLoose of [false, true]) {
    const written = phonemesToDevanagari(phonemes, isLoose);
    if (!written) continue;
    spellings.add(written.replace(/\u093C/gu, ''));
    spellings.add(written);
  }
  return [...spellings];
}

/**
 * espeak-ng phonemes of many words, one process per chunk: each word is its own sentence ("word."),
 * so each comes back on its own line; a chunk that does not line up is redone a word at a time.
 */
export function pronounceWords(words: readonly string[], chunkSize = 5000): Map<string, string> {
  const run = (text: string): string =>
    execFileSync('espeak-ng', ['-q', '-x', '--sep= ', '-v', 'en-us'], {
      input: text,
      maxBuffer: 1 << 26,
    }).toString('utf8');
  const result = new Map<string, string>();
  for (let start = 0; start < words.length; start += chunkSize) {
    const chunk = words.slice(start, start + chunkSize);
    const lines = run(chunk.map((word) => `${word}.`).join('\n'))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === chunk.length) chunk.forEach((word, i) => result.set(word, lines[i] ?? ''));
    else for (const word of chunk) result.set(word, run(`${word}.`).replace(/\s+/gu, ' ').trim());
  }
  return result;
}
