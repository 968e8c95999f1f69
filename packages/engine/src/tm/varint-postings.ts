/**
 * Posting lists: ascending slot numbers as gaps written in unsigned LEB128 varints (most gaps take
 * one or two bytes, where a Uint32 takes four), in blocks of `BLOCK_POSTINGS` behind a fixed
 * six-byte header (the block's last slot as a Uint32, its byte length as a Uint16). A reader can
 * step over whole blocks that end before the slot range it wants, so a frequent trigram's list
 * costs only the blocks that overlap the query's length window.
 */
export const BLOCK_POSTINGS = 64;
export const BLOCK_HEADER_BYTES = 6;

export function varintLength(value: number): number {
  // ⌈bits / 7⌉ without branching on the size (gaps of one and two bytes mix unpredictably in the
  // build's sizing pass); 0 takes one byte like 1.
  const bits = 32 - Math.clz32(value | 1);
  return ((bits + 6) * 37) >>> 8;
}

/** Writes `value` at `position` and answers the position after it. */
export function writeVarint(bytes: Uint8Array, position: number, value: number): number {
  let rest = value;
  let at = position;
  while (rest >= 0x80) {
    bytes[at++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  bytes[at++] = rest;
  return at;
}

export function writeBlockHeader(
  bytes: Uint8Array,
  position: number,
  lastSlot: number,
  length: number,
): void {
  bytes[position] = lastSlot & 0xff;
  bytes[position + 1] = (lastSlot >>> 8) & 0xff;
  bytes[position + 2] = (lastSlot >>> 16) & 0xff;
  bytes[position + 3] = (lastSlot >>> 24) & 0xff;
  bytes[position + 4] = length & 0xff;
  bytes[position + 5] = (length >>> 8) & 0xff;
}
