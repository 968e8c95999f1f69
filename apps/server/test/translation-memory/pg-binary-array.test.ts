import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { BinaryTextColumn, binaryBigintArray, binaryTextArray } from '../../src/lib/pg-binary-array';
import { AWKWARD_TEXTS } from '../support/awkward-texts';

const TEXTS = ['plain', ...AWKWARD_TEXTS];
const KEYS = [0n, 1n, -1n, 9_223_372_036_854_775_807n, -9_223_372_036_854_775_808n, 1_234_567_890_123n];

/** Reads a one-dimensional binary array back (the format's own layout, independent of the encoder). */
function decodeBinaryArray(buffer: Buffer): { oid: number; elements: Buffer[] } {
  expect(buffer.readInt32BE(0)).toBe(1);
  expect(buffer.readInt32BE(4)).toBe(0);
  const oid = buffer.readUInt32BE(8);
  const length = buffer.readInt32BE(12);
  expect(buffer.readInt32BE(16)).toBe(1);
  const elements: Buffer[] = [];
  let offset = 20;
  for (let index = 0; index < length; index += 1) {
    const size = buffer.readInt32BE(offset);
    elements.push(buffer.subarray(offset + 4, offset + 4 + size));
    offset += 4 + size;
  }
  expect(offset).toBe(buffer.length);
  return { oid, elements };
}

describe('binary array parameters', () => {
  it('lays out text[] as array_send does: header, then each text as length and UTF-8 bytes', () => {
    const { oid, elements } = decodeBinaryArray(binaryTextArray(TEXTS));
    expect(oid).toBe(25);
    expect(elements.map((element) => element.toString('utf8'))).toEqual(TEXTS);
    expect(decodeBinaryArray(binaryTextArray([])).elements).toEqual([]);
  });

  it('places every length right whatever the texts: empty ones, one alone, random scripts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const alphabet = ['a', ' ', '"', '\\', 'é', 'क', '्', '😀', '\t', '{', ','];
    for (let round = 0; round < 200; round += 1) {
      const texts = Array.from({ length: Math.floor(next() * 12) }, () =>
        Array.from(
          { length: Math.floor(next() * 6) },
          () => alphabet[Math.floor(next() * alphabet.length)],
        ).join(''),
      );
      const { elements } = decodeBinaryArray(binaryTextArray(texts));
      expect(elements.map((element) => element.toString('utf8'))).toEqual(texts);
    }
    expect(decodeBinaryArray(binaryTextArray(['', '', ''])).elements.map(String)).toEqual(['', '', '']);
    expect(decodeBinaryArray(binaryTextArray(['only'])).elements.map(String)).toEqual(['only']);
  });

  it('refuses a text holding NUL, wherever it is (PostgreSQL text cannot store it)', () => {
    for (const texts of [
      ['a\u0000b'],
      ['x', 'a\u0000'],
      ['\u0000\u0000\u0000\u0000', 'y'],
      ['x', 'y\u0000\u0000\u0000\u0000z', 'w'],
    ])
      expect(() => binaryTextArray(texts)).toThrow(/U\+0000/);
  });

  it('keeps appended texts as parameters of any order and subset, and gives each back', () => {
    // A small start: growing the byte store and the element tables is exercised too.
    const column = new BinaryTextColumn(8);
    const texts = Array.from({ length: 3000 }, (_, i) => `${TEXTS[i % TEXTS.length]} ${i}`);
    expect(texts.map((text) => column.push(text))).toEqual(texts.map((_, i) => i));
    expect(column.size).toBe(texts.length);
    expect(texts.map((_, i) => column.text(i))).toEqual(texts);
    const order = texts.map((_, i) => (i * 7919) % texts.length).filter((i) => i % 5 !== 0);
    const { oid, elements } = decodeBinaryArray(column.parameter(order));
    expect(oid).toBe(25);
    expect(elements.map((element) => element.toString('utf8'))).toEqual(order.map((i) => texts[i]));
    expect(decodeBinaryArray(column.parameter([2, 2])).elements.map(String)).toEqual([texts[2], texts[2]]);
    expect(decodeBinaryArray(column.parameter([])).elements).toEqual([]);
    expect(() => column.parameter([texts.length])).toThrow(RangeError);
  });

  it('starts again empty after clear, its memory reused (a later batch of an import)', () => {
    const column = new BinaryTextColumn(8);
    for (const text of TEXTS) column.push(`${text} before`);
    column.clear();
    expect(column.size).toBe(0);
    expect(() => column.text(0)).toThrow(RangeError);
    const texts = TEXTS.map((text, i) => `${text} after ${i}`);
    expect(texts.map((text) => column.push(text))).toEqual(texts.map((_, i) => i));
    expect(texts.map((_, i) => column.text(i))).toEqual(texts);
    const order = texts.map((_, i) => texts.length - 1 - i);
    expect(decodeBinaryArray(column.parameter(order)).elements.map(String)).toEqual(
      order.map((i) => texts[i]),
    );
  });

  it('lays out bigint[] as 8-byte big-endian two’s complement', () => {
    const { oid, elements } = decodeBinaryArray(binaryBigintArray(KEYS));
    expect(oid).toBe(20);
    expect(elements.map((element) => element.readBigInt64BE(0))).toEqual(KEYS);
  });

  it('fits texts whose every character takes three UTF-8 bytes', () => {
    const devanagari = 'क'.repeat(10_000);
    const { elements } = decodeBinaryArray(binaryTextArray([devanagari, 'a', devanagari]));
    expect(elements.map((element) => element.toString('utf8'))).toEqual([devanagari, 'a', devanagari]);
  });
});

// The server reads them as the statement's cast says (node-postgres sends a Buffer in binary format).
describe.skipIf(!process.env.TEST_DATABASE_URL)('binary array parameters on PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client.end());

  it('reads back every text and key as it was', async () => {
    const result = await client.query<{ texts: string[]; keys: string[]; empty: number }>(
      'select $1::text[] as texts, $2::bigint[]::text[] as keys, cardinality($3::text[]) as empty',
      [binaryTextArray(TEXTS), binaryBigintArray(KEYS), binaryTextArray([])],
    );
    expect(result.rows[0]).toEqual({ texts: TEXTS, keys: KEYS.map(String), empty: 0 });
  });

  it('reads a column parameter back in the order asked', async () => {
    const column = new BinaryTextColumn();
    for (const text of TEXTS) column.push(text);
    const order = TEXTS.map((_, i) => TEXTS.length - 1 - i);
    const result = await client.query<{ texts: string[] }>('select $1::text[] as texts', [
      column.parameter(order),
    ]);
    expect(result.rows[0]!.texts).toEqual(order.map((i) => TEXTS[i]));
  });

  it('unnests the arrays side by side, in order', async () => {
    const result = await client.query<{ text: string; key: string }>(
      'select t.text, t.key::text from unnest($1::text[], $2::bigint[]) with ordinality as t(text, key, n) order by n',
      [binaryTextArray(TEXTS.slice(0, KEYS.length)), binaryBigintArray(KEYS)],
    );
    expect(result.rows).toEqual(KEYS.map((key, index) => ({ text: TEXTS[index], key: String(key) })));
  });
});
