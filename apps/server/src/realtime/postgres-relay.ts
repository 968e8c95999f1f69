import type pg from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { userSocketsRoomOf, type RealtimeEmitter } from './realtime-emitter';

function reportRelayError(error: Error): void {
  console.warn(`socket.io relay: ${error.message}`);
}

/**
 * With several processes on one PostgreSQL, socket events must reach sockets held by any of
 * them: the realtime servers share rooms through LISTEN/NOTIFY.
 */
export function attachPostgresAdapter(io: Server, pool: pg.Pool): void {
  io.adapter(createAdapter(pool, { errorHandler: reportRelayError }));
}

/**
 * An emitter for processes that hold no sockets (workers): a socket.io server attached to no
 * HTTP server, whose adapter relays every broadcast to the realtime servers through PostgreSQL.
 */
export function createPostgresEmitter(pool: pg.Pool): RealtimeEmitter & { close(): Promise<void> } {
  const io = new Server();
  attachPostgresAdapter(io, pool);
  return {
    emitToRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    // The adapter carries both to the processes that hold the sockets.
    disconnectUser(userId) {
      io.in(userSocketsRoomOf(userId)).disconnectSockets(true);
    },
    leaveRoom(userId, room) {
      io.in(userSocketsRoomOf(userId)).socketsLeave(room);
    },
    // No engine to close (nothing listens): only the adapter's LISTEN connection.
    close: async () => {
      await io.of('/').adapter.close();
    },
  };
}
