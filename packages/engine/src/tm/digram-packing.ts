/**
 * Digram packing of the fuzzy index's narrow (one byte a unit) texts, once a segment is sealed
 * (ADR 0019): normalised texts are lower case and mostly ASCII, and the 127 most frequent
 * pairs of ASCII units of a segment's own texts take one byte each (codes 0x80–0xFE); a unit above
 * 0x7F is escaped (0xFF, then the unit). English memories shrink to ~0.6 of their bytes (NTREX
 * sentences 0.60, web page segments 0.61, measured), the largest part of a 1 M index's memory. A text
 * is unpacked into a scratch array only when a query verifies it; its postings are written from the
 * unpacked texts before the packing.
 */

/** The escape code: the next byte is a unit above 0x7F, as it is. */
export const ESCAPE = 0xff;
const FIRST_CODE = 0x80;
/** Codes 0x80–0xFE: one pair of ASCII units each. */
const CODES = ESCAPE - FIRST_CODE;

/** A segment's pairs: `pairs[2c]`, `pairs[2c + 1]` are the units of code `0x80 + c`; `codeOf[a · 128 + b]` is the pair's code or −1. */
export interface DigramTable {
  readonly pairs: Uint8Array;
  readonly codeOf: Int16Array;
}

/** Counts the ASCII pairs of `units[from, from + length)` into `counts` (128 · 128 entries). */
export function countDigrams(units: Uint8Array, from: number, length: number, counts: Int32Array): void {
  let previous = units[from]!;
  for (let i = from + 1; i < from + length; i += 1) {
    const unit = units[i]!;
    if ((previous | unit) < 0x80) counts[(previous << 7) | unit]! += 1;
    previous = unit;
  }
}

/** The `CODES` most frequent pairs of `counts` (ties: the smaller pair), as a table. */
export function digramTable(counts: Int32Array): DigramTable {
  const order = Array.from({ length: counts.length }, (_, pair) => pair)
    .filter((pair) => counts[pair]! > 1)
    .sort((a, b) => counts[b]! - counts[a]! || a - b)
    .slice(0, CODES);
  const pairs = new Uint8Array(order.length * 2);
  const codeOf = new Int16Array(128 * 128).fill(-1);
  order.forEach((pair, code) => {
    pairs[code * 2] = pair >>> 7;
    pairs[code * 2 + 1] = pair & 0x7f;
    codeOf[pair] = FIRST_CODE + code;
  });
  return { pairs, codeOf };
}

/** The table whose codes are `pairs` (a packed store's, `TextStore.digramTable`). */
export function tableOfPairs(pairs: Uint8Array): DigramTable {
  const codeOf = new Int16Array(128 * 128).fill(-1);
  for (let code = 0; code * 2 < pairs.length; code += 1) {
    codeOf[(pairs[code * 2]! << 7) | pairs[code * 2 + 1]!] = FIRST_CODE + code;
  }
  return { pairs, codeOf };
}

/**
 * Packs `units[from, from + length)` into `out` from `at` (room for 2 · `length` bytes needed: every
 * unit escaped); answers the position after it. Greedy, left to right: a pair of the table is one
 * byte, another ASCII unit itself, any other unit escaped.
 */
export function packDigrams(
  units: Uint8Array,
  from: number,
  length: number,
  table: DigramTable,
  out: Uint8Array,
  at: number,
): number {
  const { codeOf } = table;
  const end = from + length;
  let to = at;
  let i = from;
  while (i < end) {
    const unit = units[i]!;
    if (unit >= 0x80) {
      out[to++] = ESCAPE;
      out[to++] = unit;
      i += 1;
      continue;
    }
    const next = i + 1 < end ? units[i + 1]! : 0x80;
    const code = next < 0x80 ? codeOf[(unit << 7) | next]! : -1;
    if (code >= 0) {
      out[to++] = code;
      i += 2;
    } else {
      out[to++] = unit;
      i += 1;
    }
  }
  return to;
}

/** Unpacks a packed text of `length` units starting at `packed[at]` into `into` from 0. */
export function unpackDigrams(
  packed: Uint8Array,
  at: number,
  length: number,
  pairs: Uint8Array,
  into: Uint8Array,
): void {
  let from = at;
  let to = 0;
  while (to < length) {
    const byte = packed[from++]!;
    if (byte < 0x80) into[to++] = byte;
    else if (byte === ESCAPE) into[to++] = packed[from++]!;
    else {
      const pair = (byte - FIRST_CODE) * 2;
      into[to++] = pairs[pair]!;
      into[to++] = pairs[pair + 1]!;
    }
  }
}
