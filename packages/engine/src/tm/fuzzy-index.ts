import { LevenshteinPattern } from './bounded-levenshtein';
import { buildBase, MAX_FUZZY_LENGTH, type BaseSegment, type StoredTexts } from './fuzzy-base';
import { fuzzyScore, maxDistanceFor, normaliseFuzzyText, normaliseLatin1Into } from './fuzzy-text';
import { countDigrams, digramTable, type DigramTable } from './digram-packing';
import { copyCodeUnits, TextStore } from './text-store';
import { bucketMultiplicities, distinctBuckets } from './trigram-buckets';
import { buildBasePipelined } from './pipelined-build';
import { TWO_THREADS_FROM, type TwoThreadBuildOptions } from './two-thread-build';
import { BLOCK_HEADER_BYTES } from './varint-postings';

export { MAX_FUZZY_LENGTH } from './fuzzy-base';

/** One text to index: a 32-bit integer id the caller can map back to its row, and the source text. */
export interface FuzzyEntry {
  readonly id: number;
  readonly text: string;
}

export interface FuzzyQueryOptions {
  /** Lowest score that counts as a match, as a fraction (0.75 = 75 %). */
  readonly threshold?: number;
  /** How many matches to answer, best first. */
  readonly limit?: number;
}

export interface FuzzyMatch {
  readonly id: number;
  /** 0–100: 100 · (1 − distance / length of the longer normalised text), rounded down. */
  readonly score: number;
  /** Levenshtein distance between the normalised texts, in UTF-16 code units. */
  readonly distance: number;
}

const GRAM = 3;
const DEFAULT_THRESHOLD = 0.75;
const DEFAULT_LIMIT = 5;

/** Entries added since the last build: plain arrays, small by construction (compacted when large). */
interface DeltaSegment {
  texts: string[];
  ids: number[];
  gramCounts: number[];
  alive: number[];
  postings: Map<number, number[]>;
  slotById: Map<number, number>;
  live: number;
}

/**
 * A fuzzy translation-memory index: which stored texts are within a given edit-distance score of a
 * query, found without comparing the query with every text.
 *
 * Recall is exact. A text `s` can score ≥ t against query `q` only if (1) its length lies in
 * [t·|q|, |q|/t] and (2) with k = ⌊(1 − t)·max(|q|, |s|)⌋ edits allowed, the two share at least
 * max(G(s), G(q)) − 3k of their distinct trigram buckets, where G(x) is the number of distinct buckets
 * of x: one edit touches at most three trigrams, and a bucket of s absent from q needs all its
 * trigrams destroyed (q-gram lemma on sets; hashing merges buckets, which only raises the count of
 * shared ones relative to G). Texts passing both are verified with a bounded bit-parallel
 * Levenshtein. The query's side of the bound counts trigram occurrences (see `QueryPlan`), so a
 * repetitive query keeps a bound; where a side is void (short texts) texts are verified without it.
 *
 * For a top-k query the rarest quarter of the query's lists is counted first and the texts sharing
 * most of them are verified: the k-th best score among them is a floor every answer must reach,
 * which narrows the length window and the edits allowed before the frequent lists are read.
 *
 * Updates go to a small delta; `compact()` (also run automatically when the delta grows past a
 * quarter of the base) rebuilds the compact part.
 */
export class FuzzyIndex {
  private base: BaseSegment;
  private delta: DeltaSegment;
  private baseCounts: Uint16Array;
  private baseLive: number;
  private deltaCounts: Uint16Array = new Uint16Array(1024);
  private scratch: Int32Array = new Int32Array(MAX_FUZZY_LENGTH);
  /** A text's code units, for hashing a string the way stored texts are hashed. */
  private units: Uint16Array = new Uint16Array(MAX_FUZZY_LENGTH);
  /** A packed stored text, unpacked for verification (`packTexts`). */
  private unpacked: Uint8Array = new Uint8Array(MAX_FUZZY_LENGTH);
  /** Slots a query's counting touched, reused between queries. */
  private touched: Int32Array = new Int32Array(1024);
  private touchedCount = 0;

  private constructor(base: BaseSegment) {
    this.base = base;
    this.delta = emptyDelta();
    this.baseCounts = new Uint16Array(base.size);
    this.baseLive = base.size;
  }

  /** Builds an index over `entries` (ids must be unique; a later duplicate replaces an earlier one). */
  static build(entries: Iterable<FuzzyEntry>): FuzzyIndex {
    // Texts kept as they are: a single index is compacted in place later (packed ones are copied).
    const builder = new FuzzyIndexBuilder(new TextStore());
    for (const entry of entries) builder.add(entry.id, entry.text);
    return builder.finish();
  }

  /** The index over texts already normalised into a store, handed over by `take` (what `FuzzyIndexBuilder.finish` calls). */
  static fromStoredTexts(take: () => StoredTexts): FuzzyIndex {
    return new FuzzyIndex(buildBase(take));
  }

