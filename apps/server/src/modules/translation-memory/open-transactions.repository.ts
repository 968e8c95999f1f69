import type { Database } from '@bhasha/db';
import { inReadTransaction } from '../../lib/read-transaction';

/**
 * The start of the oldest transaction open in this database: every row a transaction still open
 * will commit carries an `updated_at = now()` at or after it, so rows timestamped before it are
 * all committed and visible to any later snapshot. A fuzzy index's catch-up starts its next read
 * there instead of a fixed minute back (ADR 0019): while an import commits a batch a
 * second, a minute's overlap re-read every row of the import on every catch-up.
 */
export function createOpenTransactionsRepository(db: Database) {
  return {
    /**
     * Null when it cannot be told: PostgreSQL hides other roles' sessions from a role without
     * pg_read_all_stats (their `state` reads null). PGlite lists no sessions: it runs one
     * transaction at a time, so none is open but this one and its own start is the answer.
     */
    async oldestStart(): Promise<Date | null> {
      return inReadTransaction(db, async (query) => {
        const [row] = await query(
          `select min(xact_start), count(*) filter (where state is null), count(*), now()
           from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
          [],
        );
        const [oldest, hidden, sessions, now] = row ?? [];
        if (Number(hidden) > 0) return null;
        const at = Number(sessions) === 0 ? now : oldest;
        if (at === null || at === undefined) return null;
        return at instanceof Date ? at : new Date(at as string);
      });
    },
  };
}

export type OpenTransactionsRepository = ReturnType<typeof createOpenTransactionsRepository>;
