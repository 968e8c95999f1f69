import {
  compareMatches,
  FuzzyIndex,
  FuzzyIndexBuilder,
  PACK_SAMPLE,
  type FuzzyMatch,
  type FuzzyQueryOptions,
} from './fuzzy-index';

/** A merge joins this many segments of one size tier (and the tiers grow by this factor). */
const MERGE_FACTOR = 4;
/** A segment whose dead slots reach this share is rewritten by the next merge step. */
const DEAD_SHARE = 0.5;

interface Segment {
  readonly index: FuzzyIndex;
  /** Texts it held when built: with `index.size` (live texts), the share of dead slots. */
  readonly built: number;
}

/** The merge policy's sizes (tests make them small). */
export interface SegmentPolicy {
  /** Single additions gather in a small mutable index; at this many texts it becomes a segment. */
  readonly tailTexts: number;
  /** Segments below this many texts share the lowest tier. */
  readonly tierFloor: number;
  /**
   * A merge never builds a segment larger than this: its transient memory stays bounded. A merge
   * holds the texts it joins twice until it ends (~300 bytes a text: the new segment beside the old
   * ones), so at 120,000 texts it adds ~40 MB at most to the process's peak.
   */
  readonly maxMergedTexts: number;
  /**
   * Beyond this many segments, appending merges the smallest at once (they are the cheapest), as
   * long as they fit `maxMergedTexts`: the memory bound wins over the segment count.
   */
  readonly maxSegments: number;
}

const DEFAULT_POLICY: SegmentPolicy = {
  tailTexts: 10_000,
  tierFloor: 10_000,
  maxMergedTexts: 120_000,
  maxSegments: 16,
};

export interface SegmentedFuzzyIndexStats {
  /** Live texts. */
  readonly size: number;
  /** Immutable segments (the tail of single additions not counted). */
  readonly segments: number;
  readonly tail: number;
}

/**
 * A fuzzy index made of immutable segments, as Lucene keeps an inverted index: a batch of new texts
 * is built into a segment of its own (`FuzzyIndexBuilder`, cost proportional to the batch only),
 * queries run over every segment and merge the answers (top `limit` by score, then distance, then
 * id, as one `FuzzyIndex` orders them), and a tiered merge policy (`mergeStep`, run when the caller
 * is idle) joins segments of similar size so their number stays small. Removing or replacing an id
 * marks its old slot dead in whichever segment holds it.
 *
 * Exact like `FuzzyIndex`: every segment answers its own top `limit` exactly, and the overall top
 * `limit` is among their union. Later segments are asked with the threshold raised to the worst
 * score already held once `limit` matches are known (ties at that score are still answered).
 */
export class SegmentedFuzzyIndex {
  private segments: Segment[] = [];
  /** Single additions (`add`): a `FuzzyIndex` whose delta takes them, sealed at `tailTexts`. */
  private tail: FuzzyIndex = FuzzyIndex.build([]);
  private readonly policy: SegmentPolicy;

  constructor(policy: Partial<SegmentPolicy> = {}) {
    this.policy = { ...DEFAULT_POLICY, ...policy };
  }

  /** An index of one segment, `index` (e.g. the first build of a memory). */
  static of(index: FuzzyIndex, policy: Partial<SegmentPolicy> = {}): SegmentedFuzzyIndex {
    const segmented = new SegmentedFuzzyIndex(policy);
    segmented.appendNew(index);
    return segmented;
  }

  /** Live texts. */
  get size(): number {
    let size = this.tail.size;
    for (const segment of this.segments) size += segment.index.size;
    return size;
  }

  stats(): SegmentedFuzzyIndexStats {
    return { size: this.size, segments: this.segments.length, tail: this.tail.size };
  }

  /** Adds a text, or replaces the text of an id already present. */
  add(id: number, text: string): void {
    this.remove(id);
    this.tail.add(id, text);
    if (this.tail.size >= this.policy.tailTexts) {
      this.tail.compact();
      this.push({ index: this.tail, built: this.tail.size });
      this.tail = FuzzyIndex.build([]);
    }
  }

  /** Adds many texts as one new segment (ids already present are replaced). */
  addAll(entries: Iterable<{ id: number; text: string }>): void {
    const builder = new FuzzyIndexBuilder();
    for (const { id, text } of entries) {
      this.remove(id);
      builder.add(id, text);
    }
    this.appendNew(builder.finish());
  }

  /**
   * A builder for a new segment of this index (to `appendNew`): it packs its texts with the
   * largest segment's digram table when that segment had at least `PACK_SAMPLE` texts to choose it
   * from (the texts to come are like those already held), else it chooses its own. A catch-up's
   * segment then never gathers texts unpacked first.
   */
  newBuilder(): FuzzyIndexBuilder {
    const largest = this.segments[0]?.index;
    const table = largest && largest.size >= PACK_SAMPLE ? largest.digramTable() : null;
    return table ? FuzzyIndexBuilder.packingWith(table) : new FuzzyIndexBuilder();
  }