  /** Like `fromStoredTexts`, with the texts hashed on this thread and their postings written on a helper thread (pipelined-build.ts). */
  static async fromStoredTextsOnTwoThreads(
    take: () => StoredTexts,
    startHelper: TwoThreadBuildOptions['startHelper'],
  ): Promise<FuzzyIndex> {
    return new FuzzyIndex(await buildBasePipelined(take, startHelper));
  }

  /** How many texts the index answers for. */
  get size(): number {
    return this.baseLive + this.delta.live;
  }

  /** Adds a text, or replaces the text of an id already present. */
  add(id: number, text: string): void {
    requireInt32(id);
    this.remove(id);
    const normalised = normaliseFuzzyText(text);
    if (normalised.length === 0 || normalised.length > MAX_FUZZY_LENGTH) return;
    const delta = this.delta;
    const slot = delta.texts.length;
    copyCodeUnits(normalised, this.units);
    const count = distinctBuckets(this.units, 0, normalised.length, this.base.mask, this.scratch);
    for (let i = 0; i < count; i += 1) {
      const bucket = this.scratch[i]!;
      const list = delta.postings.get(bucket);
      if (list) list.push(slot);
      else delta.postings.set(bucket, [slot]);
    }
    delta.texts.push(normalised);
    delta.ids.push(id);
    delta.gramCounts.push(count);
    delta.alive.push(1);
    delta.slotById.set(id, slot);
    delta.live += 1;
    if (delta.live > Math.max(50_000, this.base.size / 4)) this.compact();
  }

  /** Removes the text of an id; answers whether there was one. */
  remove(id: number): boolean {
    const deltaSlot = this.delta.slotById.get(id);
    if (deltaSlot !== undefined) {
      this.delta.slotById.delete(id);
      this.delta.alive[deltaSlot] = 0;
      this.delta.live -= 1;
      return true;
    }
    const slot = this.base.slotsById.slotOf(id);
    if (slot < 0 || !this.base.alive[slot]) return false;
    this.base.alive[slot] = 0;
    this.baseLive -= 1;
    return true;
  }

  /**
   * Rebuilds the compact part from every live text (drops removed ones, folds in the delta). Texts
   * of the base stay where they are in the store and only the delta's are appended, unless removed
   * and replaced texts have come to fill more of the store than live ones: then the live texts are
   * copied into a fresh store.
   */
  compact(): void {
    const { base, delta } = this;
    const { store } = base;
    let liveBytes = 0;
    for (let slot = 0; slot < base.size; slot += 1) {
      if (base.alive[slot]) liveBytes += store.bytesOf(base.handles[slot]!, base.lengths[slot]!);
    }
    // A packed store is read-only: its live texts are unpacked into a fresh one.
    const fresh = store.isPacked || store.textBytes - liveBytes > liveBytes;
    const builder = new FuzzyIndexBuilder(fresh ? new TextStore() : store);
    for (let slot = 0; slot < base.size; slot += 1) {
      if (!base.alive[slot]) continue;
      const handle = base.handles[slot]!;
      const length = base.lengths[slot]!;
      if (fresh) builder.addNormalised(base.ids[slot]!, store.read(handle, length));
      else builder.addStored(base.ids[slot]!, handle, length);
    }
    for (let slot = 0; slot < delta.texts.length; slot += 1) {
      if (delta.alive[slot]) builder.addNormalised(delta.ids[slot]!, delta.texts[slot]!);
    }
    // Ids are unique already: `add` removes an id's earlier text.
    this.base = buildBase(() => builder.take());
    this.delta = emptyDelta();
    this.baseCounts = new Uint16Array(this.base.size);
    this.baseLive = this.base.size;
  }

  /**
   * Packs the compact part's narrow texts (digram-packing.ts: ~0.6 of their bytes for English),
   * for an index that will not be compacted again (a sealed segment of a `SegmentedFuzzyIndex`);
   * answers are unchanged, a verified text is unpacked first. A later `compact` copies the live
   * texts into a fresh store. Nothing to do when packed already or a delta is pending.
   */
  packTexts(): void {
    const { base } = this;
    if (base.store.isPacked || this.delta.texts.length > 0 || base.size === 0) return;
    const { store, handles } = base.store.packed(base.handles, base.lengths, base.size);
    this.base = { ...base, store, handles };
  }

  /**
   * The digram table of the compact part's packed texts (a sealed segment's, or a packing
   * builder's), for a builder of like texts (`FuzzyIndexBuilder.packingWith`); null when unpacked.
   */
  digramTable(): DigramTable | null {
    return this.base.store.digramTable;
  }

  /**
   * Adds every live text of this index to `builder`, normalised as stored (a segmented index merges
   * segments this way); the index itself is unchanged.
   */
  copyLiveInto(builder: FuzzyIndexBuilder): void {
    const { base, delta } = this;
    for (let slot = 0; slot < base.size; slot += 1) {
      if (base.alive[slot]) {
        builder.addNormalised(base.ids[slot]!, base.store.read(base.handles[slot]!, base.lengths[slot]!));
      }
    }
    for (let slot = 0; slot < delta.texts.length; slot += 1) {
      if (delta.alive[slot]) builder.addNormalised(delta.ids[slot]!, delta.texts[slot]!);
    }
  }

