import type { Database } from '@bhasha/db';

/**
 * Runs `work` in one transaction with the repositories `repositories` builds on it: every query
 * of the work commits or rolls back together, and each repository is typed as on the database.
 *
 *   await withTransaction(db, (tx) => ({ projects: createProjectsRepository(tx) }), ({ projects }) => …)
 */
export function withTransaction<R, T>(
  db: Database,
  repositories: (tx: Database) => R,
  work: (repositories: R) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(repositories(tx)));
}
