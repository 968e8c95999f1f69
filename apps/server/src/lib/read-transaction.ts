import pg from 'pg';
import type { Database } from '@bhasha/db';

/** The node-postgres pool behind `db` on PostgreSQL; null on PGlite (one engine in this thread). */
export function postgresPoolOf(db: Database): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Runs a statement and answers its rows as arrays (no object per row). */
export type ArrayQuery = (text: string, values: unknown[]) => Promise<unknown[][]>;

/**
 * Runs `work` in one read transaction on the engine's own client (a cursor lives in one
 * transaction on one connection): a pooled connection on PostgreSQL, PGlite's transaction there.
 */
export async function inReadTransaction<T>(
  db: Database,
  work: (query: ArrayQuery) => Promise<T>,
): Promise<T> {
  const pool = postgresPoolOf(db);
  if (pool) {
    const connection = await pool.connect();
    let broken: Error | undefined;
    try {
      await connection.query('begin read only');
      const result = await work(async (text, values) => {
        const answer = await connection.query<unknown[]>({ text, values, rowMode: 'array' });
        return answer.rows;
      });
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A connection whose rollback failed is discarded rather than handed to the next caller.
      connection.release(broken);
    }
  }
  const pglite = (db as unknown as { $client: unknown }).$client as {
    transaction<R>(
      callback: (tx: {
        query(text: string, values: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[] }>;
      }) => Promise<R>,
    ): Promise<R>;
  };
  return pglite.transaction((tx) =>
    work(async (text, values) => (await tx.query(text, values, { rowMode: 'array' })).rows as unknown[][]),
  );
}
