import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@bhasha/db';
import { pgArray } from '../../src/lib/pg-array';
import { AWKWARD_TEXTS } from '../support/awkward-texts';
import { createTestDb } from '../support/test-db';

describe('pgArray: one array parameter for many values', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  it('reads back every text as it was, whatever characters it holds', async () => {
    const texts = ['plain', ...AWKWARD_TEXTS];
    const result = await handle.executeSql('select $1::text[] as a', [pgArray(texts)]);
    expect(result.rows[0]!.a).toEqual(texts);
  });

  it('writes null as SQL NULL and numbers as numbers', async () => {
    const result = await handle.executeSql('select $1::int[] as a, $2::text[] as b', [
      pgArray([1, null, 30]),
      pgArray(['x', null]),
    ]);
    expect(result.rows[0]).toEqual({ a: [1, null, 30], b: ['x', null] });
  });
});
