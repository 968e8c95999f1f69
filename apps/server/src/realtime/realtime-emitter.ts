/** What services use to push events to dashboards and end sockets; the socket gateway implements it. */
export interface RealtimeEmitter {
  emitToRoom(room: string, event: string, payload: unknown): void;
  /**
   * Ends every open socket of a user, on every process (sign-out, deactivation, a new password):
   * a revoked session must stop receiving events at once, not at its next reconnect.
   */
  disconnectUser(userId: string): void;
  /** Takes a user's sockets out of a room, on every process (access to its project withdrawn). */
  leaveRoom(userId: string, room: string): void;
}

/** The server-side room of all a user's sockets; clients cannot join it themselves. */
export function userSocketsRoomOf(userId: string): string {
  return `user-sockets:${userId}`;
}

/** For processes that run without the realtime role: events are dropped, by design. */
export const silentEmitter: RealtimeEmitter = {
  emitToRoom: () => undefined,
  disconnectUser: () => undefined,
  leaveRoom: () => undefined,
};
