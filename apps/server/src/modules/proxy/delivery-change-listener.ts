import pg from 'pg';
import type { DbHandle } from '@bhasha/db';

/**
 * The channel migration 0017's triggers notify, with the project id as payload, whenever
 * translations, URL slugs, delivery settings, domains or a project's delivery columns change
 * (in any process: editor, machine translation workers, TMX imports, another web server).
 */
export const DELIVERY_CHANNEL = 'bhasha_delivery';

const RECONNECT_MS = 1_000;

export interface DeliveryChangeListener {
  /** Resolves once the first LISTEN is in place (never rejects: failures are retried and logged). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange(projectId)` for every delivery change committed to the database, and
 * `onChange(undefined)` ("anything may have changed") whenever notifications may have been missed:
 * the connection dropped and was opened again. PostgreSQL: one dedicated connection holding
 * LISTEN (not taken from the pool), reopened after a second when it fails. PGlite: its in-process
 * listen. The caller keeps its periodic re-check as the safety net.
 */
export function listenForDeliveryChanges(
  handle: DbHandle,
  onChange: (projectId: string | undefined) => void,
  warn: (message: string) => void = (message) => console.warn(message),
): DeliveryChangeListener {
  const deliver = (payload: string | undefined) => {
    try {
      onChange(payload === undefined || payload === '' ? undefined : payload);
    } catch (error) {
      warn(`delivery change handler failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  if (handle.kind === 'pglite') {
    // drizzle's PGlite database keeps its client as `$client`.
    const client = (
      handle.db as unknown as {
        $client: {
          listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
        };
      }
    ).$client;
    const unlisten = client.listen(DELIVERY_CHANNEL, deliver).catch((error: unknown) => {
      warn(`delivery changes: LISTEN failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    return {
      ready: unlisten.then(() => undefined),
      async close() {
        const stop = await unlisten;
        await stop?.().catch(() => undefined);
      },
    };
  }

  const connectionString = handle.connectionString;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (isReconnect: boolean): Promise<void> => {
    if (closed || !connectionString) return;
    const next = new pg.Client({ connectionString });
    const reopen = (reason: string) => {
      if (client !== next || closed) return;
      client = undefined;
      warn(`delivery changes: ${reason}; listening again in ${RECONNECT_MS} ms`);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true), RECONNECT_MS);
    };
    client = next;
    next.on('notification', (message) => {
      if (message.channel === DELIVERY_CHANNEL) deliver(message.payload);
    });
    next.on('error', (error) => reopen(`connection failed (${error.message})`));
    next.on('end', () => reopen('connection closed'));
    try {
      await next.connect();
      await next.query(`LISTEN ${DELIVERY_CHANNEL}`);
      // Changes made while no connection listened were missed: everything is re-checked.
      if (isReconnect) deliver(undefined);
      markReady();
    } catch (error) {
      reopen(`LISTEN failed (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  void connect(false);

  return {
    // A database that cannot be reached must not stop the server: the re-check still works.
    ready: Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      markReady();
      await current?.end().catch(() => undefined);
    },
  };
}
