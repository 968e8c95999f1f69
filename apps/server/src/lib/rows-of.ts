/**
 * Rows of a raw `execute` on either engine: node-postgres and PGlite both answer `{ rows }`, but
 * drizzle types the two results differently, so callers name the row shape they selected.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
