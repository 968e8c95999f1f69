import { describe, expect, it } from 'vitest';
import { SlotsById } from '../../src/tm/slots-by-id';

function check(ids: number[]): void {
  const lookup = SlotsById.of(Int32Array.from(ids));
  ids.forEach((id, slot) => expect(lookup.slotOf(id), String(id)).toBe(slot));
  const present = new Set(ids);
  for (const id of [...ids.map((id) => id + 1), ...ids.map((id) => id - 1), 0x7fffffff, -0x80000000]) {
    if (!present.has(id)) expect(lookup.slotOf(id), String(id)).toBe(-1);
  }
}

describe('SlotsById', () => {
  it('finds the slot of dense ids through a table and answers −1 around them', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => 1 + ((i * 7919) % 5000)).filter((id) => id % 97 !== 0);
    check(ids);
    const lookup = SlotsById.of(Int32Array.from(ids));
    // No table until an id inside the range is looked up: ids outside it are answered without one.
    expect(lookup.slotOf(5001)).toBe(-1);
    expect(lookup.slotOf(0)).toBe(-1);
    expect(lookup.byteLength).toBe(0);
    expect(lookup.slotOf(ids[10]!)).toBe(10);
    expect(lookup.byteLength).toBe(5000 * 4);
  });

  it('finds the slot of sparse and negative ids through the sorted order', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => ((i * 2_654_435_761) | 0) ^ 0x5bd1e995);
    expect(new Set(ids).size).toBe(ids.length);
    check(ids);
    check([7, -3, 2_000_000_000, -2_000_000_000, 0, 65_536, -65_537, 65_535]);
    check([]);
  });
});
