/** A word list with exact and prefix look-ups, kept as one sorted array (small, no trie nodes). */
export interface Lexicon {
  readonly size: number;
  has(word: string): boolean;
  hasPrefix(prefix: string): boolean;
}

export function createLexicon(words: Iterable<string>): Lexicon {
  const set = new Set<string>();
  for (const word of words) if (word) set.add(word);
  const sorted = [...set].sort();
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

  return { size: set.size, has: (word) => set.has(word), hasPrefix };
}
