import type * as pglite from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

// The PGlite engine behind each drizzle database createDb opened on PGlite (none on PostgreSQL).
const pgliteOfDatabase = new WeakMap<Database, PGlite>();
// Names of the statements each engine has parsed: one session per engine, shared by every caller.
const preparedOnEngine = new WeakMap<PGlite, Set<string>>();

// Loaded when a statement first runs, so a process on PostgreSQL never loads PGlite (it is
// already in memory by then: the engine was created from the same module).
let pgliteModule: Promise<typeof pglite> | undefined;

// SQLSTATEs after which the statement is parsed again and run once more: it is gone from the
// session (invalid_sql_statement_name), or its result type changed under it (feature_not_supported:
// "cached plan must not change result type", after a migration replaced what it calls).
const PREPARE_AGAIN = new Set(['26000', '0A000']);

/** Records the PGlite engine behind a drizzle database (createDb, for PGlite only). */
export function rememberPgliteEngine(db: Database, engine: PGlite): void {
  pgliteOfDatabase.set(db, engine);
}

/** A named statement on one PGlite engine, run with text parameters; answers its rows as text. */
export interface PglitePreparedStatement {
  run(values: readonly (string | null)[]): Promise<(string | null)[][]>;
}

/**
 * A named prepared statement on the PGlite engine behind `db`, or null when `db` is on
 * PostgreSQL. PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync, each as
 * its own call into the engine, parses and plans the SQL every time and decodes the result twice
 * (PGlite, then drizzle): several times what a short indexed lookup costs inside the database.
 * This parses the statement once per engine and then sends Bind, Execute and Sync as one message,
 * under the same locks as `query` (never inside another caller's transaction).
 */
export function pglitePreparedStatement(
  db: Database,
  name: string,
  text: string,
): PglitePreparedStatement | null {
  const engine = pgliteOfDatabase.get(db);
  if (!engine) return null;
  let prepared = preparedOnEngine.get(engine);
  if (!prepared) preparedOnEngine.set(engine, (prepared = new Set()));
  const names = prepared;
  return {
    async run(values) {
      const { messages: backend, protocol } = await (pgliteModule ??= import('@electric-sql/pglite'));
      const { serialize } = protocol;
      await engine._checkReady();
      return engine._runExclusiveTransaction(() =>
        engine._runExclusiveQuery(async () => {
          const execute = () =>
            engine.execProtocolStream(
              joined([
                serialize.bind({ statement: name, values: [...values] }),
                serialize.execute({}),
                serialize.sync(),
              ]),
            );
          const prepare = async (closeFirst: boolean) => {
            const close = closeFirst ? [serialize.close({ type: 'S', name })] : [];
            await engine.execProtocolStream(
              joined([...close, serialize.parse({ name, text }), serialize.sync()]),
            );
            names.add(name);
          };
          if (!names.has(name)) await prepare(false);
          let messages: Awaited<ReturnType<typeof execute>>;
          try {
            messages = await execute();
          } catch (error) {
            if (!PREPARE_AGAIN.has((error as { code?: string }).code ?? '')) throw error;
            await prepare(true);
            messages = await execute();
          }
          const rows: (string | null)[][] = [];
          for (const message of messages) {
            if (message instanceof backend.DataRowMessage) rows.push(message.fields);
          }
          return rows;
        }),
      );
    },
  };
}

/** The protocol messages as one buffer: one call into the engine instead of one per message. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const buffer = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}
