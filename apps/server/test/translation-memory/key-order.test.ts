import { describe, expect, it } from 'vitest';
import { keyOrder } from '../../src/modules/translation-memory/key-order';

/** The order keyOrder replaces: a stable sort of the indices by key. */
function comparatorOrder(keys: readonly bigint[]): number[] {
  return keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
}

describe('keyOrder', () => {
  it('orders indices as a stable sort by signed 64-bit key does', () => {
    let seed = 11n;
    const next = () =>
      (seed = (seed * 6_364_136_223_846_793_005n + 1_442_695_040_888_963_407n) & (2n ** 64n - 1n));
    const random = Array.from({ length: 5_000 }, () => BigInt.asIntN(64, next()));
    // Keys sharing their high half (the slow path), equal keys (kept in index order) and the extremes.
    const sameHigh = [5n << 32n, (5n << 32n) + 3n, (5n << 32n) + 1n, -(5n << 32n) + 7n, -(5n << 32n) + 2n];
    const edges = [0n, -1n, 1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 32n - 1n, 2n ** 32n, -(2n ** 32n)];
    const keys = [...random, ...sameHigh, ...edges, ...sameHigh, random[7]!, 0n, -1n];
    expect(keyOrder(keys)).toEqual(comparatorOrder(keys));
    expect(keyOrder([])).toEqual([]);
    expect(keyOrder([42n])).toEqual([0]);
    const shuffled = [...sameHigh, ...edges].reverse();
    expect(keyOrder(shuffled)).toEqual(comparatorOrder(shuffled));
  });
});
