/**
 * Levenshtein distance with Myers' bit-parallel algorithm in Hyyrö's block form: the pattern is cut
 * into 32-row blocks, each text character advances every block with a handful of word operations, so
 * a 100-character pair costs about 400 operations instead of 10,000 cells. The pattern's match
 * vectors are built once and reused against many texts (one query, many candidates), and the
 * distance is bounded: once the last row can no longer come back under `limit` the scan stops.
 *
 * Distances are over UTF-16 code units, like every other length in the fuzzy index.
 */
import { copyCodeUnits, type CodeUnits } from './text-store';

export class LevenshteinPattern {
  readonly length: number;
  private readonly blocks: number;
  /** Open-addressed table from character code to its row in `vectors` (-1: empty). */
  private readonly keys: Int32Array;
  private readonly keyMask: number;
  /** For each occupied slot of `keys`, the row of that character's match vector. */
  private readonly rows: Int32Array;
  /** Match vectors: `vectors[row * blocks + block]` has bit i set when pattern[block·32 + i] is that char. */
  private readonly vectors: Int32Array;
  private readonly pv: Int32Array;
  private readonly mv: Int32Array;
  private readonly lastBit: number;
  /** A string's code units, copied so strings and stored texts share one scan. */
  private units = new Uint16Array(256);

  constructor(pattern: string) {
    this.length = pattern.length;
    this.blocks = Math.max(1, Math.ceil(pattern.length / 32));
    let size = 16;
    while (size < pattern.length * 2) size <<= 1;
    this.keys = new Int32Array(size).fill(-1);
    this.keyMask = size - 1;
    // Row 0 is all zeros: the vector of every character absent from the pattern.
    this.vectors = new Int32Array((pattern.length + 1) * this.blocks);
    const rows = new Int32Array(size);
    let nextRow = 1;
    for (let i = 0; i < pattern.length; i += 1) {
      const code = pattern.charCodeAt(i);
      let slot = this.slotOf(code);
      if (this.keys[slot] === -1) {
        this.keys[slot] = code;
        rows[slot] = nextRow++;
      }
      slot = rows[slot]!;
      this.vectors[slot * this.blocks + (i >>> 5)]! |= 1 << (i & 31);
    }
    this.rows = rows;
    this.pv = new Int32Array(this.blocks);
    this.mv = new Int32Array(this.blocks);
    this.lastBit = 1 << ((Math.max(1, pattern.length) - 1) & 31);
  }

  private slotOf(code: number): number {
    let slot = Math.imul(code, 0x9e3779b1) >>> 20;
    slot &= this.keyMask;
    while (this.keys[slot] !== -1 && this.keys[slot] !== code) slot = (slot + 1) & this.keyMask;
    return slot;
  }

  /** The row of a character's match vector (0 when the pattern does not contain it). */
  private rowOf(code: number): number {
    const slot = this.slotOf(code);
    return this.keys[slot] === code ? this.rows[slot]! : 0;
  }

  /**
   * The distance between the pattern and `text`, or `limit + 1` as soon as it is certain to exceed
   * `limit`.
   */
  distance(text: string, limit: number = Number.MAX_SAFE_INTEGER): number {
    if (this.units.length < text.length) this.units = new Uint16Array(text.length * 2);
    copyCodeUnits(text, this.units);
    return this.distanceOf(this.units, 0, text.length, limit);
  }

  /** As `distance`, for the text `units[from, from + n)` (a stored text, read in place). */
  distanceOf(units: CodeUnits, from: number, n: number, limit: number = Number.MAX_SAFE_INTEGER): number {
    const m = this.length;
    if (m === 0) return Math.min(n, limit + 1);
    if (n === 0) return Math.min(m, limit + 1);
    if (Math.abs(m - n) > limit) return limit + 1;
    return this.blocks === 1
      ? this.singleBlock(units, from, n, limit)
      : this.manyBlocks(units, from, n, limit);
  }

  /** Patterns of up to 32 characters: the whole column in one word. */
  private singleBlock(units: CodeUnits, from: number, n: number, limit: number): number {
    const vectors = this.vectors;
    const lastBit = this.lastBit;
    let pv = -1;
    let mv = 0;
    let score = this.length;
    for (let j = 0; j < n; j += 1) {
      const eq = vectors[this.rowOf(units[from + j]!)]!;
      const xv = eq | mv;
      const xh = (((eq & pv) + pv) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      if (ph & lastBit) score += 1;
      else if (mh & lastBit) score -= 1;
      ph = (ph << 1) | 1;
      mh <<= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
      // Each remaining column can lower the last row by at most one.
      if (score - (n - j - 1) > limit) return limit + 1;
    }
    return score > limit ? limit + 1 : score;
  }

  private manyBlocks(units: CodeUnits, from: number, n: number, limit: number): number {
    const blocks = this.blocks;
    const vectors = this.vectors;
    const pv = this.pv;
    const mv = this.mv;
    pv.fill(-1);
    mv.fill(0);
    const lastBlock = blocks - 1;
    const lastBit = this.lastBit;
    let score = this.length;
    for (let j = 0; j < n; j += 1) {
      const base = this.rowOf(units[from + j]!) * blocks;
      // Row 0 of the matrix is 0, 1, 2, …: every column enters the first block with a +1 step.
      let hin = 1;
      for (let b = 0; b < blocks; b += 1) {
        let eq = vectors[base + b]!;
        const pvb = pv[b]!;
        const mvb = mv[b]!;
        const xv = eq | mvb;
        if (hin < 0) eq |= 1;
        const xh = (((eq & pvb) + pvb) ^ pvb) | eq;
        let ph = mvb | ~(xh | pvb);
        let mh = pvb & xh;
        const high = b === lastBlock ? lastBit : 0x80000000 | 0;
        let hout = 0;
        if (ph & high) hout = 1;
        else if (mh & high) hout = -1;
        ph <<= 1;
        mh <<= 1;
        if (hin < 0) mh |= 1;
        else if (hin > 0) ph |= 1;
        pv[b] = mh | ~(xv | ph);
        mv[b] = ph & xv;
        hin = hout;
      }
      score += hin;
      if (score - (n - j - 1) > limit) return limit + 1;
    }
    return score > limit ? limit + 1 : score;
  }
}

/** Convenience for one pair: the exact Levenshtein distance. */
export function levenshtein(a: string, b: string): number {
  return new LevenshteinPattern(a).distance(b);
}
