/**
 * `uuid[]` parameters in PostgreSQL's binary wire format (`array_send` / `array_recv`; the layout
 * pg-binary-array.ts describes), for statements that send the same few thousand ids over and over:
 * the crawl's writer sends every page's segment ids, ~270 a page. As a text literal each id is 37
 * bytes the client writes and the server parses (`array_in`, then `uuid_in` per element); binary,
 * it is 20 bytes the server copies. Also `int[]`, for the counts beside those ids. Not for PGlite, whose driver serialises parameters itself.
 */

/** `pg_type` oids of the element types (src/include/catalog/pg_type.dat). */
const UUID_OID = 2950;
const INT4_OID = 23;
/** ndim, has-null flag, element oid, then the one dimension's length and lower bound. */
const HEADER_BYTES = 20;
/** Each element: its length (16), then its 16 bytes. */
const ELEMENT_BYTES = 20;

/** Hex digit values by character code (0–9, a–f, A–F); -1 for anything else, any code above 127 too. */
const HEX = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 10; digit += 1) HEX[48 + digit] = digit;
for (let digit = 0; digit < 6; digit += 1) HEX[97 + digit] = HEX[65 + digit] = 10 + digit;

function hexDigit(id: string, index: number): number {
  const code = id.charCodeAt(index);
  return code < 128 ? HEX[code]! : -1;
}

/** Where the 16 bytes of a canonical uuid's text are: the first digit of each byte's pair. */
const PAIR_STARTS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/** The element length 16 as a big-endian int32, read as a native-order word (copied, never computed with). */
const LENGTH_WORD = new Uint32Array(new Uint8Array([0, 0, 0, 16]).buffer)[0]!;

/**
 * Ids (canonical text form, `8-4-4-4-12` hex digits) turned into 16 bytes each once, then written
 * into array parameters by number as often as needed: a batch's pages share most of their segments,
 * so an id is parsed once per batch, not once per page it occurs on. The bytes are kept and copied
 * as 32-bit words in native order (never read as numbers, so the order is the bytes' own).
 */
export class UuidSlots {
  private words: Uint32Array;
  /** The same memory as bytes, for parsing into. */
  private bytes: Uint8Array;
  private count = 0;

  constructor(expected = 256) {
    this.words = new Uint32Array(4 * Math.max(1, expected));
    this.bytes = new Uint8Array(this.words.buffer);
  }

  /** Appends `id`'s bytes; answers its slot. Throws on anything but a canonical uuid. */
  push(id: string): number {
    if (4 * (this.count + 1) > this.words.length) {
      const grown = new Uint32Array(2 * this.words.length);
      grown.set(this.words);
      this.words = grown;
      this.bytes = new Uint8Array(grown.buffer);
    }
    if (
      id.length !== 36 ||
      id.charCodeAt(8) !== 45 ||
      id.charCodeAt(13) !== 45 ||
      id.charCodeAt(18) !== 45 ||
      id.charCodeAt(23) !== 45
    )
      throw notUuid(id);
    const bytes = this.bytes;
    const at = 16 * this.count;
    for (let index = 0; index < 16; index += 1) {
      const start = PAIR_STARTS[index]!;
      const high = hexDigit(id, start);
      const low = hexDigit(id, start + 1);
      if (high < 0 || low < 0) throw notUuid(id);
      bytes[at + index] = (high << 4) | low;
    }
    return this.count++;
  }

  /** A `uuid[]` parameter of these slots, in this order (a slot may repeat). */
  parameter(slots: ArrayLike<number>): Buffer {
    const size = HEADER_BYTES + ELEMENT_BYTES * slots.length;
    // A fresh ArrayBuffer (not Buffer's shared pool), so every element's length and bytes are
    // 4-aligned 32-bit words: the header is 20 bytes and each element 20.
    const memory = new ArrayBuffer(size);
    const header = new DataView(memory, 0, HEADER_BYTES);
    header.setInt32(0, 1);
    header.setInt32(4, 0);
    header.setUint32(8, UUID_OID);
    header.setInt32(12, slots.length);
    header.setInt32(16, 1);
    const out = new Uint32Array(memory);
    const words = this.words;
    const count = this.count;
    let word = HEADER_BYTES >> 2;
    for (let index = 0; index < slots.length; index += 1) {
      const slot = slots[index]!;
      if (!(slot >= 0 && slot < count)) throw new RangeError(`No uuid slot ${slot}`);
      const from = 4 * slot;
      out[word] = LENGTH_WORD;
      out[word + 1] = words[from]!;
      out[word + 2] = words[from + 1]!;
      out[word + 3] = words[from + 2]!;
      out[word + 4] = words[from + 3]!;
      word += 5;
    }
    return Buffer.from(memory);
  }
}

/**
 * An `int[]` parameter of `values[from, to)` (no nulls): each element its length (4) and its value,
 * big-endian. For the same statements: a page's occurrence counts, one per segment id, which as a
 * literal were turned into decimal strings and joined on the crawl's thread.
 */
export function binaryIntArray(values: ArrayLike<number>, from = 0, to = values.length): Buffer {
  const length = to - from;
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + 8 * length);
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(0, 4);
  buffer.writeUInt32BE(INT4_OID, 8);
  buffer.writeInt32BE(length, 12);
  buffer.writeInt32BE(1, 16);
  let offset = HEADER_BYTES;
  for (let index = from; index < to; index += 1) {
    buffer.writeInt32BE(4, offset);
    buffer.writeInt32BE(values[index]!, offset + 4);
    offset += 8;
  }
  return buffer;
}

function notUuid(id: string): Error {
  return new Error(`Not a uuid: ${JSON.stringify(id.slice(0, 40))}`);
}
