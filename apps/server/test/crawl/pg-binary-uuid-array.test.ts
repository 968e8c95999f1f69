import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { binaryIntArray, UuidSlots } from '../../src/lib/pg-binary-uuid-array';

/** Reads a one-dimensional binary uuid[] back by the format's own layout (independent of the encoder). */
function decodeUuidArray(buffer: Buffer): string[] {
  expect(buffer.readInt32BE(0)).toBe(1);
  expect(buffer.readInt32BE(4)).toBe(0);
  expect(buffer.readUInt32BE(8)).toBe(2950);
  const length = buffer.readInt32BE(12);
  expect(buffer.readInt32BE(16)).toBe(1);
  const ids: string[] = [];
  let offset = 20;
  for (let index = 0; index < length; index += 1) {
    expect(buffer.readInt32BE(offset)).toBe(16);
    const hex = buffer.toString('hex', offset + 4, offset + 20);
    ids.push(
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    );
    offset += 20;
  }
  expect(offset).toBe(buffer.length);
  return ids;
}

describe('binary uuid[] parameters', () => {
  it('writes each slot as array_send does, in the order asked, repeats and all', () => {
    const ids = Array.from({ length: 700 }, () => randomUUID());
    const slots = new UuidSlots(2);
    for (const [index, id] of ids.entries()) expect(slots.push(id)).toBe(index);
    const order = [3, 0, 699, 3, 3, 512, 1];
    expect(decodeUuidArray(slots.parameter(order))).toEqual(order.map((slot) => ids[slot]));
    expect(decodeUuidArray(slots.parameter([]))).toEqual([]);
  });

  it('reads upper-case hex digits as PostgreSQL does, and answers them in lower case', () => {
    const slots = new UuidSlots();
    slots.push('ABCDEF01-2345-6789-ABCD-EF0123456789');
    expect(decodeUuidArray(slots.parameter([0]))).toEqual(['abcdef01-2345-6789-abcd-ef0123456789']);
  });

  it('lays out int[] of a range as array_send does: length 4, big-endian value', () => {
    const values = [7, 0, -1, 2_147_483_647, -2_147_483_648, 3];
    const buffer = binaryIntArray(values, 1, 5);
    expect([buffer.readInt32BE(0), buffer.readInt32BE(4), buffer.readUInt32BE(8)]).toEqual([1, 0, 23]);
    expect([buffer.readInt32BE(12), buffer.readInt32BE(16)]).toEqual([4, 1]);
    const read = Array.from({ length: 4 }, (_, index) => {
      expect(buffer.readInt32BE(20 + 8 * index)).toBe(4);
      return buffer.readInt32BE(24 + 8 * index);
    });
    expect(read).toEqual(values.slice(1, 5));
    expect(buffer.length).toBe(20 + 8 * 4);
    expect(binaryIntArray([]).length).toBe(20);
  });

  it('refuses anything but a canonical uuid, and slots it does not hold', () => {
    const slots = new UuidSlots();
    for (const bad of [
      '',
      'abcdef01-2345-6789-abcd-ef012345678',
      'abcdef01-2345-6789-abcd-ef01234567890',
      'abcdef0123456789abcdef0123456789',
      'abcdef01+2345-6789-abcd-ef0123456789',
      'abcdeg01-2345-6789-abcd-ef0123456789',
      'abcdef01-2345-6789-abcd-ef012345678\u0100',
      '{bcdef01-2345-6789-abcd-ef0123456789',
    ])
      expect(() => slots.push(bad)).toThrow(/Not a uuid/);
    slots.push(randomUUID());
    expect(() => slots.parameter([1])).toThrow(RangeError);
    expect(() => slots.parameter([-1])).toThrow(RangeError);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('binary uuid[] parameters on PostgreSQL', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client.end());

  it('reads back every id as it was, in order', async () => {
    const ids = Array.from({ length: 300 }, () => randomUUID());
    const slots = new UuidSlots();
    for (const id of ids) slots.push(id);
    const order = [...ids.keys()].reverse().concat([5, 5]);
    const { rows } = await client.query<{ id: string; ord: string }>(
      'select id::text, ord from unnest($1::uuid[]) with ordinality as t(id, ord) order by ord',
      [slots.parameter(order)],
    );
    expect(rows.map((row) => row.id)).toEqual(order.map((slot) => ids[slot]));
  });

  it('reads back an int[] range as it was', async () => {
    const values = [9, -4, 2_147_483_647, 0, 12];
    const { rows } = await client.query<{ values: number[] }>('select $1::int[] as values', [
      binaryIntArray(values, 1, 4),
    ]);
    expect(rows[0]!.values).toEqual(values.slice(1, 4));
  });
});
