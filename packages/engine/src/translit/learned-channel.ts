/**
 * Learned data for romanised input (built by scripts/learn-translit-channel.ts from romanised
 * sentences): rule costs and decoder weights (`<stem>-channel` list) and how often native words
 * occur in running text (`<stem>-frequency` list).
 */
import type { DecoderWeights } from './phonetic-decoder';

export interface LearnedChannel {
  /** "chunk\tunitKey" → cost. */
  costs: Map<string, number>;
  /** Chunks the learning saw (their readings all come from `costs`). */
  seenChunks: Set<string>;
  weights: Partial<DecoderWeights>;
}

/** Weights a channel file may set: counted by the learning script, or chosen by tune-translit. */
const LEARNABLE_WEIGHTS = new Set<string>([
  'lm',
  'lexiconBonus',
  'tierBonus',
  'loanwordCost',
  'frequencyBonus',
  'viramaCost',
  'schwaCost',
  'geminationCost',
  'silentNasalCost',
  'finalNasalCost',
  'finalViramaCost',
]);

/** Parses lines "rule\tchunk\tunitKey\tcost" and "weight\tname\tvalue"; unknown lines are skipped. */
export function parseLearnedChannel(lines: readonly string[]): LearnedChannel {
  const channel: LearnedChannel = { costs: new Map(), seenChunks: new Set(), weights: {} };
  for (const line of lines) {
    const [kind, first = '', second = '', third = ''] = line.split('\t');
    if (kind === 'rule') {
      const cost = Number(third);
      if (!first || !second || !Number.isFinite(cost)) continue;
      channel.costs.set(`${first}\t${second}`, cost);
      channel.seenChunks.add(first);
    } else if (kind === 'weight' && LEARNABLE_WEIGHTS.has(first)) {
      const value = Number(second);
      if (Number.isFinite(value)) (channel.weights as Record<string, number>)[first] = value;
    }
  }
  return channel;
}

/** Parses lines "word\tcount" into a map. */
export function parseWordFrequencies(lines: readonly string[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const line of lines) {
    const tab = line.indexOf('\t');
    const count = Number(line.slice(tab + 1));
    if (tab > 0 && count > 0) frequencies.set(line.slice(0, tab), count);
  }
  return frequencies;
}