  /** Bytes held by the index: typed arrays and store pages exactly, the delta's strings as V8 stores them (estimated). */
  memoryBytes(): number {
    const { base, delta } = this;
    let bytes =
      base.store.allocatedBytes +
      base.handles.byteLength +
      base.lengths.byteLength +
      base.ids.byteLength +
      base.gramCounts.byteLength +
      base.lengthStarts.byteLength +
      base.offsets.byteLength +
      base.postings.byteLength +
      base.slotsById.byteLength +
      base.alive.byteLength +
      this.baseCounts.byteLength;
    for (const text of delta.texts) bytes += stringBytes(text) + 40;
    for (const list of delta.postings.values()) bytes += list.length * 8 + 32;
    return bytes;
  }

  /** The distance to a candidate's text (a base slot ≥ 0, read in place, or `~slot` of the delta). */
  private distanceTo(pattern: LevenshteinPattern, ref: number, limit: number): number {
    if (ref < 0) return pattern.distance(this.delta.texts[~ref]!, limit);
    const { store, handles, lengths } = this.base;
    const handle = handles[ref]!;
    if (store.isPackedNarrow(handle)) {
      store.unpackNarrow(handle, lengths[ref]!, this.unpacked);
      return pattern.distanceOf(this.unpacked, 0, lengths[ref]!, limit);
    }
    return pattern.distanceOf(store.unitsOf(handle), store.offsetOf(handle), lengths[ref]!, limit);
  }

  /** The best matches for `text` at or above the threshold, best first. */
  query(text: string, options: FuzzyQueryOptions = {}): FuzzyMatch[] {
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (!(threshold > 0 && threshold <= 1)) throw new RangeError('threshold must be in (0, 1]');
    const query = normaliseFuzzyText(text);
    if (query.length === 0 || query.length > MAX_FUZZY_LENGTH || limit <= 0) return [];
    copyCodeUnits(query, this.units);
    const plan = new QueryPlan(this.units, query.length, threshold, this.base);
    const pattern = new LevenshteinPattern(query);
    const candidates = new Candidates(query.length);
    // The rarest quarter of the query's posting lists, over the whole length window, names the
    // texts most like the query; verifying a few of them gives a floor under the final top
    // `limit`, which narrows the length window and the edits allowed for everything else.
    const { buckets } = plan;
    const probed = limit <= PROBE_LIMIT ? Math.min(buckets.length, Math.max(8, buckets.length >> 2)) : 0;
    if (probed > 0) {
      this.countBase(plan, 0, probed);
      const scores = this.probe(plan, pattern, limit);
      const floor = scores.length < limit ? 0 : scores[limit - 1]!;
      if (floor > 0) plan.raiseFloor(floor);
    }
    this.countBase(plan, probed, buckets.length);
    this.collectBase(plan, candidates);
    this.collectDelta(plan, candidates);
    return candidates.verify(plan, limit, (ref, bound) => this.distanceTo(pattern, ref, bound));
  }

  /**
   * The scores of the matches the start of a query finds (the texts sharing most of the query's
   * rarest lists), best first: every one is a real match of this index. A query over several
   * indexes (segments) takes the `limit`-th best over all of them as a floor before asking any,
   * as one index does with its own probe (a segment's own probe sees only its share of the texts).
   */
  probeScores(text: string, options: FuzzyQueryOptions = {}): number[] {
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (!(threshold > 0 && threshold <= 1)) throw new RangeError('threshold must be in (0, 1]');
    const query = normaliseFuzzyText(text);
    if (query.length === 0 || query.length > MAX_FUZZY_LENGTH || limit <= 0 || limit > PROBE_LIMIT) return [];
    copyCodeUnits(query, this.units);
    const plan = new QueryPlan(this.units, query.length, threshold, this.base);
    const { buckets } = plan;
    const probed = Math.min(buckets.length, Math.max(8, buckets.length >> 2));
    if (probed === 0) return [];
    this.countBase(plan, 0, probed);
    const scores = this.probe(plan, new LevenshteinPattern(query), limit);
    // Leave the counts as a query expects to find them: zero.
    for (let i = 0; i < this.touchedCount; i += 1) this.baseCounts[this.touched[i]!] = 0;
    this.touchedCount = 0;
    return scores;
  }

