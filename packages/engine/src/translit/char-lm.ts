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

interface ContextStats {
  total: number;
  followers: Map<string, number>;
}

/** Trains a character model from words (each counted `weight` times, default once). */
export function trainCharLanguageModel(words: Iterable<string>, order = 5): CharLanguageModel {
  const contexts = new Map<string, ContextStats>();
  const alphabet = new Set<string>();
  for (const word of words) {
    const padded = BOUNDARY.repeat(order - 1) + word + END;
    for (let i = order - 1; i < padded.length; i += 1) {
      const char = padded[i] ?? '';
      alphabet.add(char);
      for (let n = 0; n < order; n += 1) {
        const context = padded.slice(i - n, i);
        let stats = contexts.get(context);
        if (!stats) {
          stats = { total: 0, followers: new Map() };
          contexts.set(context, stats);
        }
        stats.total += 1;
        stats.followers.set(char, (stats.followers.get(char) ?? 0) + 1);
      }
    }
  }
  const uniform = 1 / (alphabet.size + 1);
  const cache = new Map<string, number>();

  function probability(context: string, char: string): number {
    const lower = context.length === 0 ? uniform : probability(context.slice(1), char);
    const stats = contexts.get(context);
    if (!stats) return lower;
    const distinct = stats.followers.size;
    const count = stats.followers.get(char) ?? 0;
    return (count + distinct * lower) / (stats.total + distinct);
  }

  function cost(history: string, char: string): number {
    const padded = (BOUNDARY.repeat(order - 1) + history).slice(-(order - 1));
    const key = padded + char;
    let value = cache.get(key);
    if (value === undefined) {
      value = -Math.log(probability(padded, char));
      cache.set(key, value);
    }
    return value;
  }

  return { order, cost, endCost: (history) => cost(history, END) };
}
