import type { DbHandle } from '@bhasha/db';
import { listenToChannel, type ChannelListener } from '../../lib/channel-listener';

/**
 * The channel migration 0017's triggers notify, with the project id as payload, whenever
 * translations, URL slugs, delivery settings, domains or a project's delivery columns change
 * (in any process: editor, machine translation workers, TMX imports, another web server).
 */
export const DELIVERY_CHANNEL = 'bhasha_delivery';

export type DeliveryChangeListener = ChannelListener;

/**
 * Calls `onChange(projectId)` for every delivery change committed to the database, and
 * `onChange(undefined)` ("anything may have changed") whenever notifications may have been missed
 * (lib/channel-listener.ts: a dedicated LISTEN connection on PostgreSQL, reopened when it fails;
 * PGlite's in-process listen). The caller keeps its periodic re-check as the safety net.
 */
export function listenForDeliveryChanges(
  handle: DbHandle,
  onChange: (projectId: string | undefined) => void,
  warn?: (message: string) => void,
): DeliveryChangeListener {
  return listenToChannel(handle.db, DELIVERY_CHANNEL, onChange, warn);
}