  /** Counts, for every text in the plan's length window, how many of `buckets[from, to)` it holds. */
  private countBase(plan: QueryPlan, from: number, to: number): void {
    const { lengthStarts, offsets, postings } = this.base;
    const maxLength = lengthStarts.length - 2;
    if (plan.low > maxLength || from >= to) return;
    const first = lengthStarts[plan.low]!;
    const end = lengthStarts[Math.min(plan.high, maxLength) + 1]!;
    if (first >= end) return;
    // Counting a posting costs a few nanoseconds and verifying a candidate a microsecond or more, so
    // every bucket is read: the full bound keeps candidates few.
    const counts = this.baseCounts;
    let touched = this.touched;
    let touchedCount = this.touchedCount;
    const { buckets } = plan;
    for (let b = from; b < to; b += 1) {
      const bucket = buckets[b]!;
      let at = offsets[bucket]!;
      const stop = offsets[bucket + 1]!;
      let slot = -1;
      while (at < stop) {
        const blockLast =
          (postings[at]! |
            (postings[at + 1]! << 8) |
            (postings[at + 2]! << 16) |
            (postings[at + 3]! << 24)) >>>
          0;
        const blockEnd = at + BLOCK_HEADER_BYTES + (postings[at + 4]! | (postings[at + 5]! << 8));
        at += BLOCK_HEADER_BYTES;
        if (blockLast < first) {
          // The whole block lies below the window: step over it.
          slot = blockLast;
          at = blockEnd;
          continue;
        }
        while (at < blockEnd) {
          let byte = postings[at++]!;
          if (byte < 0x80) {
            slot += byte; // most gaps of a large index fit one byte
          } else {
            let gap = byte & 0x7f;
            let shift = 7;
            while (byte & 0x80) {
              byte = postings[at++]!;
              gap |= (byte & 0x7f) << shift;
              shift += 7;
            }
            slot += gap;
          }
          if (slot < first) continue;
          if (slot >= end) break;
          if (counts[slot]!++ === 0) {
            if (touchedCount === touched.length) touched = growInt32(touched);
            touched[touchedCount++] = slot;
          }
        }
        if (slot >= end) break;
      }
    }
    this.touched = touched;
    this.touchedCount = touchedCount;
  }

  /**
   * Verifies the texts that share the most of the rarest buckets counted so far; answers the scores
   * of those that match, best first. Some `limit` texts score at least the `limit`-th of them, so the
   * final answer never needs a text scoring less.
   */
  private probe(plan: QueryPlan, pattern: LevenshteinPattern, limit: number): number[] {
    const { lengths, alive } = this.base;
    const counts = this.baseCounts;
    const size = Math.max(PROBE_TEXTS, limit * 2);
    const slots = new Int32Array(size);
    const shared = new Int32Array(size);
    let filled = 0;
    let weakest = 0;
    for (let i = 0; i < this.touchedCount; i += 1) {
      const slot = this.touched[i]!;
      const count = counts[slot]!;
      if (filled === size && count <= shared[weakest]!) continue;
      if (!alive[slot]) continue;
      if (filled < size) {
        slots[filled] = slot;
        shared[filled++] = count;
      } else {
        slots[weakest] = slot;
        shared[weakest] = count;
      }
      if (filled === size) {
        weakest = 0;
        for (let k = 1; k < size; k += 1) if (shared[k]! < shared[weakest]!) weakest = k;
      }
    }
    const scores: number[] = [];
    for (let k = 0; k < filled; k += 1) {
      const length = lengths[slots[k]!]!;
      const edits = plan.editsAt(length);
      if (edits < 0) continue;
      const distance = this.distanceTo(pattern, slots[k]!, edits);
      if (distance <= edits) scores.push(fuzzyScore(distance, Math.max(plan.length, length)));
    }
    return scores.sort((a, b) => b - a);
  }

  /** Texts of the base in the window that pass the count filter, once every list is counted. */
  private collectBase(plan: QueryPlan, candidates: Candidates): void {
    const { lengthStarts, lengths, alive, gramCounts, ids } = this.base;
    const counts = this.baseCounts;
    const touched = this.touched;
    const touchedCount = this.touchedCount;
    this.touchedCount = 0;
    const maxLength = lengthStarts.length - 2;
    if (plan.low > maxLength) {
      for (let i = 0; i < touchedCount; i += 1) counts[touched[i]!] = 0;
      return;
    }
    const first = lengthStarts[plan.low]!;
    const end = lengthStarts[Math.min(plan.high, maxLength) + 1]!;
    // Lengths where the query's side of the bound is void: a text there that holds none of the
    // query's buckets can still match if its own side is void too (very short or repetitive).
    // Typed arrays first: slots the counts alone rule out never touch their length or text.
    const mostEdits = GRAM * plan.mostEdits;
    if (plan.weakFrom <= maxLength) {
      for (let slot = Math.max(first, lengthStarts[plan.weakFrom]!); slot < end; slot += 1) {
        if (counts[slot] !== 0 || gramCounts[slot]! > mostEdits || !alive[slot]) continue;
        const length = lengths[slot]!;
        if (gramCounts[slot]! <= GRAM * plan.editsAt(length)) candidates.add(slot, length, ids[slot]!, 0, 0);
      }
    }
    const fewest = plan.fewestShared;
    const shortest = plan.low;
    const longest = Math.min(plan.high, maxLength);
    for (let i = 0; i < touchedCount; i += 1) {
      const slot = touched[i]!;
      const shared = counts[slot]!;
      counts[slot] = 0;
      if (shared < fewest || slot < first || slot >= end) continue;
      // The slot's length from the length table (slots are in length order), not from its string.
      let lower = shortest;
      let upper = longest;
      while (lower < upper) {
        const middle = (lower + upper + 1) >>> 1;
        if (lengthStarts[middle]! <= slot) lower = middle;
        else upper = middle - 1;
      }
      const grams = plan.required(lower, gramCounts[slot]!);
      if (grams < 0 || shared < grams || !alive[slot]) continue;
      candidates.add(slot, lower, ids[slot]!, Math.max(plan.grams, gramCounts[slot]!), shared);
    }
  }

