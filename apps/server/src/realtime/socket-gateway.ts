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
import { userSocketsRoomOf, type RealtimeEmitter } from './realtime-emitter';

interface SocketData {
  principal: Principal;
  /** Kept to check the session again on every room.join (it may have been revoked since). */
  token: string;
}

/** Answers whether a principal may see a project (its organisation's, or assigned to it). */
export type ProjectVisibility = (principal: Principal, projectId: string) => Promise<boolean>;

const PROJECT_ROOM = /^project:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Rooms a principal may join: its own notification room, and the rooms of projects it may see. */
async function canJoin(
  principal: Principal,
  roomId: string,
  canSeeProject?: ProjectVisibility,
): Promise<boolean> {
  if (roomId === notificationRoomOf(principal.id)) return true;
  const projectId = PROJECT_ROOM.exec(roomId)?.[1];
  if (projectId === undefined || canSeeProject === undefined) return false;
  return canSeeProject(principal, projectId).catch(() => false);
}

/**
 * The socket.io gateway: authenticates the token on connect (handshake `auth.token` or the
 * authorization header), puts every socket in its user's room and lets it join only rooms it owns.
 */
export function createSocketGateway(
  httpServer: HttpServer,
  sessions: SessionService,
  corsOrigins: string[],
  canSeeProject?: ProjectVisibility,
) {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    httpServer,
    {
      path: SOCKET_PATH,
      transports: ['websocket'],
      pingInterval: SOCKET_PING_INTERVAL_MS,
      serveClient: false,
      cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
    },
  );

  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const token = typeof fromAuth === 'string' ? fromAuth : readToken(socket.handshake.headers.authorization);
    const timezone = (socket.handshake.auth as { timezone?: unknown }).timezone;
    if (!token) return next(new Error('Please sign in to continue'));
    sessions
      .authenticate(token, typeof timezone === 'string' ? timezone : undefined)
      .then((principal) => {
        socket.data.principal = principal;
        socket.data.token = token;
        next();
      })
      .catch((error: unknown) =>
        next(new Error(error instanceof AppError ? error.message : 'Authentication failed')),
      );
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    // Every socket of a user shares a server-side room, so a revoked session is cut everywhere.
    void socket.join(userSocketsRoomOf(data.principal.id));
    socket.on(CLIENT_EVENTS.joinRoom, async (payload: unknown, ack?: (answer: JoinRoomAck) => void) => {
      const parsed = joinRoomSchema.safeParse(payload);
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!parsed.success) return reply({ success: false, message: 'roomId is required' });
      // Rights as they are now, not as they were at connect: the session may have been revoked,
      // the user deactivated or its role or projects changed.
      const principal = await sessions.authenticate(data.token, undefined, { fresh: true }).catch(() => null);
      if (!principal) {
        reply({ success: false, message: 'Please sign in to continue' });
        socket.disconnect(true);
        return;
      }
      data.principal = principal;
      if (!(await canJoin(principal, parsed.data.roomId, canSeeProject)))
        return reply({ success: false, message: 'You may not join this room' });
      await socket.join(parsed.data.roomId);
      reply({ success: true, message: 'Joined' });
    });
  });

  const emitter: RealtimeEmitter = {
    emitToRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    // With the postgres adapter attached these reach the sockets of every process.
    disconnectUser(userId) {
      io.in(userSocketsRoomOf(userId)).disconnectSockets(true);
    },
    leaveRoom(userId, room) {
      io.in(userSocketsRoomOf(userId)).socketsLeave(room);
    },
  };

  return { io, emitter, close: () => io.close() };
}
