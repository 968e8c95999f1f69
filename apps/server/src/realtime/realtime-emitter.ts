/** What services use to push events to dashboards; the socket gateway implements it. */
export interface RealtimeEmitter {
  emitToRoom(room: string, event: string, payload: unknown): void;
}

/** For processes that run without the realtime role: events are dropped, by design. */
export const silentEmitter: RealtimeEmitter = { emitToRoom: () => undefined };
