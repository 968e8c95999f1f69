import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@bhasha/db';
import { rowsOf } from '../../src/lib/rows-of';
import { createTestDb } from '../support/test-db';

describe('rowsOf: the rows of a raw execute on either engine', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb({ migrate: false });
  }, 180_000);
  afterAll(() => handle.close());

  it('answers every selected row, in order, with its columns by name', async () => {
    const result = await handle.db.execute(
      sql`select n, 'row ' || n as label from generate_series(1, 3) as n order by n`,
    );
    expect(rowsOf<{ n: number; label: string }>(result)).toEqual([
      { n: 1, label: 'row 1' },
      { n: 2, label: 'row 2' },
      { n: 3, label: 'row 3' },
    ]);
  });

  it('answers no rows as an empty list', async () => {
    const result = await handle.db.execute(sql`select 1 as n where false`);
    expect(rowsOf<{ n: number }>(result)).toEqual([]);
  });
});
