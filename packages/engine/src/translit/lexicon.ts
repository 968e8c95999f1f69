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

/**
 * Builds the lexicon. Entries arrive sorted from the shipped files (the build script sorts them
 * with the same code-unit order), which skips a sort of up to a million words at load time.
 */
export function createLexicon(entries: ReadonlyArray<readonly [string, number]>): Lexicon {
  let sorted = entries.filter(([word]) => word.length > 0);
  const isSorted = sorted.every((entry, i) => i === 0 || (sorted[i - 1]?.[0] ?? '') <= entry[0]);
  if (!isSorted) sorted = [...sorted].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const words = sorted.map(([word]) => word);
  const tiers = Uint8Array.from(sorted, ([, tier]) => tier);
  const prefixCache = new Map<string, boolean>();

  function lowerBound(key: string): number {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((words[middle] ?? '') < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function tier(word: string): number {
    const index = lowerBound(word);
    // Duplicates sit side by side; keep the highest tier.
    let best = -1;
    for (let i = index; i < words.length && words[i] === word; i += 1) best = Math.max(best, tiers[i] ?? 0);
    return best;
  }

  function hasPrefix(prefix: string): boolean {
    const cached = prefixCache.get(prefix);
    if (cached !== undefined) return cached;
    const found = (words[lowerBound(prefix)] ?? '').startsWith(prefix);
    if (prefixCache.size > 200_000) prefixCache.clear();
    prefixCache.set(prefix, found);
    return found;
  }

  return { size: words.length, has: (word) => tier(word) >= 0, tier, hasPrefix };
}

/** Both lists as one (a word's tier is the higher of the two); either may be missing. */
export function combineLexicons(
  first: Lexicon | undefined,
  second: Lexicon | undefined,
): Lexicon | undefined {
  if (!first || !second) return first ?? second;
  return {
    size: first.size + second.size,
    has: (word) => first.has(word) || second.has(word),
    tier: (word) => Math.max(first.tier(word), second.tier(word)),
    hasPrefix: (prefix) => first.hasPrefix(prefix) || second.hasPrefix(prefix),
  };
}