  private collectDelta(plan: QueryPlan, candidates: Candidates): void {
    const delta = this.delta;
    if (delta.live === 0) return;
    const inWindow = (slot: number) => {
      const length = delta.texts[slot]!.length;
      return delta.alive[slot] === 1 && length >= plan.low && length <= plan.high;
    };
    if (this.deltaCounts.length < delta.texts.length) {
      this.deltaCounts = new Uint16Array(delta.texts.length * 2);
    }
    const counts = this.deltaCounts;
    const touched: number[] = [];
    for (const bucket of plan.buckets) {
      for (const slot of delta.postings.get(bucket) ?? []) {
        if (counts[slot]!++ === 0) touched.push(slot);
      }
    }
    for (let slot = 0; slot < delta.texts.length; slot += 1) {
      const text = delta.texts[slot]!;
      if (counts[slot] !== 0 || text.length < plan.weakFrom || !inWindow(slot)) continue;
      if (delta.gramCounts[slot]! <= GRAM * plan.editsAt(text.length)) {
        candidates.add(~slot, text.length, delta.ids[slot]!, 0, 0);
      }
    }
    for (const slot of touched) {
      const shared = counts[slot]!;
      counts[slot] = 0;
      if (!inWindow(slot)) continue;
      const text = delta.texts[slot]!;
      const grams = plan.required(text.length, delta.gramCounts[slot]!);
      if (grams >= 0 && shared >= grams) {
        candidates.add(
          ~slot,
          text.length,
          delta.ids[slot]!,
          Math.max(plan.grams, delta.gramCounts[slot]!),
          shared,
        );
      }
    }
  }
}

/** A query's lists read before the probe is at least this many texts' worth of verification. */
const PROBE_TEXTS = 16;
/** Above this many matches asked for, the probe would verify too much: every list is read at once. */
const PROBE_LIMIT = 64;

/**
 * What a query's filters need: its distinct buckets (rarest list first), the length window, the
 * edits a text of each length may need and still count, and the count bound those edits leave.
 *
 * The query's side of the bound counts trigram occurrences, not only distinct buckets: `e` edits
 * destroy at most 3e occurrences, and a bucket of the query is missing from a text only if every
 * occurrence of it is destroyed, so at most `j` buckets go missing, `j` the most buckets whose
 * occurrences (lightest first) add up to 3e or less. The text then holds at least G(q) − j of them.
 * For a text with repeated trigrams this is far stronger than G(q) − 3e.
 */
class QueryPlan {
  readonly length: number;
  readonly buckets: Int32Array;
  readonly grams: number;
  /** `lightest[j]`: trigram occurrences in the query's j least frequent buckets. */
  private readonly lightest: Int32Array;
  private readonly threshold: number;
  /** A score the answer's last match is known to reach (0: none yet). */
  private floor = 0;
  low = 0;
  high = 0;
  /** From this length on, the query's side of the bound is void (`high + 1`: nowhere). */
  weakFrom = 0;
  /** The most edits any length in the window allows, and the fewest buckets any length requires. */
  mostEdits = 0;
  fewestShared = 0;
  /** Per length from `low`: the edits allowed, and the fewest query buckets a match holds. */
  private editsByLength = new Int32Array(0);
  private boundByLength = new Int32Array(0);

  /** `units` holds the normalised query's `length` code units. */
  constructor(units: Uint16Array, length: number, threshold: number, base: BaseSegment) {
    this.length = length;
    this.threshold = threshold;
    const buckets = new Int32Array(Math.max(1, length));
    const multiplicities = new Int32Array(Math.max(1, length));
    const count = bucketMultiplicities(units, length, base.mask, buckets, multiplicities);
    this.grams = count;
    const sorted = multiplicities.slice(0, count).sort();
    this.lightest = new Int32Array(count + 1);
    for (let j = 0; j < count; j += 1) this.lightest[j + 1] = this.lightest[j]! + sorted[j]!;
    // Rarest list first: the lists' byte lengths stand in for their lengths.
    const { offsets } = base;
    const order = Array.from({ length: count }, (_, i) => i);
    const sizes = order.map((i) => offsets[buckets[i]! + 1]! - offsets[buckets[i]!]!);
    order.sort((a, b) => sizes[a]! - sizes[b]! || a - b);
    this.buckets = Int32Array.from(order, (i) => buckets[i]!);
    this.plan();
  }

  /** Only matches scoring at least `score` (0–100) are wanted from now on. */
  raiseFloor(score: number): void {
    if (score <= this.floor) return;
    this.floor = score;
    this.plan();
  }

  /** Most edits a text of `length` may need and still count (−1: outside the window). */
  editsAt(length: number): number {
    if (length < this.low || length > this.high) return -1;
    return this.editsByLength[length - this.low]!;
  }

