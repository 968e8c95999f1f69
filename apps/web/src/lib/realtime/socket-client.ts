import { SOCKET_PATH, SOCKET_RECONNECTION, SOCKET_TRANSPORTS } from '@bhasha/contract';
import { io, type Socket } from 'socket.io-client';

/**
 * Opens the realtime connection of spec §7/§9 at the page origin (Vite proxies `/socket.io` to
 * the local server in development): websocket transport, reconnection on, token in the handshake.
 */
export function connectSocket(token: string): Socket {
  return io({
    path: SOCKET_PATH,
    transports: [...SOCKET_TRANSPORTS],
    reconnection: SOCKET_RECONNECTION,
    auth: { token },
  });
}
