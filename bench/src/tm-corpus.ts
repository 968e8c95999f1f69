import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSegments, normaliseFuzzyText } from '@bhasha/engine';

/**
 * Real texts for the translation-memory benchmarks: the NTREX-128 sentences (English and seven
 * Indian languages, ../shared/data/parallel) and every text segment of the htmlparser-benchmark
 * pages (258 real web pages), and a seeded generator of 1–3-word edits to grow them to any size.
 */

const PARALLEL = fileURLToPath(new URL('../../../shared/data/parallel/ntrex128/', import.meta.url));

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** NTREX sentences by file, in file order. */
export function parallelSentences(): Map<string, string[]> {
  const files = readdirSync(PARALLEL).filter((name) => name.endsWith('.txt'));
  return new Map(
    files.map((name) => [
      name,
      readFileSync(join(PARALLEL, name), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ]),
  );
}

/** The text segments of the htmlparser-benchmark pages, placeholders and all. */
export function pageSegments(): string[] {
  const require = createRequire(import.meta.url);
  const folder = join(dirname(require.resolve('htmlparser-benchmark/package.json')), 'files');
  const texts: string[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.html')) continue;
    const html = readFileSync(join(folder, name), 'utf8');
    for (const segment of extractSegments(html)) texts.push(segment.text);
  }
  return texts;
}

/** Distinct texts worth matching (at least two words' worth of characters). */
export function distinctTexts(texts: Iterable<string>, minLength = 12): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const text of texts) {
    const key = normaliseFuzzyText(text);
    if (key.length < minLength || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/** Replaces, inserts or deletes 1–3 words, with words drawn from `vocabulary`. */
export function editWords(text: string, next: () => number, vocabulary: readonly string[]): string {
  const words = text.split(' ');
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i += 1) {
    const at = Math.floor(next() * words.length);
    const kind = next();
    const word = vocabulary[Math.floor(next() * vocabulary.length)]!;
    if (kind < 0.5 || words.length < 3) words[at] = word;
    else if (kind < 0.75) words.splice(at, 0, word);
    else words.splice(at, 1);
  }
  return words.join(' ');
}

export function vocabularyOf(texts: readonly string[], limit = 50_000): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.split(/\s+/)) {
      if (/^\p{L}{2,}$/u.test(word)) words.add(word);
      if (words.size >= limit) return [...words];
    }
  }
  return [...words];
}
