import { LevenshteinPattern } from './bounded-levenshtein';
import { fuzzyScore, maxDistanceFor, normaliseFuzzyText } from './fuzzy-text';
import { bucketMultiplicities, distinctBuckets } from './trigram-buckets';
import {
  BLOCK_HEADER_BYTES,
  BLOCK_POSTINGS,
  varintLength,
  writeBlockHeader,
  writeVarint,
} from './varint-postings';

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

/**
 * Texts longer than this are not fuzzy-indexed: a 4,000-character paragraph is reused by exact
 * match or not at all, and lengths must fit the 16-bit columns below.
 */
export const MAX_FUZZY_LENGTH = 4000;

const GRAM = 3;
const DEFAULT_THRESHOLD = 0.75;
const DEFAULT_LIMIT = 5;

/** The immutable, compact part: slots sorted by length, postings as varint gaps. */
interface BaseSegment {
  readonly size: number;
  readonly texts: string[];
  readonly ids: Int32Array;
  readonly gramCounts: Uint16Array;
  /** `lengthStarts[L]` = first slot whose text is at least L long. */
  readonly lengthStarts: Int32Array;
  readonly offsets: Uint32Array;
  readonly postings: Uint8Array;
  /** Slots sorted by id, for removal by id. */
  readonly idOrder: Int32Array;
  readonly alive: Uint8Array;
  readonly mask: number;
}

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
    const ids: number[] = [];
    const texts: string[] = [];
    let ascending = true;
    for (const entry of entries) {
      requireInt32(entry.id);
      const text = normaliseFuzzyText(entry.text);
      if (text.length === 0 || text.length > MAX_FUZZY_LENGTH) continue;
      if (ids.length > 0 && entry.id <= ids[ids.length - 1]!) ascending = false;
      ids.push(entry.id);
      texts.push(text);
    }
    // Ids in ascending order (the usual case) cannot repeat; otherwise the last text of an id wins.
    if (!ascending) {
      const latest = new Map<number, number>();
      for (let i = 0; i < ids.length; i += 1) {
        const previous = latest.get(ids[i]!);
        if (previous !== undefined) texts[previous] = '';
        latest.set(ids[i]!, i);
      }
    }
    return new FuzzyIndex(buildBase(ids, texts));
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
    const count = distinctBuckets(normalised, this.base.mask, this.scratch);
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
    const { idOrder, ids, alive } = this.base;
    let low = 0;
    let high = idOrder.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ids[idOrder[middle]!]! < id) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < idOrder.length && ids[idOrder[at]!] === id; at += 1) {
      const slot = idOrder[at]!;
      if (alive[slot]) {
        alive[slot] = 0;
        this.baseLive -= 1;
        return true;
      }
    }
    return false;
  }

  /** Rebuilds the compact part from every live text (drops removed ones, folds in the delta). */
  compact(): void {
    const ids: number[] = [];
    const texts: string[] = [];
    const { base, delta } = this;
    for (let slot = 0; slot < base.size; slot += 1) {
      if (!base.alive[slot]) continue;
      ids.push(base.ids[slot]!);
      texts.push(base.texts[slot]!);
    }
    for (let slot = 0; slot < delta.texts.length; slot += 1) {
      if (!delta.alive[slot]) continue;
      ids.push(delta.ids[slot]!);
      texts.push(delta.texts[slot]!);
    }
    this.base = buildBase(ids, texts);
    this.delta = emptyDelta();
    this.baseCounts = new Uint16Array(this.base.size);
    this.baseLive = this.base.size;
  }

  /** Bytes held by the index: typed arrays exactly, strings as V8 stores them (estimated). */
  memoryBytes(): number {
    const { base, delta } = this;
    let bytes =
      base.ids.byteLength +
      base.gramCounts.byteLength +
      base.lengthStarts.byteLength +
      base.offsets.byteLength +
      base.postings.byteLength +
      base.idOrder.byteLength +
      base.alive.byteLength +
      this.baseCounts.byteLength +
      base.texts.length * 8;
    for (const text of base.texts) bytes += stringBytes(text);
    for (const text of delta.texts) bytes += stringBytes(text) + 40;
    for (const list of delta.postings.values()) bytes += list.length * 8 + 32;
    return bytes;
  }

  /** The best matches for `text` at or above the threshold, best first. */
  query(text: string, options: FuzzyQueryOptions = {}): FuzzyMatch[] {
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (!(threshold > 0 && threshold <= 1)) throw new RangeError('threshold must be in (0, 1]');
    const query = normaliseFuzzyText(text);
    if (query.length === 0 || query.length > MAX_FUZZY_LENGTH || limit <= 0) return [];
    const plan = new QueryPlan(query, threshold, this.base);
    const pattern = new LevenshteinPattern(query);
    const candidates = new Candidates(query.length);
    // The rarest quarter of the query's posting lists, over the whole length window, names the
    // texts most like the query; verifying a few of them gives a floor under the final top
    // `limit`, which narrows the length window and the edits allowed for everything else.
    const { buckets } = plan;
    const probed = limit <= PROBE_LIMIT ? Math.min(buckets.length, Math.max(8, buckets.length >> 2)) : 0;
    if (probed > 0) {
      this.countBase(plan, 0, probed);
      const floor = this.probe(plan, pattern, limit);
      if (floor > 0) plan.raiseFloor(floor);
    }
    this.countBase(plan, probed, buckets.length);
    this.collectBase(plan, candidates);
    this.collectDelta(plan, candidates);
    return candidates.verify(pattern, plan, limit);
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
   * Verifies the texts that share the most of the rarest buckets counted so far; answers the score
   * of the `limit`-th best match among them (0 when fewer than `limit` match). Some `limit` texts
   * score at least that much, so the final answer never needs a text scoring less.
   */
  private probe(plan: QueryPlan, pattern: LevenshteinPattern, limit: number): number {
    const { texts, alive } = this.base;
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
      const candidate = texts[slots[k]!]!;
      const edits = plan.editsAt(candidate.length);
      if (edits < 0) continue;
      const distance = pattern.distance(candidate, edits);
      if (distance <= edits) scores.push(fuzzyScore(distance, Math.max(plan.length, candidate.length)));
    }
    if (scores.length < limit) return 0;
    scores.sort((a, b) => b - a);
    return scores[limit - 1]!;
  }

  /** Texts of the base in the window that pass the count filter, once every list is counted. */
  private collectBase(plan: QueryPlan, candidates: Candidates): void {
    const { lengthStarts, texts, alive, gramCounts, ids } = this.base;
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
    // Typed arrays first: reading a text's length costs a cache miss, so slots the counts alone
    // rule out never touch their string.
    const mostEdits = GRAM * plan.mostEdits;
    if (plan.weakFrom <= maxLength) {
      for (let slot = Math.max(first, lengthStarts[plan.weakFrom]!); slot < end; slot += 1) {
        if (counts[slot] !== 0 || gramCounts[slot]! > mostEdits || !alive[slot]) continue;
        const text = texts[slot]!;
        if (gramCounts[slot]! <= GRAM * plan.editsAt(text.length)) candidates.add(text, ids[slot]!, 0, 0);
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
      candidates.add(texts[slot]!, ids[slot]!, Math.max(plan.grams, gramCounts[slot]!), shared);
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
        candidates.add(text, delta.ids[slot]!, 0, 0);
      }
    }
    for (const slot of touched) {
      const shared = counts[slot]!;
      counts[slot] = 0;
      if (!inWindow(slot)) continue;
      const text = delta.texts[slot]!;
      const grams = plan.required(text.length, delta.gramCounts[slot]!);
      if (grams >= 0 && shared >= grams) {
        candidates.add(text, delta.ids[slot]!, Math.max(plan.grams, delta.gramCounts[slot]!), shared);
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

  constructor(query: string, threshold: number, base: BaseSegment) {
    this.length = query.length;
    this.threshold = threshold;
    const buckets = new Int32Array(Math.max(1, query.length));
    const multiplicities = new Int32Array(Math.max(1, query.length));
    const count = bucketMultiplicities(query, base.mask, buckets, multiplicities);
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
  private readonly texts: string[] = [];
  private readonly ids: number[] = [];
  private readonly caps: number[] = [];

  constructor(readonly queryLength: number) {}

  add(text: string, id: number, grams: number, shared: number): void {
    const longer = Math.max(this.queryLength, text.length);
    const minEdits = Math.max(Math.ceil((grams - shared) / GRAM), Math.abs(text.length - this.queryLength));
    this.texts.push(text);
    this.ids.push(id);
    this.caps.push(fuzzyScore(minEdits, longer));
  }

  verify(pattern: LevenshteinPattern, plan: QueryPlan, limit: number): FuzzyMatch[] {
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
      const text = this.texts[i]!;
      const longer = Math.max(this.queryLength, text.length);
      let bound = plan.boundFor(longer);
      // To reach score `worst` the distance may be at most longer · (1 − worst / 100).
      if (worst >= 0) bound = Math.min(bound, Math.floor((longer * (100 - worst)) / 100 + 1e-9));
      const distance = pattern.distance(text, bound);
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

function compareMatches(a: FuzzyMatch, b: FuzzyMatch): number {
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

/** Two to four buckets per text, at most 2^21: distinct trigrams of a memory grow far slower than its texts. */
function bucketCountFor(size: number): number {
  let buckets = 1 << 12;
  while (buckets < size * 2 && buckets < 1 << 21) buckets <<= 1;
  return buckets;
}

/** Buckets per partition: the state of one partition (4,096 × 16 bytes) stays in the L2 cache. */
const PARTITION_BITS = 12;
/** Postings gathered before they are handed on, partition by partition (8 MB arrays). */
const CHUNK_POSTINGS = 1 << 21;

/** The distinct buckets of a run of texts, in slot order: one hashing pass serves both passes. */
interface PostingChunk {
  readonly buckets: Int32Array;
  readonly filled: number;
  readonly firstSlot: number;
  readonly endSlot: number;
}

/** Hashes every text once, filling `gramCounts`; answers its buckets in chunks of about `CHUNK_POSTINGS`. */
function hashTexts(texts: readonly string[], mask: number, gramCounts: Uint16Array): PostingChunk[] {
  const chunks: PostingChunk[] = [];
  let buckets: Int32Array = new Int32Array(CHUNK_POSTINGS + MAX_FUZZY_LENGTH);
  let filled = 0;
  let firstSlot = 0;
  for (let slot = 0; slot < texts.length; slot += 1) {
    const count = distinctBuckets(texts[slot]!, mask, buckets, filled);
    gramCounts[slot] = count;
    filled += count;
    if (filled >= CHUNK_POSTINGS) {
      chunks.push({ buckets, filled, firstSlot, endSlot: slot + 1 });
      buckets = new Int32Array(CHUNK_POSTINGS + MAX_FUZZY_LENGTH);
      filled = 0;
      firstSlot = slot + 1;
    }
  }
  if (filled > 0)
    chunks.push({ buckets: buckets.subarray(0, filled), filled, firstSlot, endSlot: texts.length });
  return chunks;
}

/**
 * Calls `visit` with every (bucket, slot) posting of the chunks, slots ascending within each
 * bucket: each chunk's postings are handed on grouped by partition of the bucket space (a stable
 * counting sort, so slot order holds).
 */
function forEachPosting(
  chunks: readonly PostingChunk[],
  mask: number,
  gramCounts: Uint16Array,
  visit: (buckets: Int32Array, slots: Int32Array, from: number, to: number) => void,
): void {
  const shift = Math.min(PARTITION_BITS, Math.log2(mask + 1));
  const partitions = (mask >>> shift) + 1;
  const capacity = CHUNK_POSTINGS + MAX_FUZZY_LENGTH;
  const buckets = new Int32Array(capacity);
  const slots = new Int32Array(capacity);
  const starts = new Int32Array(partitions + 1);
  const cursor = new Int32Array(partitions + 1);
  for (const chunk of chunks) {
    const gathered = chunk.buckets;
    const filled = chunk.filled;
    starts.fill(0);
    for (let k = 0; k < filled; k += 1) starts[(gathered[k]! >>> shift) + 1]! += 1;
    for (let p = 1; p <= partitions; p += 1) starts[p]! += starts[p - 1]!;
    cursor.set(starts);
    let k = 0;
    for (let slot = chunk.firstSlot; slot < chunk.endSlot; slot += 1) {
      for (const stop = k + gramCounts[slot]!; k < stop; k += 1) {
        const bucket = gathered[k]!;
        const to = cursor[bucket >>> shift]!++;
        buckets[to] = bucket;
        slots[to] = slot;
      }
    }
    for (let p = 0; p < partitions; p += 1) {
      if (starts[p]! < starts[p + 1]!) visit(buckets, slots, starts[p]!, starts[p + 1]!);
    }
  }
}

/** Orders slots by id, slot order within an id: a stable two-pass radix sort on the 32-bit ids. */
function sortSlotsById(order: Int32Array, ids: Int32Array): void {
  const size = order.length;
  const scratch = new Int32Array(size);
  const counts = new Int32Array(0x10001);
  let from: Int32Array = order;
  let to: Int32Array = scratch;
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < size; i += 1) counts[(((ids[from[i]!]! ^ 0x80000000) >>> shift) & 0xffff) + 1]! += 1;
    for (let k = 1; k <= 0x10000; k += 1) counts[k]! += counts[k - 1]!;
    for (let i = 0; i < size; i += 1) {
      const slot = from[i]!;
      to[counts[((ids[slot]! ^ 0x80000000) >>> shift) & 0xffff]!++] = slot;
    }
    [from, to] = [to, from];
  }
  // Two passes: the sorted slots are back in `order`.
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

/**
 * Sorts texts by length (counting sort), so every posting list is in length order and a query's
 * length window is one slot range, then writes the postings in two passes: sizes, then bytes.
 */
function buildBase(rawIds: number[], rawTexts: string[]): BaseSegment {
  const live: number[] = [];
  for (let i = 0; i < rawTexts.length; i += 1) if (rawTexts[i]!.length > 0) live.push(i);
  const size = live.length;
  let maxLength = 0;
  for (const i of live) maxLength = Math.max(maxLength, rawTexts[i]!.length);
  const lengthStarts = new Int32Array(maxLength + 2);
  for (const i of live) lengthStarts[rawTexts[i]!.length + 1]! += 1;
  for (let length = 1; length < lengthStarts.length; length += 1) {
    lengthStarts[length]! += lengthStarts[length - 1]!;
  }
  // Counts sit one place up, so the prefix sums make lengthStarts[L] the first slot of length L.
  const cursor = lengthStarts.slice();
  const texts = new Array<string>(size);
  const ids = new Int32Array(size);
  for (const i of live) {
    const slot = cursor[rawTexts[i]!.length]!++;
    texts[slot] = rawTexts[i]!;
    ids[slot] = rawIds[i]!;
  }

  const bucketCount = bucketCountFor(size);
  const mask = bucketCount - 1;
  const gramCounts = new Uint16Array(size);
  const chunks = hashTexts(texts, mask, gramCounts);
  // Per-bucket state sits interleaved, and every chunk of texts is visited one partition of buckets
  // at a time (see `forEachPosting`): with millions of buckets, plain slot order would make the
  // passes wait on a cache miss for nearly every trigram.
  // Pass 1: [last slot, postings, bytes] per bucket.
  const sizing = new Int32Array(bucketCount * 3);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) sizing[bucket * 3] = -1;
  forEachPosting(chunks, mask, gramCounts, (buckets, slots, from, to) => {
    for (let k = from; k < to; k += 1) {
      const slot = slots[k]!;
      const at = buckets[k]! * 3;
      const header = (sizing[at + 1]! & (BLOCK_POSTINGS - 1)) === 0 ? BLOCK_HEADER_BYTES : 0;
      sizing[at + 2]! += header + varintLength(slot - sizing[at]!);
      sizing[at + 1]! += 1;
      sizing[at] = slot;
    }
  });
  const offsets = new Uint32Array(bucketCount + 1);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    offsets[bucket + 1] = offsets[bucket]! + sizing[bucket * 3 + 2]!;
  }
  // Pass 2: [last slot, postings, write position, block start] per bucket; a block's header is
  // filled in when the block is full.
  const postings = new Uint8Array(offsets[bucketCount]!);
  const writing = new Int32Array(bucketCount * 4);
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    writing[bucket * 4] = -1;
    writing[bucket * 4 + 2] = offsets[bucket]!;
  }
  forEachPosting(chunks, mask, gramCounts, (buckets, slots, from, to) => {
    for (let k = from; k < to; k += 1) {
      const slot = slots[k]!;
      const at = buckets[k]! * 4;
      if ((writing[at + 1]! & (BLOCK_POSTINGS - 1)) === 0) {
        if (writing[at + 1]! > 0) {
          const start = writing[at + 3]!;
          writeBlockHeader(postings, start, writing[at]!, writing[at + 2]! - start - BLOCK_HEADER_BYTES);
        }
        writing[at + 3] = writing[at + 2]!;
        writing[at + 2]! += BLOCK_HEADER_BYTES;
      }
      writing[at + 2] = writeVarint(postings, writing[at + 2]!, slot - writing[at]!);
      writing[at + 1]! += 1;
      writing[at] = slot;
    }
  });
  for (let bucket = 0; bucket < bucketCount; bucket += 1) {
    const at = bucket * 4;
    if (writing[at + 1] === 0) continue;
    const start = writing[at + 3]!;
    writeBlockHeader(postings, start, writing[at]!, writing[at + 2]! - start - BLOCK_HEADER_BYTES);
  }
  const idOrder = new Int32Array(size);
  for (let slot = 0; slot < size; slot += 1) idOrder[slot] = slot;
  sortSlotsById(idOrder, ids);
  return {
    size,
    texts,
    ids,
    gramCounts,
    lengthStarts,
    offsets,
    postings,
    idOrder,
    alive: new Uint8Array(size).fill(1),
    mask,
  };
}
