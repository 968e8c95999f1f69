import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  CLIENT_EVENTS,
  joinRoomSchema,
  notificationRoomOf,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  type JoinRoomAck,
} from '@bhasha/contract';
import type { Principal } from '../http/access';
import { AppError } from '../lib/app-error';
import type { SessionService } from '../modules/auth/session.service';
import { readToken } from '../modules/auth/session.service';
import type { RealtimeEmitter } from './realtime-emitter';

interface SocketData {
  principal: Principal;
}

/** Rooms a principal may join: for now only its own notification room. */
function canJoin(principal: Principal, roomId: string): boolean {
  return roomId === notificationRoomOf(principal.id);
}

/**
 * The socket.io gateway: authenticates the token on connect (handshake `auth.token` or the
 * authorization header), puts every socket in its user's room and lets it join only rooms it owns.
 */
export function createSocketGateway(httpServer: HttpServer, sessions: SessionService, corsOrigins: string[]) {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    pingInterval: SOCKET_PING_INTERVAL_MS,
    serveClient: false,
    cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
  });

  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const token = typeof fromAuth === 'string' ? fromAuth : readToken(socket.handshake.headers.authorization);
    const timezone = (socket.handshake.auth as { timezone?: unknown }).timezone;
    if (!token) return next(new Error('Please sign in to continue'));
    sessions
      .authenticate(token, typeof timezone === 'string' ? timezone : undefined)
      .then((principal) => {
        socket.data.principal = principal;
        next();
      })
      .catch((error: unknown) => next(new Error(error instanceof AppError ? error.message : 'Authentication failed')));
  });

  io.on('connection', (socket: Socket) => {
    const { principal } = socket.data as SocketData;
    socket.on(CLIENT_EVENTS.joinRoom, async (payload: unknown, ack?: (answer: JoinRoomAck) => void) => {
      const parsed = joinRoomSchema.safeParse(payload);
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!parsed.success) return reply({ success: false, message: 'roomId is required' });
      if (!canJoin(principal, parsed.data.roomId)) return reply({ success: false, message: 'You may not join this room' });
      await socket.join(parsed.data.roomId);
      reply({ success: true, message: 'Joined' });
    });
  });

  const emitter: RealtimeEmitter = {
    emitToRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
  };

  return { io, emitter, close: () => io.close() };
}
