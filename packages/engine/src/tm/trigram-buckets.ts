/**
 * Trigram keys for the fuzzy index: each trigram of a normalised text (three UTF-16 code units) is
 * hashed into a power-of-two number of buckets, so the bucket table stays one fixed-size array
 * however many distinct trigrams a memory holds. Collisions only ever add candidates: the count
 * filter stays a lower bound (see `FuzzyIndex`), so no match is lost.
 */

import type { CodeUnits } from './text-store';

/**
 * The bucket of the trigram starting at `start` of `units` (texts are read as code units, from the
 * store or a scratch copy). `mask` is the bucket count less one (a power of two). A trigram of
 * Latin-1 units is one 24-bit key, hashed by one multiplication whose top bits are the bucket
 * (Fibonacci hashing), so a byte text's buckets can be rolled along it (`trigramBuckets`); other
 * trigrams mix their 48 bits with a second multiplication. Either way the bucket depends on the
 * code units only, not on how a text is stored.
 */
export function trigramBucket(units: CodeUnits, start: number, mask: number): number {
  const a = units[start]!;
  const b = units[start + 1]!;
  const c = units[start + 2]!;
  if ((a | b | c) < 0x100) return Math.imul((a << 16) | (b << 8) | c, FIBONACCI) >>> Math.clz32(mask);
  return wideBucket(a, b, c, mask);
}

/** 2³² / φ: consecutive keys land far apart in the top bits. */
const FIBONACCI = 0x9e3779b1 | 0;

function wideBucket(a: number, b: number, c: number, mask: number): number {
  let hash = Math.imul((a << 16) | b, FIBONACCI);
  hash = Math.imul(hash ^ (hash >>> 15) ^ c, 0x85ebca6b);
  return (hash ^ (hash >>> 13)) >>> Math.clz32(mask);
}

/**
 * The bucket of every trigram of the text `units[from, from + length)`, repeats included, written
 * into `out` from `at` in text order; answers how many (`length − 2`, or 0). The build's path: it
 * drops a text's repeated buckets while writing its postings (a repeat meets its own slot as the
 * bucket's last), so no per-text set is needed here. A byte page's key is rolled one unit at a time.
 */
export function trigramBuckets(
  units: CodeUnits,
  from: number,
  length: number,
  mask: number,
  out: Int32Array,
  at = 0,
): number {
  const grams = length - 2;
  if (grams <= 0) return 0;
  const shift = Math.clz32(mask);
  const end = from + length;
  if (units.BYTES_PER_ELEMENT === 1) {
    let key = (units[from]! << 8) | units[from + 1]!;
    let to = at;
    for (let i = from + 2; i < end; i += 1) {
      key = ((key << 8) | units[i]!) & 0xffffff;
      out[to++] = Math.imul(key, FIBONACCI) >>> shift;
    }
    return grams;
  }
  for (let i = from; i < end - 2; i += 1) out[at + i - from] = trigramBucket(units, i, mask);
  return grams;
}

/** Scratch hash set for `distinctBuckets`: generation stamps spare clearing it for every text. */
const SET_SIZE = 1 << 14; // more than twice the most trigrams a fuzzy-indexed text has
const setKeys = new Int32Array(SET_SIZE);
const setStamps = new Int32Array(SET_SIZE);
let generation = 0;

/** Empties the scratch set: a new generation (stamps are cleared only when the counter wraps). */
function clearSet(): void {
  generation += 1;
  if (generation === 0x7fffffff) {
    setStamps.fill(0);
    generation = 1;
  }
}

/** The scratch set's slot for `bucket`: where it is, or the free slot where it goes (linear probing). */
function slotOf(bucket: number): number {
  let slot = Math.imul(bucket, 0x9e3779b1) >>> 18;
  while (setStamps[slot] === generation && setKeys[slot] !== bucket) slot = (slot + 1) & (SET_SIZE - 1);
  return slot;
}

/**
 * The build's distinct-bucket set: open addressing sized to each text (twice its trigrams, rounded
 * up to a power of two) and cleared by a fill, so a 130-character text probes a 1 KB table that
 * stays in the L1 cache, where one table for every length would spill to L2 on every probe.
 */
const textSet = new Int32Array(SET_SIZE);

/**
 * The distinct buckets of the trigrams of the text `units[from, from + length)`, written into `out`
 * from `at` in first-seen order; answers how many. `out` must hold `length` entries from `at` and
 * the text must be at most 8,000 long.
 */
export function distinctBuckets(
  units: CodeUnits,
  from: number,
  length: number,
  mask: number,
  out: Int32Array,
  at = 0,
): number {
  const grams = length - 2;
  if (grams <= 0) return 0;
  const bits = Math.max(6, 33 - Math.clz32(grams));
  const setMask = (1 << bits) - 1;
  textSet.fill(-1, 0, setMask + 1); // buckets are never negative
  let distinct = 0;
  for (let i = from; i < from + grams; i += 1) {
    const bucket = trigramBucket(units, i, mask);
    let slot = Math.imul(bucket, 0x9e3779b1) >>> (32 - bits);
    let key = textSet[slot]!;
    while (key !== bucket && key !== -1) {
      slot = (slot + 1) & setMask;
      key = textSet[slot]!;
    }
    if (key === bucket) continue;
    textSet[slot] = bucket;
    out[at + distinct++] = bucket;
  }
  return distinct;
}

const setSlots = new Int32Array(SET_SIZE);

/**
 * Like `distinctBuckets`, and counts how many trigrams of the text fall in each distinct bucket:
 * `multiplicities[i]` belongs to `out[i]`. Both arrays must hold `length` entries.
 */
export function bucketMultiplicities(
  units: CodeUnits,
  length: number,
  mask: number,
  out: Int32Array,
  multiplicities: Int32Array,
): number {
  const grams = length - 2;
  if (grams <= 0) return 0;
  clearSet();
  let distinct = 0;
  for (let i = 0; i < grams; i += 1) {
    const bucket = trigramBucket(units, i, mask);
    const slot = slotOf(bucket);
    if (setStamps[slot] === generation) {
      multiplicities[setSlots[slot]!]! += 1;
      continue;
    }
    setStamps[slot] = generation;
    setKeys[slot] = bucket;
    setSlots[slot] = distinct;
    multiplicities[distinct] = 1;
    out[distinct++] = bucket;
  }
  return distinct;
}