  /**
   * Appends a built index as a segment. Its ids must not be in this index already (the caller's
   * ids are new, e.g. numbers given to texts never seen): nothing is looked up.
   */
  appendNew(index: FuzzyIndex): void {
    if (index.size > 0) this.push({ index, built: index.size });
  }

  /** Removes the text of an id; answers whether there was one. */
  remove(id: number): boolean {
    if (this.tail.remove(id)) return true;
    for (const segment of this.segments) if (segment.index.remove(id)) return true;
    return false;
  }

  /** The best matches for `text` over every segment, best first (as `FuzzyIndex.query`). */
  query(text: string, options: FuzzyQueryOptions = {}): FuzzyMatch[] {
    const limit = options.limit ?? 5;
    let threshold = options.threshold ?? 0.75;
    let best: FuzzyMatch[] = [];
    const indexes = [...this.segments.map((segment) => segment.index), this.tail];
    // A floor from every segment's probe first: the `limit`-th best score of real matches over all
    // of them, as one index's probe would find it over all its texts (each segment's own probe sees
    // only its share, so its floor alone is weaker and its search wider).
    if (indexes.length > 1) {
      const scores = indexes.flatMap((index) =>
        index.size > 0 ? index.probeScores(text, { threshold, limit }) : [],
      );
      if (scores.length >= limit) {
        scores.sort((a, b) => b - a);
        threshold = Math.max(threshold, scores[limit - 1]! / 100);
      }
    }
    // Largest first: its matches most likely raise the floor the smaller segments are asked above.
    for (const index of indexes) {
      if (index.size === 0) continue;
      const found = index.query(text, { threshold, limit });
      if (found.length === 0) continue;
      best = mergeMatches(best, found, limit);
      if (best.length >= limit) threshold = Math.max(threshold, best[best.length - 1]!.score / 100);
    }
    return best;
  }

  /**
   * One step of the merge policy: rewrites a segment with mostly dead slots, else merges the
   * `MERGE_FACTOR` smallest segments of the lowest tier holding that many (a tier: sizes within a
   * factor of `MERGE_FACTOR`), never into more than `maxMergedTexts`. Answers whether it merged.
   * Meant for idle moments: a merge costs a build of the texts it joins.
   */
  mergeStep(): boolean {
    const dead = this.segments.find(
      (segment) =>
        segment.index.size <= segment.built * (1 - DEAD_SHARE) &&
        segment.index.size <= this.policy.maxMergedTexts,
    );
    if (dead) {
      this.replace([dead]);
      return true;
    }
    const byTier = new Map<number, Segment[]>();
    for (const segment of this.segments) {
      const tier = tierOf(segment.index.size, this.policy.tierFloor);
      byTier.set(tier, [...(byTier.get(tier) ?? []), segment]);
    }
    for (const tier of [...byTier.keys()].sort((a, b) => a - b)) {
      const group = byTier
        .get(tier)!
        .sort((a, b) => a.index.size - b.index.size)
        .slice(0, MERGE_FACTOR);
      if (group.length < MERGE_FACTOR) continue;
      if (group.reduce((sum, segment) => sum + segment.index.size, 0) > this.policy.maxMergedTexts) continue;
      this.replace(group);
      return true;
    }
    return false;
  }

  /** Bytes held (as `FuzzyIndex.memoryBytes`, summed). */
  memoryBytes(): number {
    let bytes = this.tail.memoryBytes();
    for (const segment of this.segments) bytes += segment.index.memoryBytes();
    return bytes;
  }

  private push(segment: Segment): void {
    // Sealed: never compacted again, so its texts are packed (~0.6 of their bytes for English).
    segment.index.packTexts();
    this.segments.push(segment);
    this.segments.sort((a, b) => b.index.size - a.index.size);
    if (this.segments.length > this.policy.maxSegments) {
      // Too many to query well: the smallest are merged now (cheap: they are the smallest), unless
      // even they would make a segment above the merge bound (a memory grown in large batches).
      const smallest = this.segments.slice(-MERGE_FACTOR);
      const texts = smallest.reduce((sum, segment) => sum + segment.index.size, 0);
      if (texts <= this.policy.maxMergedTexts) this.replace(smallest);
    }
  }

  /**
   * Replaces `group` by one segment of their live texts, packed as they are gathered (a packing
   * builder's fresh store: the old ones are let go).
   */
  private replace(group: Segment[]): void {
    const builder = new FuzzyIndexBuilder();
    for (const segment of group) segment.index.copyLiveInto(builder);
    const merged = builder.finish();
    this.segments = this.segments.filter((segment) => !group.includes(segment));
    if (merged.size > 0) this.segments.push({ index: merged, built: merged.size });
    this.segments.sort((a, b) => b.index.size - a.index.size);
  }
}

function tierOf(size: number, floor: number): number {
  return Math.floor(Math.log(Math.max(size, floor) / floor) / Math.log(MERGE_FACTOR));
}

/** The best `limit` of two lists sorted as `FuzzyIndex.query` sorts (score, distance, id). */
function mergeMatches(a: FuzzyMatch[], b: FuzzyMatch[], limit: number): FuzzyMatch[] {
  const merged: FuzzyMatch[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && compareMatches(a[i]!, b[j]!) <= 0)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
}
