import pg from 'pg';
import type { Database } from '@bhasha/db';
import { postgresPoolOf } from './read-transaction';

const RECONNECT_MS = 1_000;

export interface ChannelListener {
  /** Resolves once the first LISTEN is in place, or after 5 s (never rejects: failures are retried and logged). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onPayload(payload)` for every NOTIFY on `channel` committed to the database, and
 * `onPayload(undefined)` ("anything may have happened") whenever notifications may have been
 * missed: the connection dropped and was opened again. PostgreSQL: one dedicated connection
 * holding LISTEN (not taken from the pool, opened with the pool's settings), reopened after a
 * second when it fails. PGlite: its in-process listen. Callers keep a periodic re-check as the
 * safety net (the proxy's delivery changes and the TMX import's memory changes use it).
 */
export function listenToChannel(
  db: Database,
  channel: string,
  onPayload: (payload: string | undefined) => void,
  warn: (message: string) => void = (message) => console.warn(message),
): ChannelListener {
  const deliver = (payload: string | undefined) => {
    try {
      onPayload(payload === undefined || payload === '' ? undefined : payload);
    } catch (error) {
      warn(`${channel}: handler failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const pool = postgresPoolOf(db);
  if (!pool) {
    // drizzle's PGlite database keeps its client as `$client`.
    const client = (
      db as unknown as {
        $client: {
          listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
        };
      }
    ).$client;
    const unlisten = client.listen(channel, deliver).catch((error: unknown) => {
      warn(`${channel}: LISTEN failed: ${error instanceof Error ? error.message : String(error)}`);
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

  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (isReconnect: boolean): Promise<void> => {
    if (closed) return;
    // The pool hands its settings to each client it makes; this one is made the same way.
    const next = new pg.Client(pool.options);
    const reopen = (reason: string) => {
      if (client !== next || closed) return;
      client = undefined;
      warn(`${channel}: ${reason}; listening again in ${RECONNECT_MS} ms`);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(true), RECONNECT_MS);
      retry.unref();
    };
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) deliver(message.payload);
    });
    next.on('error', (error) => reopen(`connection failed (${error.message})`));
    next.on('end', () => reopen('connection closed'));
    try {
      await next.connect();
      // A channel name is an identifier: quoted, so any name the callers choose is taken as is.
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      // Notifications sent while no connection listened were missed.
      if (isReconnect) deliver(undefined);
      markReady();
    } catch (error) {
      reopen(`LISTEN failed (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  void connect(false);

  return {
    // A database that cannot be reached must not stop the caller: its re-check still works.
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
