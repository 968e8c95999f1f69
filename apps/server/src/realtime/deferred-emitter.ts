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
  let pending: Array<(target: RealtimeEmitter) => void> = [];
  return {
    emitToRoom(room, event, payload) {
      pending.push((target) => target.emitToRoom(room, event, payload));
    },
    disconnectUser(userId) {
      pending.push((target) => target.disconnectUser(userId));
    },
    leaveRoom(userId, room) {
      pending.push((target) => target.leaveRoom(userId, room));
    },
    flushTo(target) {
      const actions = pending;
      pending = [];
      for (const action of actions) action(target);
    },
  };
}