  /** Fewest query buckets a text of `length` with `grams` distinct buckets must share (−1: none can). */
  required(length: number, grams: number): number {
    if (length < this.low || length > this.high) return -1;
    const at = length - this.low;
    return Math.max(this.boundByLength[at]!, grams - GRAM * this.editsByLength[at]!);
  }

  private editsFor(other: number): number {
    const longer = Math.max(this.length, other);
    let edits = maxDistanceFor(this.threshold, longer);
    if (this.floor > 0) edits = Math.min(edits, Math.floor((longer * (100 - this.floor)) / 100 + 1e-9));
    return edits;
  }

  private plan(): void {
    const length = this.length;
    // A text of length L is at least |L − length| edits away.
    this.low = Math.max(1, length - this.editsFor(length));
    let high = length;
    while (high < MAX_FUZZY_LENGTH && high + 1 - length <= this.editsFor(high + 1)) high += 1;
    this.high = high;
    const span = this.high - this.low + 1;
    this.editsByLength = new Int32Array(span);
    this.boundByLength = new Int32Array(span);
    this.weakFrom = this.high + 1;
    this.mostEdits = 0;
    this.fewestShared = this.grams;
    for (let at = span - 1; at >= 0; at -= 1) {
      const edits = this.editsFor(this.low + at);
      this.editsByLength[at] = edits;
      const bound = this.grams - this.missable(GRAM * edits);
      this.boundByLength[at] = bound;
      if (bound <= 0) this.weakFrom = this.low + at;
      this.mostEdits = Math.max(this.mostEdits, edits);
      this.fewestShared = Math.min(this.fewestShared, Math.max(0, bound));
    }
  }

  /** The most distinct query buckets `occurrences` destroyed trigram occurrences can remove. */
  private missable(occurrences: number): number {
    let low = 0;
    let high = this.grams;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.lightest[middle]! <= occurrences) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The most edits a match of the answer may have, given the known floor. */
  boundFor(longer: number): number {
    let edits = maxDistanceFor(this.threshold, longer);
    if (this.floor > 0) edits = Math.min(edits, Math.floor((longer * (100 - this.floor)) / 100 + 1e-9));
    return edits;
  }
}

/**
 * Texts that passed the filters, verified best-bound first: the fewest edits a candidate can need
 * (from its shared buckets and its length) caps its score, so once `limit` matches are known a
 * candidate whose cap is below the worst of them is never compared, and the others are compared
 * with a tighter distance bound.
 */
class Candidates {
  /** Where each candidate's text is (see `FuzzyIndex.distanceTo`): read only if it is verified. */
  private readonly refs: number[] = [];
  private readonly lengths: number[] = [];
  private readonly ids: number[] = [];
  private readonly caps: number[] = [];

  constructor(readonly queryLength: number) {}

  add(ref: number, length: number, id: number, grams: number, shared: number): void {
    const longer = Math.max(this.queryLength, length);
    const minEdits = Math.max(Math.ceil((grams - shared) / GRAM), Math.abs(length - this.queryLength));
    this.refs.push(ref);
    this.lengths.push(length);
    this.ids.push(id);
    this.caps.push(fuzzyScore(minEdits, longer));
  }

  /** `distanceTo(ref, bound)`: the candidate's distance, or more than `bound` once it is certain to exceed it. */
  verify(plan: QueryPlan, limit: number, distanceTo: (ref: number, bound: number) => number): FuzzyMatch[] {
    // Caps are whole percentages: a counting sort orders them in linear time.
    const starts = new Int32Array(102);
    for (const cap of this.caps) starts[100 - cap + 1]! += 1;
    for (let i = 1; i < starts.length; i += 1) starts[i]! += starts[i - 1]!;
    const order = new Int32Array(this.caps.length);
    this.caps.forEach((cap, i) => {
      order[starts[100 - cap]!++] = i;
    });
    const best: FuzzyMatch[] = [];
    for (const i of order) {
      const worst = best.length >= limit ? best[best.length - 1]!.score : -1;
      if (this.caps[i]! < worst) break;
      const length = this.lengths[i]!;
      const longer = Math.max(this.queryLength, length);
      let bound = plan.boundFor(longer);
      // To reach score `worst` the distance may be at most longer · (1 − worst / 100).
      if (worst >= 0) bound = Math.min(bound, Math.floor((longer * (100 - worst)) / 100 + 1e-9));
      if (Math.abs(length - this.queryLength) > bound) continue;
      const distance = distanceTo(this.refs[i]!, bound);
      if (distance > bound) continue;
      insertMatch(best, { id: this.ids[i]!, score: fuzzyScore(distance, longer), distance }, limit);
    }
    return best;
  }
}

/** Keeps `best` sorted (score, then distance, then id) and at most `limit` long. */
function insertMatch(best: FuzzyMatch[], match: FuzzyMatch, limit: number): void {
  let at = best.length;
  while (at > 0 && compareMatches(match, best[at - 1]!) < 0) at -= 1;
  if (at >= limit) return;
  best.splice(at, 0, match);
  if (best.length > limit) best.pop();
}

