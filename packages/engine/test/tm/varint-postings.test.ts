import { describe, expect, it } from 'vitest';
import { varintLength, writeVarint } from '../../src/tm/varint-postings';

describe('varintLength', () => {
  it('is the number of bytes writeVarint writes, at every length boundary and between', () => {
    const bytes = new Uint8Array(8);
    const values = [0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 0x1fffff, 0x200000, 0xfffffff, 0x10000000, 2 ** 31 - 1];
    for (let value = 1; value < 2 ** 31; value = Math.floor(value * 1.37) + 1) values.push(value);
    for (const value of values) expect(varintLength(value), String(value)).toBe(writeVarint(bytes, 0, value));
  });
});
