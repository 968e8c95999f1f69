/**
 * Word pairs (romanised, native) from the Dakshina romanised SENTENCES of a language
 * (`<lang>.romanized.rejoined.dev.{native,roman}.txt`): a sentence and its romanisation are
 * aligned word by word when both have the same number of words. This is a different resource from
 * the Dakshina word lexicons that `eval-translit.ts` measures on; the lexicon TSVs are never read.
 *
 * Sentences are split by line number into train (8 of 10 lines), tune (1 of 10) and test (1 of
 * 10), so that rule costs are learned on train, decoder weights chosen on tune and the result
 * reported on test, which neither has seen.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WordPair {
  source: string;
  target: string;
}

export interface SentencePairSplits {
  train: WordPair[];
  tune: WordPair[];
  test: WordPair[];
  /** Native words of the train sentences (all of them, aligned or not), for a frequency prior. */
  trainNativeWords: string[];
}

/** Native words: runs of Devanagari-block letters and signs, without danda and digits. */
const NATIVE_WORD = /[\u0900-\u0963\u0971-\u097F]+/gu;
const ROMAN_WORD = /[A-Za-z]+/gu;

export function sentenceFiles(dataDir: string, language: string): { native: string; roman: string } {
  const base = join(dataDir, 'dakshina', `${language}.romanized.rejoined.dev`);
  return { native: `${base}.native.txt`, roman: `${base}.roman.txt` };
}

export function readSentencePairs(dataDir: string, language: string): SentencePairSplits | undefined {
  const files = sentenceFiles(dataDir, language);
  if (!existsSync(files.native) || !existsSync(files.roman)) return undefined;
  const nativeLines = readFileSync(files.native, 'utf8').split('\n');
  const romanLines = readFileSync(files.roman, 'utf8').split('\n');
  const splits: SentencePairSplits = { train: [], tune: [], test: [], trainNativeWords: [] };
  nativeLines.forEach((nativeLine, index) => {
    const native = (nativeLine.normalize('NFC').match(NATIVE_WORD) ?? []) as string[];
    const roman = ((romanLines[index] ?? '').match(ROMAN_WORD) ?? []).map((word) => word.toLowerCase());
    const split = index % 10 === 8 ? splits.tune : index % 10 === 9 ? splits.test : splits.train;
    if (split === splits.train) splits.trainNativeWords.push(...native);
    // Unequal counts mean a word was split, joined or dropped: the line cannot be aligned safely.
    if (native.length === 0 || native.length !== roman.length) return;
    native.forEach((target, i) => split.push({ source: roman[i] ?? '', target }));
  });
  return splits;
}

/** Each (source, target) pair once, as in the Dakshina lexicons (types, not running words). */
export function uniquePairs(pairs: readonly WordPair[]): WordPair[] {
  const seen = new Set<string>();
  return pairs.filter((pair) => {
    const key = `${pair.source}\t${pair.target}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