/** The order of a query's answers: higher score, then smaller distance, then smaller id. */
export function compareMatches(a: FuzzyMatch, b: FuzzyMatch): number {
  return b.score - a.score || a.distance - b.distance || a.id - b.id;
}

function emptyDelta(): DeltaSegment {
  return {
    texts: [],
    ids: [],
    gramCounts: [],
    alive: [],
    postings: new Map(),
    slotById: new Map(),
    live: 0,
  };
}

/** V8 keeps Latin-1 strings at one byte a character, others at two, behind a 16-byte header. */
function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  return 16 + (/^[\u0000-\u00ff]*$/.test(text) ? text.length : text.length * 2);
}

function growInt32(values: Int32Array): Int32Array {
  const grown = new Int32Array(values.length * 2);
  grown.set(values);
  return grown;
}

function requireInt32(id: number): void {
  if (!Number.isInteger(id) || id < -0x80000000 || id > 0x7fffffff) {
    throw new RangeError(`fuzzy index ids are 32-bit integers, not ${id}`);
  }
}

/** The Latin-1 path needs room for the raw text in a store page: far longer texts take the general path. */
const PLAIN_IN_PLACE = 4 * MAX_FUZZY_LENGTH;
/** Texts a packing builder gathers as they are before their pairs choose its digram table. */
export const PACK_SAMPLE = 16_384;

/** Whether a text store handle names a wide (two bytes a unit) text: its top bit. */
function isWideHandle(handle: number): boolean {
  return handle >= 0x80000000;
}

/**
 * Gathers the texts of a `FuzzyIndex` one at a time, so a caller can feed it from a database cursor
 * page by page: each text is normalised and copied into the index's `TextStore` at once, and only
 * typed arrays (10 bytes a text) grow meanwhile; nothing of the caller's rows stays alive.
 *
 * A builder made without a store keeps its texts digram-packed as it gathers them (ADR 0019): the first `PACK_SAMPLE` texts are gathered as they are, their pairs choose the
 * table (digram-packing.ts), and from then on each text is normalised into a scratch array and
 * packed straight into the store. Its index is packed from the start (as a sealed segment is), and
 * the build never holds the texts unpacked: at 150,000 texts that is ~20 MB of pages a catch-up's
 * build no longer allocates and lets go, nor packs afterwards. With a store given, texts are kept
 * as they are in it (a compaction's texts stay where they are; a two-thread build's are shared).
 */
export class FuzzyIndexBuilder {
  private ids = new Int32Array(1024);
  private handles = new Uint32Array(1024);
  private lengths = new Uint16Array(1024);
  private count = 0;
  private ascending = true;
  private store: TextStore;
  /** Whether texts are to be packed: not yet (`'sample'`), now (`'packing'`), or never (`'plain'`). */
  private packing: 'sample' | 'packing' | 'plain';
  /** A Latin-1 text normalised before it is packed (`packing` only). */
  private scratch: Uint8Array | null = null;

  constructor(store?: TextStore) {
    this.store = store ?? new TextStore();
    this.packing = store ? 'plain' : 'sample';
  }

  /**
   * A builder that packs its texts with `table` from the first (a table another index of like
   * texts chose, `FuzzyIndex.digramTable`): it never gathers texts unpacked to sample their pairs,
   * which cost a catch-up's segment of 20,000 texts a second pass over most of them (ADR 0011). Answers are the same with any table; only the packed size depends on it.
   */
  static packingWith(table: DigramTable): FuzzyIndexBuilder {
    const builder = new FuzzyIndexBuilder(TextStore.packing(table));
    builder.packing = 'packing';
    builder.scratch = new Uint8Array(PLAIN_IN_PLACE);
    return builder;
  }

  /** Texts gathered so far (empty and over-long ones are left out). */
  get size(): number {
    return this.count;
  }

  /** Adds a text; a later text of the same id replaces an earlier one. */
  add(id: number, text: string): void {
    requireInt32(id);
    if (this.packing === 'packing') {
      this.addPacked(id, text);
      return;
    }
    if (text.length <= PLAIN_IN_PLACE) {
      // Most texts are Latin-1 (plain ASCII, or web text with placeholder markers and odd spaces):
      // normalised straight into the store, the same result as below without a string between.
      const store = this.store;
      const length = normaliseLatin1Into(text, store.narrowRoom(text.length), store.narrowFree);
      if (length >= 0) {
        if (length > 0 && length <= MAX_FUZZY_LENGTH) this.addStored(id, store.commitNarrow(length), length);
        return;
      }
    }
    this.addNormalised(id, normaliseFuzzyText(text));
  }

