/**
 * A word list with exact and prefix look-ups, kept as one sorted array (small, no trie nodes).
 * Each word carries a tier: 0 long-tail dictionary word, 1 core dictionary word, 2 frequent word.
 */
export interface Lexicon {
  readonly size: number;
  has(word: string): boolean;
  /** The word's tier, or -1 when it is not in the list. */
  tier(word: string): number;
  hasPrefix(prefix: string): boolean;
}

export function createLexicon(entries: Iterable<readonly [string, number]>): Lexicon {
  const set = new Map<string, number>();
  for (const [word, tier] of entries) if (word) set.set(word, Math.max(tier, set.get(word) ?? 0));
  const sorted = [...set.keys()].sort();
  const prefixCache = new Map<string, boolean>();

  function hasPrefix(prefix: string): boolean {
    const cached = prefixCache.get(prefix);
    if (cached !== undefined) return cached;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    const found = (sorted[low] ?? '').startsWith(prefix) && low < sorted.length;
    if (prefixCache.size > 200_000) prefixCache.clear();
    prefixCache.set(prefix, found);
    return found;
  }

  return { size: set.size, has: (word) => set.has(word), tier: (word) => set.get(word) ?? -1, hasPrefix };
}
