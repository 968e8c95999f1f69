import { sql } from 'drizzle-orm';
import type { Database } from '@bhasha/db';
import { listenToChannel, type ChannelListener } from '../../lib/channel-listener';

/**
 * The channel a bulk write to an organisation's memory (a TMX import's batch) notifies once the
 * batch is committed, with `organisationId:sourceLang` as payload: web processes holding that
 * memory's fuzzy index in use catch it up at once instead of at their next background tick
 * (ADR 0019 session 11). Only a hint: a missed notification costs time, never rows, since every
 * catch-up reads from its own watermark and the tick stays as the safety net.
 */
export const MEMORY_CHANNEL = 'bhasha_memory';

/** Sends the memory's notification (after the rows are committed, so a woken reader sees them). */
export function createMemoryChangeAnnouncer(db: Database) {
  return async (organisationId: string, sourceLang: string): Promise<void> => {
    await db.execute(sql`select pg_notify(${MEMORY_CHANNEL}, ${`${organisationId}:${sourceLang}`})`);
  };
}

export type MemoryChangeAnnouncer = ReturnType<typeof createMemoryChangeAnnouncer>;

/**
 * Calls `onChange(organisationId, sourceLang)` for each notification, and `onChange()` with no
 * memory ("any may have changed") when notifications may have been missed (a reconnection).
 */
export function listenForMemoryChanges(
  db: Database,
  onChange: (organisationId?: string, sourceLang?: string) => void,
  warn?: (message: string) => void,
): ChannelListener {
  return listenToChannel(
    db,
    MEMORY_CHANNEL,
    (payload) => {
      if (payload === undefined) return onChange();
      // An organisation id is a uuid (no colon); a language tag follows the first colon.
      const at = payload.indexOf(':');
      if (at > 0) onChange(payload.slice(0, at), payload.slice(at + 1));
    },
    warn,
  );
}
