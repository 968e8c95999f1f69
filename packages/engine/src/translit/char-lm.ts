/**
 * Character n-gram model of a language's written words (Witten–Bell interpolation), used to
 * prefer candidate spellings that look like real words of the target script.
 */

const BOUNDARY = '\u0002';
const END = '\u0003';

export interface CharLanguageModel {
  readonly order: number;
  /** −log P(char | history); `history` may be longer than the order (its tail is used). */
  cost(history: string, char: string): number;
  /** −log P(end of word | history). */
  endCost(history: string): number;
}

const BASE = 256;
const UNKNOWN_ID = BASE - 1;

/** Trains a character model from words. */
export function trainCharLanguageModel(words: Iterable<string>, order = 5): CharLanguageModel {
  // N-grams are numbers (one base-256 digit per character, nearest character lowest, ids from 1 so
  // lengths stay distinct): numeric map keys make training several times faster than strings.
  const ids = new Map<string, number>([
    [BOUNDARY, 1],
    [END, 2],
  ]);
  const idOf = (char: string): number => {
    let id = ids.get(char);
    if (id === undefined) {
      id = ids.size + 1 < UNKNOWN_ID ? ids.size + 1 : UNKNOWN_ID;
      ids.set(char, id);
    }
    return id;
  };
  const counts = new Map<number, number>();
  const totals = new Map<number, number>();
  const distinct = new Map<number, number>();
  const codes: number[] = [];
  for (const word of words) {
    codes.length = 0;
    for (let n = 1; n < order; n += 1) codes.push(1);
    for (const char of word) codes.push(idOf(char));
    codes.push(2);
    for (let i = order - 1; i < codes.length; i += 1) {
      const code = codes[i] ?? 0;
      let context = 0;
      let scale = 1;
      for (let n = 0; n < order; n += 1) {
        const key = context * BASE + code;
        const count = counts.get(key);
        if (count === undefined) {
          counts.set(key, 1);
          distinct.set(context, (distinct.get(context) ?? 0) + 1);
        } else counts.set(key, count + 1);
        totals.set(context, (totals.get(context) ?? 0) + 1);
        context += (codes[i - n - 1] ?? 0) * scale;
        scale *= BASE;
      }
    }
  }
  const uniform = 1 / (ids.size + 1);
  const cache = new Map<number, number>();

  function probability(history: readonly number[], length: number, code: number): number {
    // history[0] is the nearest character.
    let probabilityValue = uniform;
    let context = 0;
    let scale = 1;
    for (let n = 0; n <= length; n += 1) {
      const total = totals.get(context);
      if (total === undefined) break;
      const followers = distinct.get(context) ?? 0;
      const count = counts.get(context * BASE + code) ?? 0;
      probabilityValue = (count + followers * probabilityValue) / (total + followers);
      if (n === length) break;
      context += (history[n] ?? 0) * scale;
      scale *= BASE;
    }
    return probabilityValue;
  }

  const history: number[] = [];
  function cost(text: string, char: string): number {
    history.length = 0;
    for (let i = text.length - 1; i >= 0 && history.length < order - 1; i -= 1) {
      history.push(ids.get(text[i] ?? '') ?? UNKNOWN_ID);
    }
    while (history.length < order - 1) history.push(1);
    const code = ids.get(char) ?? UNKNOWN_ID;
    let key = code;
    for (let n = 0; n < order - 1; n += 1) key = key * BASE + (history[order - 2 - n] ?? 0);
    let value = cache.get(key);
    if (value === undefined) {
      // Interpolation runs from the empty context up to the longest one.
      value = -Math.log(probability(history, order - 1, code));
      if (cache.size > 500_000) cache.clear();
      cache.set(key, value);
    }
    return value;
  }

  return { order, cost, endCost: (text) => cost(text, END) };
}