  /** Adds a text already in the form `normaliseFuzzyText` gives. */
  addNormalised(id: number, text: string): void {
    if (text.length === 0 || text.length > MAX_FUZZY_LENGTH) return;
    if (this.packing !== 'packing') {
      this.addStored(id, this.store.append(text), text.length);
      return;
    }
    const scratch = this.scratch!;
    let i = 0;
    for (; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code > 0xff) break;
      scratch[i] = code;
    }
    const handle =
      i === text.length ? this.store.appendPacking(scratch, 0, text.length) : this.store.appendWideText(text);
    this.gathered(id, handle, text.length);
  }

  /** Adds a text already in the store (compaction keeps texts where they are). */
  addStored(id: number, handle: number, length: number): void {
    if (this.packing === 'packing') throw new Error('a packing builder takes texts, not handles');
    this.gathered(id, handle, length);
    if (this.packing === 'sample' && this.count >= PACK_SAMPLE) this.startPacking();
  }

  /** `add` once packing: normalised into the scratch array (Latin-1) and packed into the store. */
  private addPacked(id: number, text: string): void {
    if (text.length <= PLAIN_IN_PLACE) {
      const length = normaliseLatin1Into(text, this.scratch!, 0);
      if (length >= 0) {
        if (length > 0 && length <= MAX_FUZZY_LENGTH) {
          this.gathered(id, this.store.appendPacking(this.scratch!, 0, length), length);
        }
        return;
      }
    }
    this.addNormalised(id, normaliseFuzzyText(text));
  }

  /**
   * Chooses the digram table from the texts gathered so far (every pair of every narrow text) and
   * packs them into a packing store; later texts are packed as they come. The plain store's pages
   * are let go.
   */
  private startPacking(): void {
    const plain = this.store;
    const counts = new Int32Array(128 * 128);
    for (let i = 0; i < this.count; i += 1) {
      const handle = this.handles[i]!;
      const length = this.lengths[i]!;
      if (length < 2 || isWideHandle(handle)) continue;
      countDigrams(plain.unitsOf(handle) as Uint8Array, plain.offsetOf(handle), length, counts);
    }
    const store = TextStore.packing(digramTable(counts));
    for (let i = 0; i < this.count; i += 1) {
      const handle = this.handles[i]!;
      const length = this.lengths[i]!;
      this.handles[i] = isWideHandle(handle)
        ? store.appendWideText(plain.read(handle, length))
        : store.appendPacking(plain.unitsOf(handle) as Uint8Array, plain.offsetOf(handle), length);
    }
    this.store = store;
    this.packing = 'packing';
    this.scratch = new Uint8Array(PLAIN_IN_PLACE);
  }

  private gathered(id: number, handle: number, length: number): void {
    if (this.count === this.ids.length) {
      this.ids = grow(this.ids, new Int32Array(this.count * 2));
      this.handles = grow(this.handles, new Uint32Array(this.count * 2));
      this.lengths = grow(this.lengths, new Uint16Array(this.count * 2));
    }
    if (this.count > 0 && id <= this.ids[this.count - 1]!) this.ascending = false;
    this.ids[this.count] = id;
    this.handles[this.count] = handle;
    this.lengths[this.count] = length;
    this.count += 1;
  }

  /**
   * Hands over the texts as gathered, duplicates of an id included, and forgets them: the build
   * that takes them lets them go once placed, before it allocates the postings.
   */
  take(): StoredTexts {
    if (this.packing === 'sample' && this.count > 0) this.startPacking();
    if (this.packing === 'packing') this.store.seal();
    const { store, count, ids, handles, lengths } = this;
    this.ids = new Int32Array(0);
    this.handles = new Uint32Array(0);
    this.lengths = new Uint16Array(0);
    this.count = 0;
    return { store, count, ids, handles, lengths };
  }

  /** Builds the index; the builder is not to be used afterwards. */
  finish(): FuzzyIndex {
    this.dropReplaced();
    return FuzzyIndex.fromStoredTexts(() => this.take());
  }

  /**
   * Builds the index on two threads: this one hashes the texts, a helper thread that
   * `options.startHelper` starts sizes and writes their postings (ended when the build ends; a
   * helper that fails fails the build with a `FuzzyBuildHelperError`). Below `options.fromTexts` texts (default `TWO_THREADS_FROM`),
   * or where the texts are not in shared memory, it builds on this thread alone. The index is the
   * same either way. The builder is not to be used afterwards.
   */
  async finishOnTwoThreads(options: TwoThreadBuildOptions): Promise<FuzzyIndex> {
    this.dropReplaced();
    if (this.count < (options.fromTexts ?? TWO_THREADS_FROM) || !this.store.isShared) {
      return FuzzyIndex.fromStoredTexts(() => this.take());
    }
    return FuzzyIndex.fromStoredTextsOnTwoThreads(() => this.take(), options.startHelper);
  }

  /** Ids in ascending order (the usual case) cannot repeat; otherwise the last text of an id wins. */
  private dropReplaced(): void {
    if (this.ascending) return;
    const latest = new Map<number, number>();
    for (let i = 0; i < this.count; i += 1) {
      const previous = latest.get(this.ids[i]!);
      if (previous !== undefined) this.lengths[previous] = 0;
      latest.set(this.ids[i]!, i);
    }
  }
}

function grow<T extends Int32Array | Uint32Array | Uint16Array>(values: T, into: T): T {
  into.set(values);
  return into;
}
