import type { Database } from '@bhasha/db';
import { listenToChannel, type ChannelListener } from '../../lib/channel-listener';
import { notifyChannel } from './memory-notifications.repository';

/**
 * The channel a bulk write to an organisation's memory (a TMX import's batch) notifies once the
 * batch is committed, with `organisationId:sourceLang` as payload: web processes holding that
 * memory's fuzzy index in use catch it up at once instead of at their next background tick
 * (ADR 0019). Only a hint: a missed notification costs time, never rows, since every
 * catch-up reads from its own watermark and the tick stays as the safety net.
 */
export const MEMORY_CHANNEL = 'bhasha_memory';

/** The payload's suffix when the writer has stored its last rows (the import's batches are all committed). */
const LAST = ':last';

/**
 * Sends the memory's notification (after the rows are committed, so a woken reader sees them);
 * `last` once the writer is done, so readers catch up at once rather than after their wait.
 */
export function createMemoryChangeAnnouncer(db: Database) {
  return async (organisationId: string, sourceLang: string, last = false): Promise<void> => {
    const payload = `${organisationId}:${sourceLang}${last ? LAST : ''}`;
    await notifyChannel(db, MEMORY_CHANNEL, payload);
  };
}

export type MemoryChangeAnnouncer = ReturnType<typeof createMemoryChangeAnnouncer>;

/**
 * Calls `onChange(organisationId, sourceLang, last)` for each notification, and `onChange()` with
 * no memory ("any may have changed") when notifications may have been missed (a reconnection).
 */
export function listenForMemoryChanges(
  db: Database,
  onChange: (organisationId?: string, sourceLang?: string, last?: boolean) => void,
  warn?: (message: string) => void,
): ChannelListener {
  return listenToChannel(
    db,
    MEMORY_CHANNEL,
    (payload) => {
      if (payload === undefined) return onChange();
      // An organisation id is a uuid and a language tag has no colon: `id:tag` or `id:tag:last`.
      const last = payload.endsWith(LAST);
      const memory = last ? payload.slice(0, -LAST.length) : payload;
      const at = memory.indexOf(':');
      if (at > 0) onChange(memory.slice(0, at), memory.slice(at + 1), last);
    },
    warn,
  );
}
