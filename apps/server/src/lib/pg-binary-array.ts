/**
 * One-dimensional PostgreSQL arrays in the binary wire format (`array_send` / `array_recv`,
 * src/backend/utils/adt/arrayfuncs.c): a header of dimensions, flags, element type and bounds, then
 * every element as a 4-byte length and its bytes. node-postgres sends a `Buffer` parameter as it is,
 * in binary format, and the server reads it by the type the statement casts it to (`$1::text[]`).
 *
 * Why not the text literal (`pgArray`): a TMX import's upsert sends ~10,000 texts per array, and for
 * two-byte strings (Devanagari and every other non-Latin-1 script) Node 20's UTF-8 length and encoding
 * of one large flattened literal cost ~10 ns a character twice over (the driver's `Buffer.byteLength`,
 * then its `write`), besides building and escaping the literal: ~a quarter of the import process's CPU
 * (ADR 0019). Here each element is encoded once into a buffer sized for the worst case,
 * with no escaping and no separate length pass. Not for PGlite, whose driver types and serialises parameters
 * itself.
 */

/** `pg_type` oids of the element types (src/include/catalog/pg_type.dat). */
const TEXT_OID = 25;
const INT8_OID = 20;
/** ndim, has-null flag, element oid, then the one dimension's length and lower bound. */
const HEADER_BYTES = 20;

function writeHeader(buffer: Buffer, elementOid: number, length: number): void {
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(0, 4);
  buffer.writeUInt32BE(elementOid, 8);
  buffer.writeInt32BE(length, 12);
  buffer.writeInt32BE(1, 16);
}

/** Joins the elements: four NUL characters, one UTF-8 byte each, hold the place of the next element's length. */
const PLACE_OF_LENGTH = '\u0000\u0000\u0000\u0000';

/**
 * A `text[]` parameter (no nulls). The elements are joined and encoded with one call: encoding each
 * element apart cost ~3× as much for two-byte strings (~10,000 calls a statement), and joining puts
 * four NUL bytes where each following element's length goes, so the bytes are never moved. A text
 * holding NUL, which PostgreSQL's `text` cannot store either, is refused (the NUL bytes found must be
 * exactly the placeholders). A UTF-16 code unit takes at most 3 UTF-8 bytes, so `3 × length` bounds
 * the encoding; lone surrogates become U+FFFD, as the driver's own encoding of a string does.
 */
export function binaryTextArray(values: readonly string[]): Buffer {
  const joined = values.join(PLACE_OF_LENGTH);
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + 4 + 3 * joined.length);
  writeHeader(buffer, TEXT_OID, values.length);
  if (values.length === 0) return buffer.subarray(0, HEADER_BYTES);
  const end = HEADER_BYTES + 4 + buffer.write(joined, HEADER_BYTES + 4);
  let start = HEADER_BYTES + 4;
  for (let index = 1; index < values.length; index += 1) {
    // The first NUL after an element's start is the placeholder behind it: no element holds one.
    const stop = buffer.indexOf(0, start);
    if (stop < 0 || stop + 4 > end || buffer.readUInt32BE(stop) !== 0) throw nulInText();
    buffer.writeInt32BE(stop - start, start - 4);
    start = stop + 4;
  }
  if (buffer.subarray(start, end).includes(0)) throw nulInText();
  buffer.writeInt32BE(end - start, start - 4);
  return buffer.subarray(0, end);
}

function nulInText(): Error {
  return new Error('A text holds the character U+0000, which PostgreSQL cannot store');
}

/** A `bigint[]` parameter (no nulls): each element 8 bytes, big-endian two's complement. */
export function binaryBigintArray(values: readonly bigint[]): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + 12 * values.length);
  writeHeader(buffer, INT8_OID, values.length);
  let offset = HEADER_BYTES;
  for (let index = 0; index < values.length; index += 1) {
    buffer.writeInt32BE(8, offset);
    buffer.writeBigInt64BE(values[index]!, offset + 4);
    offset += 12;
  }
  return buffer;
}

/**
 * Texts appended one by one and kept as UTF-8 in `text[]`'s binary element layout (length, bytes),
 * off the JavaScript heap: a TMX import holds each batch of texts until the database has it, and as
 * strings they (and the decoded file chunks their slices pin) were copied by every young-generation
 * collection meanwhile (ADR 0019). `parameter` then copies the chosen elements, in the
 * chosen order, behind an array header. A text holding NUL is stored as given and refused by the
 * server (`text` cannot hold it), as a string parameter would be.
 */
export class BinaryTextColumn {
  private buffer: Buffer;
  /** The same memory as a plain Uint8Array: its `subarray` skips Buffer's species construction. */
  private bytes: Uint8Array;
  private used = 0;
  /** Where each element's length prefix starts, and where its bytes end. */
  private starts: Uint32Array;
  private ends: Uint32Array;
  private count = 0;

  constructor(expectedBytes = 1 << 16) {
    this.buffer = Buffer.allocUnsafe(expectedBytes);
    this.bytes = plainView(this.buffer);
    this.starts = new Uint32Array(1024);
    this.ends = new Uint32Array(1024);
  }

  /** Elements appended so far. */
  get size(): number {
    return this.count;
  }

  /**
   * Forgets every element and keeps the memory for the next ones: a TMX import reuses a written
   * batch's columns for a later batch, since fresh megabytes cost a page fault per 4 KB on their
   * first write (~65 ms of 200,000 texts' ~135 ms encoding in a fresh buffer, 100,000 units, Node 20).
   */
  clear(): void {
    this.used = 0;
    this.count = 0;
  }

  /** Appends `value`; answers its element number. */
  push(value: string): number {
    const needed = 4 + 3 * value.length;
    if (this.used + needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.buffer.length, this.used + needed));
      grown.set(this.bytes.subarray(0, this.used));
      this.buffer = grown;
      this.bytes = plainView(grown);
    }
    if (this.count === this.starts.length) {
      this.starts = grownArray(this.starts);
      this.ends = grownArray(this.ends);
    }
    const buffer = this.buffer;
    const start = this.used;
    const written = buffer.write(value, start + 4);
    buffer.writeInt32BE(written, start);
    this.starts[this.count] = start;
    this.used = this.ends[this.count] = start + 4 + written;
    return this.count++;
  }

  /** The element as a string again. */
  text(element: number): string {
    this.check(element);
    return this.buffer.toString('utf8', this.starts[element]! + 4, this.ends[element]);
  }

  /** A `text[]` parameter of these elements, in this order (an element may be left out or repeated). */
  parameter(order: ArrayLike<number>): Buffer {
    let size = HEADER_BYTES;
    for (let index = 0; index < order.length; index += 1) {
      const element = order[index]!;
      this.check(element);
      size += this.ends[element]! - this.starts[element]!;
    }
    const array = Buffer.allocUnsafe(size);
    writeHeader(array, TEXT_OID, order.length);
    // Uint8Array's set of a subarray: ~2.5x cheaper a call than Buffer's copy (measured, Node 20).
    const bytes = this.bytes;
    let offset = HEADER_BYTES;
    for (let index = 0; index < order.length; index += 1) {
      const element = order[index]!;
      const piece = bytes.subarray(this.starts[element], this.ends[element]);
      array.set(piece, offset);
      offset += piece.length;
    }
    return array;
  }

  private check(element: number): void {
    if (!(element >= 0 && element < this.count)) throw new RangeError(`No element ${element} in this column`);
  }
}

function plainView(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

function grownArray(array: Uint32Array): Uint32Array {
  const grown = new Uint32Array(2 * array.length);
  grown.set(array);
  return grown;
}
