import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, pglitePreparedStatement, type DbHandle } from '../src';

const STATEMENT = `select $1::int + 1 as next, $2::text as label, nullif($2::text, 'none') as maybe
  from generate_series(1, $3::int)`;

describe('a prepared statement on PGlite', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ pgliteDir: 'memory' });
    await handle.executeSql('create table prepared_probe (id int primary key)');
  }, 180_000);
  afterAll(() => handle.close());

  it('answers the rows as text, as often as it is run, under one name shared by its callers', async () => {
    const statement = pglitePreparedStatement(handle.db, 'probe', STATEMENT)!;
    expect(await statement.run(['41', 'a "b" \\ c', '2'])).toEqual([
      ['42', 'a "b" \\ c', 'a "b" \\ c'],
      ['42', 'a "b" \\ c', 'a "b" \\ c'],
    ]);
    expect(await statement.run(['1', 'none', '1'])).toEqual([['2', 'none', null]]);
    // A second caller (another repository on the same database) uses the statement already parsed.
    const again = pglitePreparedStatement(handle.db, 'probe', STATEMENT)!;
    expect(await again.run(['0', 'x', '0'])).toEqual([]);
  });

  it('never runs inside another caller’s transaction: it waits, and sees only what was committed', async () => {
    const probe = pglitePreparedStatement(
      handle.db,
      'probe_rows',
      'select count(*)::int from prepared_probe',
    )!;
    let during: Promise<(string | null)[][]> | undefined;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute('insert into prepared_probe values (1)');
        during = probe.run([]);
        // Time for the run to slip in between this transaction's statements, were it not locked out.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await during).toEqual([['0']]);
  });

  it('parses the statement again when the session lost it, and recovers from an error', async () => {
    const statement = pglitePreparedStatement(handle.db, 'probe_lost', STATEMENT)!;
    expect(await statement.run(['1', 'a', '1'])).toEqual([['2', 'a', 'a']]);
    await handle.executeSql('deallocate probe_lost');
    expect(await statement.run(['2', 'b', '1'])).toEqual([['3', 'b', 'b']]);
    await expect(statement.run(['not a number', 'c', '1'])).rejects.toThrow(/invalid input syntax/);
    expect(await statement.run(['3', 'c', '1'])).toEqual([['4', 'c', 'c']]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('is not made: drizzle’s named statements are the server’s own', async () => {
    const handle = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL });
    try {
      expect(pglitePreparedStatement(handle.db, 'probe', STATEMENT)).toBeNull();
    } finally {
      await handle.close();
    }
  });
});
