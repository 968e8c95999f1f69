import type { RealtimeEmitter } from './realtime-emitter';

export interface DeferredEmitter extends RealtimeEmitter {
  /** Sends every collected event to `target`, in order, and forgets them. */
  flushTo(target: RealtimeEmitter): void;
}

/**
 * Collects events raised inside a database transaction so they are sent only after it commits:
 * an event sent before the commit would show open editors rows that a rollback then removes.
 * The caller flushes after the transaction resolves and simply drops the emitter when it throws.
 */
export function createDeferredEmitter(): DeferredEmitter {
  let pending: Array<{ room: string; event: string; payload: unknown }> = [];
  return {
    emitToRoom(room, event, payload) {
      pending.push({ room, event, payload });
    },
    flushTo(target) {
      const events = pending;
      pending = [];
      for (const { room, event, payload } of events) target.emitToRoom(room, event, payload);
    },
  };
}
